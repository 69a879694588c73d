import type { CityContent } from '../city-content.types';
import { FIELD_ADVISOR } from './field-advisor';

export const grimsby: CityContent = {
  slug: 'grimsby',
  name: 'Grimsby',
  meta: {
    title: {
      en: 'Mosquito & Tick Control in Grimsby, ON',
      fr: 'Contrôle des moustiques et des tiques à Grimsby (Ontario)',
      es: 'Control de mosquitos y garrapatas en Grimsby, Ontario',
      de: 'Mücken- und Zeckenbekämpfung in Grimsby, Ontario',
    },
    description: {
      en: 'Friday mosquito and tick treatments for Grimsby, from the waterfront and Grimsby Beach to the escarpment. Eco-friendly, guaranteed results.',
      fr: 'Traitements antimoustiques et antitiques le vendredi à Grimsby, du secteur riverain et de Grimsby Beach jusqu’à l’escarpement. Écologiques, résultats garantis.',
      es: 'Tratamientos contra mosquitos y garrapatas los viernes en Grimsby, desde el paseo del lago y Grimsby Beach hasta la escarpa. Ecológicos, con resultados garantizados.',
      de: 'Mücken- und Zeckenbehandlung freitags in Grimsby, vom Seeufer und Grimsby Beach bis zum Escarpment. Umweltschonend, mit Ergebnisgarantie.',
    },
  },
  hero: {
    title: {
      en: 'Mosquito & Tick Control in Grimsby',
      fr: 'Contrôle des moustiques et des tiques à Grimsby',
      es: 'Control de mosquitos y garrapatas en Grimsby',
      de: 'Mücken- und Zeckenbekämpfung in Grimsby',
    },
    subtitle: {
      en: 'Lake breezes, vineyards and the escarpment: Grimsby summers are made for the outdoors. We keep the mosquitoes out of the picture.',
      fr: 'La brise du lac, les vignobles et l’escarpement : les étés de Grimsby sont faits pour le plein air. Nous chassons les moustiques du décor.',
      es: 'La brisa del lago, los viñedos y la escarpa: los veranos de Grimsby están hechos para el aire libre. Nosotros nos encargamos de los mosquitos.',
      de: 'Seebrise, Weinberge und das Escarpment: Sommer in Grimsby sind wie gemacht fürs Draußensein. Wir sorgen dafür, dass Mücken dabei keine Rolle spielen.',
    },
  },
  intro: [
    {
      en: 'Grimsby is squeezed between Lake Ontario and the escarpment, with Forty Mile Creek running from the hills through downtown to the lake. The creek valley, the orchards and the low ground near the waterfront give mosquitoes plenty of places to breed.',
      fr: 'Grimsby est coincée entre le lac Ontario et l’escarpement, et le ruisseau Forty Mile descend des collines à travers le centre-ville jusqu’au lac. La vallée du ruisseau, les vergers et les terrains bas près de la rive offrent aux moustiques bien des endroits où se reproduire.',
      es: 'Grimsby está encajada entre el lago Ontario y la escarpa, y el arroyo Forty Mile baja de las colinas, cruza el centro y llega al lago. El valle del arroyo, los huertos y los terrenos bajos cerca de la orilla dan a los mosquitos muchísimos criaderos.',
      de: 'Grimsby liegt eingezwängt zwischen Ontariosee und Escarpment, und der Forty Mile Creek fließt von den Hügeln durch die Innenstadt bis zum See. Das Bachtal, die Obstgärten und das tief liegende Land am Ufer bieten Mücken jede Menge Brutplätze.',
    },
    {
      claims: 'town',
      text: {
        en: 'We come to Grimsby every Friday of the season, treating waterfront condos’ shared gardens, the cottages of Grimsby Beach and family homes up the escarpment.',
        fr: 'Nous venons à Grimsby chaque vendredi de la saison pour traiter les jardins communs des condos riverains, les chalets de Grimsby Beach et les maisons familiales sur l’escarpement.',
        es: 'Venimos a Grimsby todos los viernes de la temporada para tratar los jardines comunes de los condominios junto al lago, las casitas de Grimsby Beach y las casas familiares de la escarpa.',
        de: 'Wir kommen in der Saison jeden Freitag nach Grimsby und behandeln die Gemeinschaftsgärten der Eigentumswohnungen am Ufer, die Cottages von Grimsby Beach und Familienhäuser oben am Escarpment.',
      },
    },
  ],
  neighbourhoods: [
    {
      name: 'Grimsby Beach',
      note: {
        en: 'Painted cottages close together near the lake, with shady lanes and little air movement between them.',
        fr: 'Des chalets colorés serrés près du lac, avec des allées ombragées où l’air circule peu.',
        es: 'Casitas pintadas muy juntas cerca del lago, con callejones sombreados y poca circulación de aire.',
        de: 'Dicht stehende, bunt bemalte Cottages am See mit schattigen Gassen und kaum Luftbewegung.',
      },
    },
    {
      name: {
        en: 'Downtown Main Street',
        fr: 'Main Street, au centre-ville',
        es: 'Main Street, en el centro',
        de: 'Main Street in der Innenstadt',
      },
      note: {
        en: 'Older homes near Forty Mile Creek with mature trees and deep backyards.',
        fr: 'De vieilles maisons près du ruisseau Forty Mile, avec des arbres matures et de profondes cours arrière.',
        es: 'Casas antiguas cerca del arroyo Forty Mile, con árboles maduros y patios traseros profundos.',
        de: 'Ältere Häuser am Forty Mile Creek mit altem Baumbestand und tiefen Gärten.',
      },
    },
    {
      name: {
        en: 'Grimsby waterfront',
        fr: 'Bord du lac à Grimsby',
        es: 'Orilla del lago en Grimsby',
        de: 'Seeufer von Grimsby',
      },
      note: {
        en: 'Condos and townhomes along the lake where shared gardens and ponds need a coordinated plan.',
        fr: 'Condos et maisons en rangée au bord du lac, où les jardins et bassins communs demandent un plan concerté.',
        es: 'Condominios y casas adosadas junto al lago, donde los jardines y estanques comunes requieren un plan coordinado.',
        de: 'Eigentumswohnungen und Reihenhäuser am See, deren Gemeinschaftsgärten und Teiche einen abgestimmten Plan brauchen.',
      },
    },
    {
      name: 'Grimsby Mountain',
      note: {
        en: 'Rural lots above the escarpment bordering woodlots, where ticks are common.',
        fr: 'Des terrains ruraux au-dessus de l’escarpement, en bordure de boisés où les tiques sont fréquentes.',
        es: 'Terrenos rurales sobre la escarpa que lindan con bosquetes, donde abundan las garrapatas.',
        de: 'Ländliche Grundstücke oberhalb des Escarpments an Wäldchen, in denen Zecken häufig sind.',
      },
    },
  ],
  landmarks: [
    {
      name: 'Forty Mile Creek',
      note: {
        en: 'The creek and its park run through town; slow pools along the banks breed mosquitoes in dry spells.',
        fr: 'Le ruisseau et son parc traversent la ville ; en période sèche, les bassins calmes le long des berges produisent des moustiques.',
        es: 'El arroyo y su parque atraviesan el pueblo; en épocas secas, las pozas tranquilas de las orillas crían mosquitos.',
        de: 'Der Bach und sein Park ziehen sich durch die Stadt; in Trockenphasen brüten Mücken in den ruhigen Becken am Ufer.',
      },
    },
    {
      name: 'Grimsby Beach',
      note: {
        en: 'The historic campground turned cottage community on the lake, full of gardens and rain barrels.',
        fr: 'L’ancien terrain de camp devenu quartier de chalets au bord du lac, plein de jardins et de barils de pluie.',
        es: 'El antiguo campamento convertido en barrio de casitas junto al lago, lleno de jardines y barriles de lluvia.',
        de: 'Das historische Zeltlager am See, heute eine Cottage-Siedlung voller Gärten und Regentonnen.',
      },
    },
    {
      name: 'Beamer Memorial Conservation Area',
      note: {
        en: 'Escarpment trails and lookouts above town; walkers and dogs bring ticks home from here.',
        fr: 'Sentiers et belvédères sur l’escarpement au-dessus de la ville ; promeneurs et chiens en rapportent des tiques.',
        es: 'Senderos y miradores en la escarpa sobre el pueblo; paseantes y perros se traen garrapatas de aquí.',
        de: 'Wege und Aussichtspunkte am Escarpment über der Stadt; Spaziergänger und Hunde bringen von hier Zecken mit.',
      },
    },
  ],
  testimonial: {
    quote: {
      en: 'Our cottage at Grimsby Beach is tucked between trees and the mosquitoes were brutal every evening. The crew found three things holding water we had never noticed, and now we sit out to watch the sunset over the lake.',
      fr: 'Notre chalet à Grimsby Beach est niché entre les arbres et les moustiques étaient terribles tous les soirs. L’équipe a trouvé trois objets qui retenaient l’eau sans qu’on s’en rende compte, et maintenant on s’assoit dehors pour regarder le coucher de soleil sur le lac.',
      es: 'Nuestra casita en Grimsby Beach está escondida entre árboles y los mosquitos eran terribles todas las tardes. El equipo encontró tres cosas que acumulaban agua y que nunca habíamos notado, y ahora nos sentamos afuera a ver el atardecer sobre el lago.',
      de: 'Unser Cottage in Grimsby Beach liegt versteckt zwischen Bäumen, und die Mücken waren jeden Abend brutal. Das Team hat drei Stellen mit stehendem Wasser gefunden, die uns nie aufgefallen waren – jetzt sitzen wir draußen und sehen die Sonne über dem See untergehen.',
    },
    author: 'Anne-Marie D.',
    place: 'Grimsby Beach',
  },
  faqs: [
    {
      claims: 'town',
      question: {
        en: 'Do you really come out to Grimsby?',
        fr: 'Venez-vous vraiment jusqu’à Grimsby ?',
        es: '¿De verdad llegan hasta Grimsby?',
        de: 'Kommen Sie wirklich bis nach Grimsby?',
      },
      answer: {
        en: 'Yes. Grimsby is on our regular Friday route, at the same prices as Hamilton. Enter your postal code in the quote calculator to check your street.',
        fr: 'Oui. Grimsby fait partie de notre tournée régulière du vendredi, aux mêmes prix qu’à Hamilton. Entrez votre code postal dans le calculateur de soumission pour vérifier votre rue.',
        es: 'Sí. Grimsby está en nuestra ruta habitual de los viernes, con los mismos precios que Hamilton. Introduzca su código postal en la calculadora de presupuesto para comprobar su calle.',
        de: 'Ja. Grimsby liegt auf unserer regulären Freitagsroute, zu denselben Preisen wie Hamilton. Geben Sie Ihre Postleitzahl im Angebotsrechner ein, um Ihre Straße zu prüfen.',
      },
    },
    {
      question: {
        en: 'Can you treat the shared gardens of a waterfront condo?',
        fr: 'Pouvez-vous traiter les jardins communs d’un condo riverain ?',
        es: '¿Pueden tratar los jardines comunes de un condominio junto al lago?',
        de: 'Können Sie die Gemeinschaftsgärten einer Eigentumsanlage am Ufer behandeln?',
      },
      answer: {
        en: 'Yes, with the condominium board’s approval. Contact us and we will prepare a quote for the common areas and post notices before each visit.',
        fr: 'Oui, avec l’accord du conseil d’administration du condo. Écrivez-nous et nous préparerons une soumission pour les aires communes et afficherons un avis avant chaque visite.',
        es: 'Sí, con la aprobación de la junta del condominio. Escríbanos y prepararemos un presupuesto para las zonas comunes y colocaremos avisos antes de cada visita.',
        de: 'Ja, mit Zustimmung der Eigentümerverwaltung. Schreiben Sie uns, dann erstellen wir ein Angebot für die Gemeinschaftsflächen und hängen vor jedem Besuch einen Hinweis aus.',
      },
    },
    {
      question: {
        en: 'Is the treatment safe around vineyards and orchards?',
        fr: 'Le traitement est-il sécuritaire près des vignobles et des vergers ?',
        es: '¿Es seguro el tratamiento cerca de viñedos y huertos?',
        de: 'Ist die Behandlung in der Nähe von Weinbergen und Obstgärten unbedenklich?',
      },
      answer: {
        en: 'We treat only residential yards, never crops or flowering plants visited by pollinators, and we do not spray on windy days when drift could reach a neighbour’s property.',
        fr: 'Nous traitons uniquement les terrains résidentiels, jamais les cultures ni les plantes en fleurs visitées par les pollinisateurs, et nous ne pulvérisons pas par grand vent, quand la dérive pourrait atteindre un terrain voisin.',
        es: 'Solo tratamos patios residenciales, nunca cultivos ni plantas en flor que visitan los polinizadores, y no rociamos en días de viento en que la deriva podría llegar al terreno de un vecino.',
        de: 'Wir behandeln nur Wohngrundstücke, niemals Kulturen oder blühende Pflanzen, die von Bestäubern besucht werden, und wir sprühen nicht bei Wind, wenn Abdrift das Nachbargrundstück erreichen könnte.',
      },
    },
  ],
  results: [
    {
      place: 'Grimsby Beach',
      situation: {
        en: 'Cottage lot under tall trees with a rain barrel, a canoe and a birdbath.',
        fr: 'Terrain de chalet sous de grands arbres, avec baril de pluie, canot et bain d’oiseaux.',
        es: 'Terreno de casita bajo árboles altos, con barril de lluvia, canoa y bebedero para pájaros.',
        de: 'Cottage-Grundstück unter hohen Bäumen mit Regentonne, Kanu und Vogelbad.',
      },
      treatment: {
        en: 'Canoe flipped, barrel screened, birdbath on a weekly refresh, barrier on the trees.',
        fr: 'Canot retourné, baril grillagé, eau du bain d’oiseaux changée chaque semaine, barrière sur les arbres.',
        es: 'Canoa volteada, barril con malla, agua del bebedero cambiada cada semana y barrera en los árboles.',
        de: 'Kanu umgedreht, Tonne abgedeckt, Vogelbad wöchentlich frisch befüllt, Barriere an den Bäumen.',
      },
      landingsBefore: 36,
      landingsAfter: 3,
    },
    {
      place: 'Forty Mile Creek',
      situation: {
        en: 'Backyard sloping toward the creek with a wet bottom corner and thick shrubs.',
        fr: 'Cour en pente vers le ruisseau, avec un coin bas détrempé et des arbustes denses.',
        es: 'Patio en pendiente hacia el arroyo, con una esquina baja encharcada y arbustos tupidos.',
        de: 'Zum Bach abfallender Garten mit nasser unterer Ecke und dichten Sträuchern.',
      },
      treatment: {
        en: 'Barrier on the shrubs, larvicide in the wet corner, buffer kept from the creek bank.',
        fr: 'Barrière sur les arbustes, larvicide dans le coin détrempé, zone tampon respectée le long de la berge.',
        es: 'Barrera en los arbustos, larvicida en la esquina encharcada y franja de seguridad junto a la orilla.',
        de: 'Barriere auf den Sträuchern, Larvizid in der nassen Ecke, Abstand zum Bachufer eingehalten.',
      },
      landingsBefore: 28,
      landingsAfter: 3,
    },
    {
      place: 'Grimsby Mountain',
      situation: {
        en: 'One-acre rural lot beside a woodlot, dog run and tall grass along the fence.',
        fr: 'Terrain rural d’une acre près d’un boisé, avec enclos pour chien et herbes hautes le long de la clôture.',
        es: 'Terreno rural de un acre junto a un bosquete, con corral para el perro y pasto alto junto a la cerca.',
        de: 'Ländliches Ein-Acre-Grundstück am Wäldchen mit Hundeauslauf und hohem Gras am Zaun.',
      },
      treatment: {
        en: 'Tick control along the woodlot and fence line, seasonal mosquito barrier.',
        fr: 'Contrôle des tiques le long du boisé et de la clôture, barrière saisonnière contre les moustiques.',
        es: 'Control de garrapatas a lo largo del bosquete y la cerca, y barrera de temporada contra mosquitos.',
        de: 'Zeckenbekämpfung entlang Wäldchen und Zaun, saisonale Mückenbarriere.',
      },
      landingsBefore: 23,
      landingsAfter: 2,
    },
  ],
  expert: {
    quote: {
      en: 'Near the lake, cattail mosquitoes breed in marsh plants where larvicide cannot reach them. Protecting a Grimsby yard means a good barrier on the plants where adults rest.',
      fr: 'Près du lac, les moustiques des quenouilles se reproduisent dans les plantes des marais, hors de portée des larvicides. Protéger une cour de Grimsby passe par une bonne barrière sur les plantes où se reposent les adultes.',
      es: 'Cerca del lago, los mosquitos de las espadañas se crían en plantas de pantano donde el larvicida no llega. Proteger un patio de Grimsby exige una buena barrera en las plantas donde descansan los adultos.',
      de: 'In Seenähe brüten Rohrkolbenmücken in Sumpfpflanzen, wo kein Larvizid hinkommt. Einen Garten in Grimsby schützt man mit einer guten Barriere auf den Pflanzen, in denen die erwachsenen Mücken ruhen.',
    },
    ...FIELD_ADVISOR,
  },
  speciesNote: {
    en: 'On the Grimsby waterfront cattail mosquitoes peak in early summer; in the creek valley and on the Mountain, house and floodwater mosquitoes take over in July and August.',
    fr: 'Sur la rive de Grimsby, les moustiques des quenouilles culminent au début de l’été ; dans la vallée du ruisseau et sur la Mountain, les moustiques domestiques et d’inondation prennent le relais en juillet et en août.',
    es: 'En la orilla de Grimsby, los mosquitos de las espadañas alcanzan su pico a principios del verano; en el valle del arroyo y en la Mountain toman el relevo los mosquitos comunes y de inundación en julio y agosto.',
    de: 'Am Ufer von Grimsby erreichen Rohrkolbenmücken im Frühsommer ihren Höhepunkt; im Bachtal und auf der Mountain übernehmen im Juli und August Haus- und Überschwemmungsmücken.',
  },
  serviceArea: {
    text: {
      en: 'We serve all of Grimsby: the waterfront, Grimsby Beach, downtown along Main Street and the rural roads on Grimsby Mountain.',
      fr: 'Nous desservons tout Grimsby : le secteur riverain, Grimsby Beach, le centre-ville le long de Main Street et les routes rurales de Grimsby Mountain.',
      es: 'Atendemos todo Grimsby: la zona del lago, Grimsby Beach, el centro a lo largo de Main Street y los caminos rurales de Grimsby Mountain.',
      de: 'Wir sind in ganz Grimsby im Einsatz: das Seeufer, Grimsby Beach, die Innenstadt entlang der Main Street und die Landstraßen auf dem Grimsby Mountain.',
    },
    nearby: ['stoney-creek', 'hamilton'],
  },
};
