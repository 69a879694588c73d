import type { CityContent } from '../city-content.types';
import { FIELD_ADVISOR } from './field-advisor';

export const ancaster: CityContent = {
  slug: 'ancaster',
  name: 'Ancaster',
  meta: {
    title: {
      en: 'Mosquito & Tick Control in Ancaster, ON',
      fr: 'Contrôle des moustiques et des tiques à Ancaster (Ontario)',
      es: 'Control de mosquitos y garrapatas en Ancaster, Ontario',
      de: 'Mücken- und Zeckenbekämpfung in Ancaster, Ontario',
    },
    description: {
      en: 'Mosquito and tick control for Ancaster homes, from the Meadowlands to the Old Mill and the edge of the Dundas Valley. Friday service, eco-friendly treatments.',
      fr: 'Contrôle des moustiques et des tiques pour les maisons d’Ancaster, des Meadowlands à l’Old Mill et en bordure de la vallée de Dundas. Service le vendredi, traitements écologiques.',
      es: 'Control de mosquitos y garrapatas para casas de Ancaster, desde Meadowlands hasta el Old Mill y el borde del valle de Dundas. Servicio los viernes, tratamientos ecológicos.',
      de: 'Mücken- und Zeckenbekämpfung für Häuser in Ancaster, von den Meadowlands bis zur Old Mill und zum Rand des Dundas Valley. Service am Freitag, umweltschonende Behandlungen.',
    },
  },
  hero: {
    title: {
      en: 'Mosquito & Tick Control in Ancaster',
      fr: 'Contrôle des moustiques et des tiques à Ancaster',
      es: 'Control de mosquitos y garrapatas en Ancaster',
      de: 'Mücken- und Zeckenbekämpfung in Ancaster',
    },
    subtitle: {
      en: 'Big lots, old trees and the Dundas Valley next door: we keep Ancaster backyards comfortable from May to October.',
      fr: 'Grands terrains, vieux arbres et la vallée de Dundas juste à côté : nous gardons les cours d’Ancaster agréables de mai à octobre.',
      es: 'Terrenos grandes, árboles viejos y el valle de Dundas al lado: mantenemos agradables los patios de Ancaster de mayo a octubre.',
      de: 'Große Grundstücke, alte Bäume und das Dundas Valley nebenan: Wir halten Gärten in Ancaster von Mai bis Oktober angenehm.',
    },
  },
  intro: [
    {
      en: 'Ancaster’s wooded lots and its ravines along Ancaster Creek and Sulphur Creek give mosquitoes shade and moisture all summer, and the conservation lands of the Dundas Valley bring ticks right up to the back fence.',
      fr: 'Les terrains boisés d’Ancaster et ses ravins le long des ruisseaux Ancaster et Sulphur offrent ombre et humidité aux moustiques tout l’été, et les terres protégées de la vallée de Dundas amènent les tiques jusqu’à la clôture arrière.',
      es: 'Los terrenos arbolados de Ancaster y sus barrancos junto a los arroyos Ancaster y Sulphur dan sombra y humedad a los mosquitos todo el verano, y las áreas protegidas del valle de Dundas traen las garrapatas hasta la cerca del fondo.',
      de: 'Ancasters bewaldete Grundstücke und die Schluchten entlang des Ancaster Creek und des Sulphur Creek bieten Mücken den ganzen Sommer Schatten und Feuchtigkeit, und die Schutzgebiete des Dundas Valley bringen Zecken bis an den Gartenzaun.',
    },
    {
      en: 'Because many Ancaster properties are larger than a city lot, we size each treatment to your yard and focus on the tree line, the hedges and the spots where water collects after a storm.',
      fr: 'Comme bien des propriétés d’Ancaster sont plus grandes qu’un terrain en ville, nous adaptons chaque traitement à votre terrain en ciblant la lisière d’arbres, les haies et les endroits où l’eau s’accumule après un orage.',
      es: 'Como muchas propiedades de Ancaster son más grandes que un terreno de ciudad, ajustamos cada tratamiento a su patio y nos centramos en la hilera de árboles, los setos y los lugares donde se acumula agua después de una tormenta.',
      de: 'Da viele Grundstücke in Ancaster größer sind als ein Stadtgrundstück, passen wir jede Behandlung an Ihren Garten an und konzentrieren uns auf Baumreihe, Hecken und Stellen, an denen sich nach einem Gewitter Wasser sammelt.',
    },
  ],
  neighbourhoods: [
    {
      name: 'Meadowlands',
      note: {
        en: 'Newer homes with stormwater ponds nearby: a steady source of mosquitoes after every heavy rain.',
        fr: 'Des maisons récentes près de bassins de rétention : une source constante de moustiques après chaque forte pluie.',
        es: 'Casas más nuevas con estanques de aguas pluviales cerca: una fuente constante de mosquitos después de cada aguacero.',
        de: 'Neuere Häuser mit Regenrückhaltebecken in der Nähe: nach jedem Starkregen eine stetige Mückenquelle.',
      },
    },
    {
      name: {
        en: 'Wilson Street village',
        fr: 'Village de Wilson Street',
        es: 'Pueblo de Wilson Street',
        de: 'Dorfkern an der Wilson Street',
      },
      note: {
        en: 'Historic homes and mature gardens in the old village core, with deep shade that mosquitoes love.',
        fr: 'Maisons historiques et jardins matures dans le vieux village, avec une ombre profonde que les moustiques adorent.',
        es: 'Casas históricas y jardines maduros en el casco antiguo del pueblo, con una sombra profunda que encanta a los mosquitos.',
        de: 'Historische Häuser und alte Gärten im Dorfkern mit tiefem Schatten, den Mücken lieben.',
      },
    },
    {
      name: 'Old Mill & Old Dundas Road',
      note: {
        en: 'Ravine lots along Ancaster Creek where both mosquitoes and ticks come up from the valley.',
        fr: 'Terrains en bordure du ravin du ruisseau Ancaster, où moustiques et tiques remontent de la vallée.',
        es: 'Terrenos junto al barranco del arroyo Ancaster, por donde suben del valle tanto mosquitos como garrapatas.',
        de: 'Grundstücke an der Schlucht des Ancaster Creek, wo Mücken und Zecken aus dem Tal heraufkommen.',
      },
    },
    {
      name: 'Fiddler’s Green',
      note: {
        en: 'Larger lots near farm fields and woodlots, where tick control matters as much as mosquitoes.',
        fr: 'Grands terrains près des champs et des boisés, où le contrôle des tiques compte autant que celui des moustiques.',
        es: 'Terrenos amplios cerca de campos y bosquetes, donde controlar las garrapatas importa tanto como los mosquitos.',
        de: 'Größere Grundstücke an Feldern und Wäldchen, wo Zeckenbekämpfung genauso wichtig ist wie Mückenbekämpfung.',
      },
    },
  ],
  landmarks: [
    {
      name: 'Ancaster Old Mill',
      note: {
        en: 'The mill and its waterfall on Ancaster Creek: moving water is fine, but the quiet pools below it are not.',
        fr: 'Le moulin et sa chute sur le ruisseau Ancaster : l’eau vive ne pose pas problème, mais les bassins calmes en contrebas, si.',
        es: 'El molino y su cascada en el arroyo Ancaster: el agua que corre no es problema, pero las pozas tranquilas de abajo sí.',
        de: 'Die Mühle mit ihrem Wasserfall am Ancaster Creek: Fließendes Wasser ist harmlos, die ruhigen Becken darunter nicht.',
      },
    },
    {
      name: 'Tiffany Falls',
      note: {
        en: 'A shaded escarpment gorge off Wilson Street East where rock pools hold water well into summer.',
        fr: 'Une gorge ombragée de l’escarpement près de Wilson Street East, dont les cuvettes rocheuses gardent l’eau jusqu’en plein été.',
        es: 'Un desfiladero sombreado de la escarpa junto a Wilson Street East, con pozas en la roca que retienen agua hasta bien entrado el verano.',
        de: 'Eine schattige Schlucht am Escarpment nahe der Wilson Street East, deren Felstümpel bis in den Sommer Wasser halten.',
      },
    },
    {
      name: {
        en: 'Hermitage ruins, Dundas Valley',
        fr: 'Ruines de l’Hermitage, vallée de Dundas',
        es: 'Ruinas del Hermitage, valle de Dundas',
        de: 'Hermitage-Ruine im Dundas Valley',
      },
      note: {
        en: 'The trails around the ruins are classic blacklegged tick country; check pets after every walk.',
        fr: 'Les sentiers autour des ruines sont un territoire typique de la tique à pattes noires ; vérifiez vos animaux après chaque promenade.',
        es: 'Los senderos alrededor de las ruinas son territorio típico de la garrapata de patas negras; revise a sus mascotas después de cada paseo.',
        de: 'Die Wege rund um die Ruinen sind typisches Hirschzeckengebiet – suchen Sie Ihre Haustiere nach jedem Spaziergang ab.',
      },
    },
  ],
  testimonial: {
    quote: {
      en: 'Our lot backs onto the woods off Old Dundas Road and the kids could not play outside after supper. With the seasonal plan the mosquitoes are mostly gone, and we have not found a tick on the dog since June.',
      fr: 'Notre terrain donne sur le boisé près d’Old Dundas Road et les enfants ne pouvaient plus jouer dehors après le souper. Avec le forfait saisonnier, les moustiques ont presque disparu, et on n’a plus trouvé une seule tique sur le chien depuis juin.',
      es: 'Nuestro terreno da al bosque junto a Old Dundas Road y los niños no podían jugar afuera después de cenar. Con el plan de temporada casi no quedan mosquitos, y desde junio no le hemos encontrado ni una garrapata al perro.',
      de: 'Unser Grundstück grenzt an den Wald an der Old Dundas Road, und die Kinder konnten nach dem Abendessen nicht mehr draußen spielen. Mit dem Saisonplan sind die Mücken fast verschwunden, und seit Juni haben wir keine einzige Zecke mehr am Hund gefunden.',
    },
    author: {
      en: 'Mark and Julie T.',
      fr: 'Mark et Julie T.',
      es: 'Mark y Julie T.',
      de: 'Mark und Julie T.',
    },
    place: 'Old Mill',
  },
  faqs: [
    {
      question: {
        en: 'My Ancaster lot is over half an acre. Can you treat it?',
        fr: 'Mon terrain à Ancaster fait plus d’un demi-acre. Pouvez-vous le traiter ?',
        es: 'Mi terreno en Ancaster tiene más de medio acre. ¿Pueden tratarlo?',
        de: 'Mein Grundstück in Ancaster ist größer als ein halber Acre. Können Sie es behandeln?',
      },
      answer: {
        en: 'Yes. Choose your lot size in the quote calculator and the price adjusts automatically; for acreages over two acres we prepare a custom quote after a quick look at the property.',
        fr: 'Oui. Choisissez la taille de votre terrain dans le calculateur de soumission et le prix s’ajuste automatiquement ; pour plus de deux acres, nous préparons une soumission sur mesure après un bref coup d’œil à la propriété.',
        es: 'Sí. Elija el tamaño de su terreno en la calculadora de presupuesto y el precio se ajusta solo; para más de dos acres preparamos un presupuesto a medida después de ver rápidamente la propiedad.',
        de: 'Ja. Wählen Sie im Angebotsrechner Ihre Grundstücksgröße, und der Preis passt sich automatisch an; ab zwei Acres erstellen wir nach einer kurzen Besichtigung ein individuelles Angebot.',
      },
    },
    {
      question: {
        en: 'Are ticks really a problem in Ancaster?',
        fr: 'Les tiques sont-elles vraiment un problème à Ancaster ?',
        es: '¿De verdad las garrapatas son un problema en Ancaster?',
        de: 'Sind Zecken in Ancaster wirklich ein Problem?',
      },
      answer: {
        en: 'Blacklegged ticks, which can carry Lyme disease, are established in the Hamilton area and are often found along the Dundas Valley trails. Yards bordering woods or tall grass benefit from tick control alongside mosquito treatment.',
        fr: 'La tique à pattes noires, qui peut transmettre la maladie de Lyme, est établie dans la région de Hamilton et se trouve souvent le long des sentiers de la vallée de Dundas. Les terrains en bordure de boisés ou d’herbes hautes gagnent à combiner contrôle des tiques et traitement antimoustiques.',
        es: 'La garrapata de patas negras, que puede transmitir la enfermedad de Lyme, está establecida en la zona de Hamilton y suele encontrarse en los senderos del valle de Dundas. Los patios que lindan con bosque o pasto alto se benefician de combinar el control de garrapatas con el de mosquitos.',
        de: 'Die Hirschzecke, die Borreliose übertragen kann, ist im Raum Hamilton heimisch und wird häufig an den Wegen im Dundas Valley gefunden. Gärten am Wald oder an hohem Gras profitieren von Zeckenbekämpfung zusätzlich zur Mückenbehandlung.',
      },
    },
    {
      question: {
        en: 'Do you treat around stormwater ponds in the Meadowlands?',
        fr: 'Traitez-vous près des bassins de rétention des Meadowlands ?',
        es: '¿Tratan cerca de los estanques pluviales de Meadowlands?',
        de: 'Behandeln Sie in der Nähe der Regenrückhaltebecken in den Meadowlands?',
      },
      answer: {
        en: 'We treat your property only; the city’s ponds are public land. We build a stronger barrier along the side of your yard facing the pond, which is where most mosquitoes arrive from.',
        fr: 'Nous traitons uniquement votre propriété ; les bassins de la ville sont des terrains publics. Nous renforçons la barrière du côté de votre cour qui fait face au bassin, d’où arrivent la plupart des moustiques.',
        es: 'Solo tratamos su propiedad; los estanques de la ciudad son terreno público. Reforzamos la barrera en el lado de su patio que da al estanque, que es por donde llegan la mayoría de los mosquitos.',
        de: 'Wir behandeln nur Ihr Grundstück; die städtischen Becken sind öffentlicher Grund. Auf der dem Becken zugewandten Gartenseite, von der die meisten Mücken kommen, legen wir eine verstärkte Barriere an.',
      },
    },
  ],
  results: [
    {
      place: 'Meadowlands',
      situation: {
        en: 'Backyard facing a stormwater pond, young trees and a large deck.',
        fr: 'Cour face à un bassin de rétention, jeunes arbres et grande terrasse.',
        es: 'Patio frente a un estanque pluvial, árboles jóvenes y una terraza grande.',
        de: 'Garten gegenüber einem Regenrückhaltebecken, junge Bäume und große Terrasse.',
      },
      treatment: {
        en: 'Reinforced barrier on the pond side, larvicide in a low spot by the fence.',
        fr: 'Barrière renforcée du côté du bassin, larvicide dans un creux près de la clôture.',
        es: 'Barrera reforzada del lado del estanque y larvicida en una zona baja junto a la cerca.',
        de: 'Verstärkte Barriere zur Beckenseite, Larvizid in einer Senke am Zaun.',
      },
      landingsBefore: 29,
      landingsAfter: 3,
    },
    {
      place: 'Old Dundas Road',
      situation: {
        en: 'Three-quarter-acre ravine lot with leaf litter and a woodpile.',
        fr: 'Terrain de trois quarts d’acre en bordure de ravin, avec litière de feuilles et tas de bois.',
        es: 'Terreno de tres cuartos de acre junto al barranco, con hojarasca y una pila de leña.',
        de: 'Dreiviertel-Acre-Grundstück an der Schlucht mit Laubstreu und Holzstapel.',
      },
      treatment: {
        en: 'Seasonal plan with tick add-on, woodpile moved away from the play area.',
        fr: 'Forfait saisonnier avec option tiques, tas de bois éloigné de l’aire de jeu.',
        es: 'Plan de temporada con complemento contra garrapatas y leña alejada de la zona de juegos.',
        de: 'Saisonplan mit Zecken-Zusatz, Holzstapel vom Spielbereich weg verlegt.',
      },
      landingsBefore: 38,
      landingsAfter: 4,
    },
    {
      place: 'Wilson Street',
      situation: {
        en: 'Heritage garden with a fountain, urns and a thick boxwood border.',
        fr: 'Jardin patrimonial avec fontaine, urnes et épaisse bordure de buis.',
        es: 'Jardín histórico con fuente, jarrones y un borde tupido de boj.',
        de: 'Historischer Garten mit Brunnen, Pflanzurnen und dichter Buchsbaumeinfassung.',
      },
      treatment: {
        en: 'Foliage treatment, drainage holes drilled in two urns, fountain kept running.',
        fr: 'Traitement du feuillage, trous de drainage percés dans deux urnes, fontaine maintenue en marche.',
        es: 'Tratamiento del follaje, orificios de drenaje en dos jarrones y la fuente siempre en marcha.',
        de: 'Laubbehandlung, Abflusslöcher in zwei Urnen gebohrt, Brunnen läuft durchgehend.',
      },
      landingsBefore: 19,
      landingsAfter: 2,
    },
  ],
  expert: {
    quote: {
      en: 'Ancaster yards often have two problems at once: mosquitoes resting in the tree line and ticks waiting in the leaf litter below it. Treating the woodland edge handles both.',
      fr: 'Les cours d’Ancaster ont souvent deux problèmes à la fois : des moustiques au repos dans la lisière d’arbres et des tiques à l’affût dans la litière de feuilles juste en dessous. Traiter l’orée du bois règle les deux.',
      es: 'Los patios de Ancaster suelen tener dos problemas a la vez: mosquitos descansando en la hilera de árboles y garrapatas esperando en la hojarasca debajo. Tratar el borde del bosque resuelve ambos.',
      de: 'Gärten in Ancaster haben oft zwei Probleme gleichzeitig: Mücken, die in der Baumreihe ruhen, und Zecken, die darunter im Laub lauern. Wer den Waldrand behandelt, löst beides.',
    },
    ...FIELD_ADVISOR,
  },
  speciesNote: {
    en: 'In Ancaster the Asian rock pool mosquito breeds in escarpment rock pools and garden containers and bites in daylight, while the woods keep tick numbers high.',
    fr: 'À Ancaster, le moustique japonais se reproduit dans les cuvettes rocheuses de l’escarpement et les contenants de jardin et pique en plein jour, tandis que les boisés maintiennent beaucoup de tiques.',
    es: 'En Ancaster, el mosquito asiático de pozas rocosas se cría en las pozas de la escarpa y en recipientes de jardín y pica de día, mientras que los bosques mantienen muchas garrapatas.',
    de: 'In Ancaster brütet die Asiatische Buschmücke in Felstümpeln am Escarpment und in Gartengefäßen und sticht tagsüber, während die Wälder für viele Zecken sorgen.',
  },
  serviceArea: {
    text: {
      en: 'We serve all of Ancaster, from the village on Wilson Street and the Meadowlands to Fiddler’s Green and the rural roads toward Jerseyville.',
      fr: 'Nous desservons tout Ancaster, du village de Wilson Street et des Meadowlands jusqu’à Fiddler’s Green et aux routes rurales vers Jerseyville.',
      es: 'Atendemos todo Ancaster, desde el pueblo de Wilson Street y Meadowlands hasta Fiddler’s Green y los caminos rurales hacia Jerseyville.',
      de: 'Wir sind in ganz Ancaster im Einsatz – vom Dorfkern an der Wilson Street und den Meadowlands bis Fiddler’s Green und die Landstraßen Richtung Jerseyville.',
    },
    nearby: ['hamilton', 'dundas'],
  },
};
