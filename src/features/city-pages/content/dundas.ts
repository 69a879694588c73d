import type { CityContent } from '../city-content.types';
import { FIELD_ADVISOR } from './field-advisor';

export const dundas: CityContent = {
  slug: 'dundas',
  name: 'Dundas',
  meta: {
    title: {
      en: 'Mosquito & Tick Control in Dundas, ON',
      fr: 'Contrôle des moustiques et des tiques à Dundas (Ontario)',
      es: 'Control de mosquitos y garrapatas en Dundas, Ontario',
      de: 'Mücken- und Zeckenbekämpfung in Dundas, Ontario',
    },
    description: {
      en: 'Mosquito and tick control for Dundas homes in the valley, from King Street West to the foot of the escarpment near Spencer Gorge. Friday service.',
      fr: 'Contrôle des moustiques et des tiques pour les maisons de Dundas, de King Street West jusqu’au pied de l’escarpement près de Spencer Gorge. Service le vendredi.',
      es: 'Control de mosquitos y garrapatas para casas de Dundas, desde King Street West hasta el pie de la escarpa cerca de Spencer Gorge. Servicio los viernes.',
      de: 'Mücken- und Zeckenbekämpfung für Häuser in Dundas, von der King Street West bis zum Fuß des Escarpments bei der Spencer Gorge. Service am Freitag.',
    },
  },
  hero: {
    title: {
      en: 'Mosquito & Tick Control in Dundas',
      fr: 'Contrôle des moustiques et des tiques à Dundas',
      es: 'Control de mosquitos y garrapatas en Dundas',
      de: 'Mücken- und Zeckenbekämpfung in Dundas',
    },
    subtitle: {
      en: 'The valley town is beautiful, green and damp. We make sure the mosquitoes and ticks stay in the conservation area, not on your deck.',
      fr: 'La ville de la vallée est belle, verte et humide. Nous veillons à ce que moustiques et tiques restent dans l’aire de conservation, pas sur votre terrasse.',
      es: 'El pueblo del valle es precioso, verde y húmedo. Nos aseguramos de que mosquitos y garrapatas se queden en el área protegida y no en su terraza.',
      de: 'Die Stadt im Tal ist schön, grün und feucht. Wir sorgen dafür, dass Mücken und Zecken im Naturschutzgebiet bleiben – und nicht auf Ihrer Terrasse.',
    },
  },
  intro: [
    {
      en: 'Dundas sits at the bottom of a bowl formed by the escarpment, with Spencer Creek running through town to Cootes Paradise. Cool air and moisture settle in the valley on summer evenings, which is exactly when mosquitoes come out.',
      fr: 'Dundas se trouve au fond d’une cuvette formée par l’escarpement, et le ruisseau Spencer traverse la ville jusqu’à Cootes Paradise. L’air frais et l’humidité s’installent dans la vallée les soirs d’été, justement quand les moustiques sortent.',
      es: 'Dundas está en el fondo de una hondonada formada por la escarpa, y el arroyo Spencer atraviesa el pueblo hasta Cootes Paradise. El aire fresco y la humedad se asientan en el valle las tardes de verano, justo cuando salen los mosquitos.',
      de: 'Dundas liegt am Boden eines Kessels, den das Escarpment bildet, und der Spencer Creek fließt mitten durch die Stadt bis nach Cootes Paradise. An Sommerabenden sammeln sich kühle Luft und Feuchtigkeit im Tal – genau dann, wenn die Mücken ausschwärmen.',
    },
    {
      en: 'With the Dundas Valley Conservation Area on one side and Spencer Gorge on the other, many Dundas yards border forest. That makes tick control as important here as mosquito control.',
      fr: 'Avec l’aire de conservation de la vallée de Dundas d’un côté et Spencer Gorge de l’autre, bien des cours de Dundas bordent la forêt. Le contrôle des tiques y est donc aussi important que celui des moustiques.',
      es: 'Con el área protegida del valle de Dundas a un lado y Spencer Gorge al otro, muchos patios de Dundas lindan con el bosque. Por eso aquí controlar las garrapatas es tan importante como los mosquitos.',
      de: 'Mit der Dundas Valley Conservation Area auf der einen und der Spencer Gorge auf der anderen Seite grenzen viele Gärten in Dundas an Wald. Zeckenbekämpfung ist hier daher genauso wichtig wie Mückenbekämpfung.',
    },
  ],
  neighbourhoods: [
    {
      name: {
        en: 'Downtown Dundas',
        fr: 'Centre-ville de Dundas',
        es: 'Centro de Dundas',
        de: 'Innenstadt von Dundas',
      },
      note: {
        en: 'Century homes on and around King Street West with small, shady yards close to Spencer Creek.',
        fr: 'Des maisons centenaires sur King Street West et dans les rues voisines, avec de petites cours ombragées près du ruisseau Spencer.',
        es: 'Casas centenarias en King Street West y alrededores, con patios pequeños y sombreados cerca del arroyo Spencer.',
        de: 'Hundertjährige Häuser an der King Street West und Umgebung mit kleinen, schattigen Gärten nahe dem Spencer Creek.',
      },
    },
    {
      name: 'Governor’s Road',
      note: {
        en: 'Homes on the valley slope backing onto woods that lead into the conservation area.',
        fr: 'Des maisons sur le versant de la vallée, adossées à des bois qui mènent à l’aire de conservation.',
        es: 'Casas en la ladera del valle que dan a bosques que llegan hasta el área protegida.',
        de: 'Häuser am Talhang, die an Wald grenzen, der ins Schutzgebiet übergeht.',
      },
    },
    {
      name: 'Dundas Driving Park',
      note: {
        en: 'Family streets around the park where creek-side trees give mosquitoes plenty of cover.',
        fr: 'Des rues familiales autour du parc, où les arbres en bord de ruisseau offrent beaucoup d’abri aux moustiques.',
        es: 'Calles familiares alrededor del parque, donde los árboles junto al arroyo dan mucho refugio a los mosquitos.',
        de: 'Familienstraßen rund um den Park, wo Bäume am Bach den Mücken reichlich Deckung bieten.',
      },
    },
    {
      name: 'Pleasant Valley',
      note: {
        en: 'Larger lots tucked under the escarpment, where ticks come down from the wooded slope.',
        fr: 'De grands terrains au pied de l’escarpement, où les tiques descendent de la pente boisée.',
        es: 'Terrenos amplios al pie de la escarpa, donde las garrapatas bajan de la ladera boscosa.',
        de: 'Größere Grundstücke unterhalb des Escarpments, wo Zecken vom bewaldeten Hang herunterkommen.',
      },
    },
  ],
  landmarks: [
    {
      name: 'Dundas Valley Conservation Area',
      note: {
        en: 'Forty kilometres of trails through Carolinian forest: beautiful, and prime habitat for blacklegged ticks.',
        fr: 'Quarante kilomètres de sentiers en forêt carolinienne : magnifiques, et un habitat de choix pour la tique à pattes noires.',
        es: 'Cuarenta kilómetros de senderos por bosque caroliniano: precioso, y hábitat ideal de la garrapata de patas negras.',
        de: 'Vierzig Kilometer Wege durch karolinischen Wald: wunderschön – und bester Lebensraum für Hirschzecken.',
      },
    },
    {
      name: 'Spencer Gorge & Webster’s Falls',
      note: {
        en: 'The gorge, Webster’s Falls and Tew’s Falls keep the escarpment above town cool and wet all summer.',
        fr: 'La gorge, les chutes Webster et Tew gardent l’escarpement au-dessus de la ville frais et humide tout l’été.',
        es: 'El desfiladero y las cascadas Webster’s y Tew’s mantienen la escarpa sobre el pueblo fresca y húmeda todo el verano.',
        de: 'Die Schlucht mit den Webster’s Falls und den Tew’s Falls hält das Escarpment über der Stadt den ganzen Sommer kühl und feucht.',
      },
    },
    {
      name: 'Dundas Peak',
      note: {
        en: 'The lookout over the valley; the slopes below it shade the homes along the north side of town.',
        fr: 'Le belvédère sur la vallée ; ses pentes ombragent les maisons du côté nord de la ville.',
        es: 'El mirador sobre el valle; sus laderas dan sombra a las casas del lado norte del pueblo.',
        de: 'Der Aussichtspunkt über dem Tal; seine Hänge beschatten die Häuser auf der Nordseite der Stadt.',
      },
    },
  ],
  testimonial: {
    quote: {
      en: 'Living below the escarpment, we were pulling ticks off the kids after every backyard campout. Two seasons with the tick plan and the mosquito barrier, and the yard finally feels like ours again.',
      fr: 'Au pied de l’escarpement, on retirait des tiques aux enfants après chaque camping dans la cour. Deux saisons avec le forfait tiques et la barrière antimoustiques, et la cour est enfin redevenue la nôtre.',
      es: 'Viviendo al pie de la escarpa, les quitábamos garrapatas a los niños después de cada noche de acampada en el patio. Dos temporadas con el plan contra garrapatas y la barrera antimosquitos, y por fin el patio vuelve a ser nuestro.',
      de: 'Unterhalb des Escarpments haben wir den Kindern nach jedem Zelten im Garten Zecken abgesammelt. Zwei Saisons mit dem Zeckenplan und der Mückenbarriere – jetzt fühlt sich der Garten endlich wieder wie unserer an.',
    },
    author: 'Sarah L.',
    place: 'Pleasant Valley',
  },
  faqs: [
    {
      question: {
        en: 'We live next to the conservation area. Can you keep ticks out of our yard?',
        fr: 'Nous habitons à côté de l’aire de conservation. Pouvez-vous tenir les tiques loin de notre cour ?',
        es: 'Vivimos junto al área protegida. ¿Pueden mantener las garrapatas fuera de nuestro patio?',
        de: 'Wir wohnen direkt am Schutzgebiet. Können Sie Zecken aus unserem Garten fernhalten?',
      },
      answer: {
        en: 'We treat the border where your lawn meets the woods, the leaf litter and the shady edges where ticks wait. Combined with keeping grass short, that sharply reduces the ticks you meet at home.',
        fr: 'Nous traitons la bordure entre votre pelouse et le boisé, la litière de feuilles et les zones ombragées où attendent les tiques. Avec une pelouse tondue court, cela réduit nettement les tiques à la maison.',
        es: 'Tratamos el borde donde el césped se junta con el bosque, la hojarasca y los rincones sombreados donde esperan las garrapatas. Junto con mantener el pasto corto, eso reduce mucho las garrapatas en casa.',
        de: 'Wir behandeln den Übergang zwischen Rasen und Wald, die Laubstreu und die schattigen Ränder, an denen Zecken lauern. Zusammen mit kurz gemähtem Rasen verringert das die Zecken am Haus deutlich.',
      },
    },
    {
      question: {
        en: 'Do you treat near Spencer Creek?',
        fr: 'Traitez-vous près du ruisseau Spencer ?',
        es: '¿Tratan cerca del arroyo Spencer?',
        de: 'Behandeln Sie in der Nähe des Spencer Creek?',
      },
      answer: {
        en: 'We never spray into the creek or other watercourses. We keep a buffer from the bank and treat the vegetation on your side of it.',
        fr: 'Nous ne pulvérisons jamais dans le ruisseau ni dans d’autres cours d’eau. Nous gardons une zone tampon depuis la berge et traitons la végétation de votre côté.',
        es: 'Nunca rociamos dentro del arroyo ni de otros cauces. Dejamos una franja de seguridad desde la orilla y tratamos la vegetación de su lado.',
        de: 'In den Bach oder andere Gewässer sprühen wir nie. Wir halten Abstand zum Ufer und behandeln die Vegetation auf Ihrer Seite.',
      },
    },
    {
      question: {
        en: 'When should Dundas homeowners start treatments?',
        fr: 'Quand les propriétaires de Dundas devraient-ils commencer les traitements ?',
        es: '¿Cuándo conviene empezar los tratamientos en Dundas?',
        de: 'Wann sollten Hausbesitzer in Dundas mit den Behandlungen beginnen?',
      },
      answer: {
        en: 'Late May, before the first big hatch. The valley stays cool in spring, so mosquitoes peak a little later here, but ticks are active as soon as the snow is gone.',
        fr: 'À la fin mai, avant la première grosse éclosion. La vallée reste fraîche au printemps, alors les moustiques culminent un peu plus tard ici, mais les tiques sont actives dès la fonte des neiges.',
        es: 'A finales de mayo, antes de la primera gran eclosión. El valle se mantiene fresco en primavera, así que los mosquitos llegan a su pico un poco más tarde, pero las garrapatas están activas en cuanto se va la nieve.',
        de: 'Ende Mai, vor dem ersten großen Schlupf. Das Tal bleibt im Frühjahr kühl, daher erreichen die Mücken hier etwas später ihren Höhepunkt – Zecken sind aber schon aktiv, sobald der Schnee weg ist.',
      },
    },
  ],
  results: [
    {
      place: 'Governor’s Road',
      situation: {
        en: 'Half-acre lot backing onto forest, with a treehouse and a leaf pile.',
        fr: 'Terrain d’un demi-acre adossé à la forêt, avec cabane dans les arbres et tas de feuilles.',
        es: 'Terreno de medio acre que da al bosque, con casita en el árbol y un montón de hojas.',
        de: 'Halb-Acre-Grundstück am Wald mit Baumhaus und Laubhaufen.',
      },
      treatment: {
        en: 'Woodland-edge barrier, tick treatment in the leaf litter, leaf pile moved off the lawn.',
        fr: 'Barrière en lisière du bois, traitement antitiques dans la litière, tas de feuilles retiré de la pelouse.',
        es: 'Barrera en el borde del bosque, tratamiento contra garrapatas en la hojarasca y hojas retiradas del césped.',
        de: 'Barriere am Waldrand, Zeckenbehandlung in der Laubstreu, Laubhaufen vom Rasen entfernt.',
      },
      landingsBefore: 32,
      landingsAfter: 3,
    },
    {
      place: 'King Street West',
      situation: {
        en: 'Narrow downtown yard with planters, a tarp on the woodpile and a fishpond.',
        fr: 'Cour étroite du centre-ville avec jardinières, bâche sur le bois et bassin à poissons.',
        es: 'Patio estrecho del centro con macetas, una lona sobre la leña y un estanque con peces.',
        de: 'Schmaler Innenstadthof mit Pflanzkübeln, Plane auf dem Holzstapel und Fischteich.',
      },
      treatment: {
        en: 'Tarp re-hung to drain, planters emptied weekly, foliage treated every 21 days.',
        fr: 'Bâche replacée pour s’égoutter, jardinières vidées chaque semaine, feuillage traité aux 21 jours.',
        es: 'Lona recolocada para que escurra, macetas vaciadas cada semana y follaje tratado cada 21 días.',
        de: 'Plane so aufgehängt, dass sie abläuft, Kübel wöchentlich geleert, Laub alle 21 Tage behandelt.',
      },
      landingsBefore: 18,
      landingsAfter: 2,
    },
    {
      place: 'Dundas Driving Park',
      situation: {
        en: 'Corner lot near the creek with a dense cedar hedge and a sandbox.',
        fr: 'Terrain de coin près du ruisseau avec haie de cèdres dense et carré de sable.',
        es: 'Terreno en esquina cerca del arroyo con seto de cedros tupido y arenero.',
        de: 'Eckgrundstück am Bach mit dichter Thujahecke und Sandkasten.',
      },
      treatment: {
        en: 'Hedge barrier inside and out, sandbox cover fixed so it no longer holds water.',
        fr: 'Barrière sur la haie des deux côtés, couvercle du carré de sable réparé pour qu’il ne retienne plus l’eau.',
        es: 'Barrera en el seto por ambos lados y tapa del arenero arreglada para que ya no acumule agua.',
        de: 'Heckenbarriere innen und außen, Sandkastendeckel repariert, damit kein Wasser mehr stehen bleibt.',
      },
      landingsBefore: 25,
      landingsAfter: 2,
    },
  ],
  expert: {
    quote: {
      en: 'Dundas is a valley, and valleys hold still, humid air at dusk. Mosquitoes rest in the shade all day and come out right when families sit down on the patio, so we treat where they rest.',
      fr: 'Dundas est une vallée, et les vallées retiennent un air calme et humide au crépuscule. Les moustiques se reposent à l’ombre toute la journée et sortent pile au moment où les familles s’installent sur la terrasse ; nous traitons donc là où ils se reposent.',
      es: 'Dundas es un valle, y los valles retienen aire quieto y húmedo al atardecer. Los mosquitos descansan a la sombra todo el día y salen justo cuando las familias se sientan en la terraza, así que tratamos donde descansan.',
      de: 'Dundas ist ein Tal, und Täler halten in der Dämmerung stille, feuchte Luft. Mücken ruhen den ganzen Tag im Schatten und kommen genau dann heraus, wenn Familien sich auf die Terrasse setzen – deshalb behandeln wir ihre Ruheplätze.',
    },
    ...FIELD_ADVISOR,
  },
  speciesNote: {
    en: 'The Asian rock pool mosquito breeds in the rock pools of Spencer Gorge and bites during the day in shaded Dundas yards; floodwater mosquitoes follow every heavy rain.',
    fr: 'Le moustique japonais se reproduit dans les cuvettes rocheuses de Spencer Gorge et pique le jour dans les cours ombragées de Dundas ; les moustiques d’inondation suivent chaque forte pluie.',
    es: 'El mosquito asiático de pozas rocosas se cría en las pozas de Spencer Gorge y pica de día en los patios sombreados de Dundas; los mosquitos de inundación llegan después de cada aguacero.',
    de: 'Die Asiatische Buschmücke brütet in den Felstümpeln der Spencer Gorge und sticht tagsüber in schattigen Gärten in Dundas; nach jedem Starkregen folgen die Überschwemmungsmücken.',
  },
  serviceArea: {
    text: {
      en: 'We serve all of Dundas, from downtown and the Driving Park to Governor’s Road, Pleasant Valley and the homes below Dundas Peak.',
      fr: 'Nous desservons tout Dundas, du centre-ville et du Driving Park jusqu’à Governor’s Road, Pleasant Valley et les maisons sous le Dundas Peak.',
      es: 'Atendemos todo Dundas, desde el centro y el Driving Park hasta Governor’s Road, Pleasant Valley y las casas bajo el Dundas Peak.',
      de: 'Wir sind in ganz Dundas im Einsatz – von der Innenstadt und dem Driving Park bis zur Governor’s Road, nach Pleasant Valley und zu den Häusern unterhalb des Dundas Peak.',
    },
    nearby: ['hamilton', 'ancaster'],
  },
};
