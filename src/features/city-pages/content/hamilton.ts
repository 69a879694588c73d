import type { CityContent } from '../city-content.types';
import { FIELD_ADVISOR } from './field-advisor';

export const hamilton: CityContent = {
  slug: 'hamilton',
  name: 'Hamilton',
  meta: {
    title: {
      en: 'Mosquito & Tick Control in Hamilton, ON',
      fr: 'Contrôle des moustiques et des tiques à Hamilton (Ontario)',
      es: 'Control de mosquitos y garrapatas en Hamilton, Ontario',
      de: 'Mücken- und Zeckenbekämpfung in Hamilton, Ontario',
    },
    description: {
      en: 'Friday mosquito and tick treatments for Hamilton yards, from Westdale to Gage Park. 90% fewer mosquitoes, guaranteed or free re-treatment.',
      fr: 'Traitements antimoustiques et antitiques le vendredi pour les cours de Hamilton, de Westdale à Gage Park. 90 % de moustiques en moins, garanti, sinon nous revenons gratuitement.',
      es: 'Tratamientos contra mosquitos y garrapatas los viernes para patios de Hamilton, de Westdale a Gage Park. 90 % menos mosquitos, garantizado, o repetimos el tratamiento gratis.',
      de: 'Mücken- und Zeckenbehandlung freitags für Gärten in Hamilton, von Westdale bis Gage Park. 90 % weniger Mücken – garantiert, sonst behandeln wir kostenlos nach.',
    },
  },
  hero: {
    title: {
      en: 'Mosquito & Tick Control in Hamilton',
      fr: 'Contrôle des moustiques et des tiques à Hamilton',
      es: 'Control de mosquitos y garrapatas en Hamilton',
      de: 'Mücken- und Zeckenbekämpfung in Hamilton',
    },
    subtitle: {
      en: 'From the harbour to the Mountain brow, we help Hamilton families take their backyards back.',
      fr: 'Du port jusqu’au sommet de l’escarpement, nous aidons les familles de Hamilton à reprendre possession de leur cour.',
      es: 'Desde la bahía hasta lo alto de la escarpa, ayudamos a las familias de Hamilton a recuperar su patio.',
      de: 'Vom Hafen bis hinauf zur Hangkante helfen wir Familien in Hamilton, ihren Garten zurückzuerobern.',
    },
  },
  intro: [
    {
      en: 'Hamilton sits between Lake Ontario and the Niagara Escarpment, and that mix of wetlands, ravines and old shade trees is exactly what mosquitoes love. Cootes Paradise, the Red Hill Valley and the creeks running off the escarpment keep breeding sites close to almost every neighbourhood.',
      fr: 'Hamilton se trouve entre le lac Ontario et l’escarpement du Niagara, et ce mélange de milieux humides, de ravins et de vieux arbres d’ombrage fait le bonheur des moustiques. Cootes Paradise, la vallée de Red Hill et les ruisseaux qui dévalent l’escarpement offrent des sites de reproduction à proximité de presque tous les quartiers.',
      es: 'Hamilton está entre el lago Ontario y la escarpa del Niágara, y esa combinación de humedales, barrancos y árboles viejos de mucha sombra es justo lo que buscan los mosquitos. Cootes Paradise, el valle de Red Hill y los arroyos que bajan de la escarpa dejan criaderos cerca de casi todos los barrios.',
      de: 'Hamilton liegt zwischen dem Ontariosee und der Niagara-Schichtstufe – und diese Mischung aus Feuchtgebieten, Schluchten und alten Schattenbäumen ist genau das, was Mücken lieben. Cootes Paradise, das Red Hill Valley und die Bäche, die vom Escarpment herabfließen, sorgen in fast jedem Viertel für Brutstätten in der Nähe.',
    },
    {
      claims: 'town',
      text: {
        en: 'Our Hamilton crew treats yards every Friday of the season. We spray the shady foliage where adult mosquitoes rest, treat standing water with larvicide and leave you with a short list of fixes for your property.',
        fr: 'Notre équipe de Hamilton traite les terrains chaque vendredi de la saison. Nous pulvérisons le feuillage ombragé où se reposent les moustiques adultes, traitons l’eau stagnante avec un larvicide et vous laissons une courte liste de correctifs pour votre propriété.',
        es: 'Nuestro equipo de Hamilton trata patios todos los viernes de la temporada. Rociamos el follaje sombreado donde descansan los mosquitos adultos, aplicamos larvicida en el agua estancada y le dejamos una lista breve de mejoras para su propiedad.',
        de: 'Unser Team in Hamilton behandelt in der Saison jeden Freitag Gärten. Wir sprühen das schattige Laub, in dem erwachsene Mücken ruhen, behandeln stehendes Wasser mit Larvizid und geben Ihnen eine kurze Liste mit Verbesserungen für Ihr Grundstück.',
      },
    },
  ],
  neighbourhoods: [
    {
      name: 'Westdale',
      note: {
        en: 'Mature trees and lots backing onto Cootes Paradise mean heavy evening swarms near the marsh.',
        fr: 'Les arbres matures et les terrains qui donnent sur Cootes Paradise attirent de gros essaims le soir, près du marais.',
        es: 'Los árboles maduros y los terrenos que dan a Cootes Paradise traen enjambres densos al atardecer cerca del pantano.',
        de: 'Alte Bäume und Grundstücke direkt an Cootes Paradise bedeuten abends dichte Schwärme in Marschnähe.',
      },
    },
    {
      name: 'Locke Street & Kirkendall',
      note: {
        en: 'Narrow, shady backyards, rain barrels and garden ponds: small spaces where a few containers breed a lot of mosquitoes.',
        fr: 'Des cours étroites et ombragées, des barils de pluie et des bassins : de petits espaces où quelques contenants produisent beaucoup de moustiques.',
        es: 'Patios estrechos y sombreados, barriles de lluvia y estanques: espacios pequeños donde unos pocos recipientes crían muchísimos mosquitos.',
        de: 'Schmale, schattige Hinterhöfe, Regentonnen und Gartenteiche: kleine Flächen, auf denen wenige Behälter sehr viele Mücken hervorbringen.',
      },
    },
    {
      name: 'Hamilton Mountain',
      note: {
        en: 'Homes along the Escarpment brow sit next to wooded slopes where ticks and mosquitoes both thrive.',
        fr: 'Les maisons en bordure de l’escarpement côtoient des pentes boisées où tiques et moustiques prospèrent.',
        es: 'Las casas junto al borde de la escarpa lindan con laderas boscosas donde prosperan tanto garrapatas como mosquitos.',
        de: 'Häuser an der Hangkante des Escarpments grenzen an bewaldete Hänge, an denen Zecken und Mücken gleichermaßen gedeihen.',
      },
    },
    {
      name: 'Gage Park',
      note: {
        en: 'Large lots, old maples and the park’s gardens keep the east end humid and shady all summer.',
        fr: 'Les grands terrains, les vieux érables et les jardins du parc gardent l’est de la ville humide et ombragé tout l’été.',
        es: 'Los terrenos amplios, los arces viejos y los jardines del parque mantienen el este de la ciudad húmedo y sombreado todo el verano.',
        de: 'Große Grundstücke, alte Ahornbäume und die Gärten des Parks halten den Osten der Stadt den ganzen Sommer feucht und schattig.',
      },
    },
  ],
  landmarks: [
    {
      name: 'Cootes Paradise',
      note: {
        en: 'The Royal Botanical Gardens’ marsh at the west end of the harbour is one of the region’s biggest breeding grounds.',
        fr: 'Le marais des Jardins botaniques royaux, à l’extrémité ouest du port, est l’un des plus grands sites de reproduction de la région.',
        es: 'El pantano de los Royal Botanical Gardens, en el extremo oeste de la bahía, es uno de los mayores criaderos de la región.',
        de: 'Das Marschland der Royal Botanical Gardens am Westende des Hafens ist eines der größten Brutgebiete der Region.',
      },
    },
    {
      name: 'Bayfront Park',
      note: {
        en: 'Harbour shoreline and lagoons that bring mosquitoes into the North End on calm evenings.',
        fr: 'Des rives et des lagunes qui amènent les moustiques dans le North End lors des soirées calmes.',
        es: 'Costa y lagunas que llevan mosquitos al North End en las tardes sin viento.',
        de: 'Uferzonen und Lagunen, die an windstillen Abenden Mücken ins North End tragen.',
      },
    },
    {
      name: 'Albion Falls & Red Hill Valley',
      note: {
        en: 'Creek pools and ravine woods that keep Stoney Creek and east Mountain neighbourhoods buzzing.',
        fr: 'Des bassins de ruisseau et des bois de ravin qui gardent les quartiers de l’est de la Mountain bourdonnants.',
        es: 'Pozas de arroyo y bosques de barranco que mantienen llenos de zumbidos los barrios del este de la Mountain.',
        de: 'Bachbecken und Schluchtwälder, die die Viertel im Osten der Mountain summen lassen.',
      },
    },
  ],
  testimonial: {
    quote: {
      en: 'We back onto the ravine near Cootes and used to give up on the deck by 7 p.m. After the first treatment we ate dinner outside the same week. The crew even pointed out a clogged downspout we had never noticed.',
      fr: 'Notre terrain donne sur le ravin près de Cootes et on abandonnait la terrasse dès 19 h. Après le premier traitement, on a soupé dehors la même semaine. L’équipe nous a même signalé une descente pluviale bouchée qu’on n’avait jamais remarquée.',
      es: 'Nuestra casa da al barranco cerca de Cootes y a las 7 de la tarde ya no se podía estar en la terraza. Después del primer tratamiento cenamos afuera esa misma semana. El equipo incluso nos señaló un bajante tapado que nunca habíamos visto.',
      de: 'Unser Grundstück grenzt an die Schlucht bei Cootes, und früher mussten wir um 19 Uhr die Terrasse räumen. Nach der ersten Behandlung haben wir noch in derselben Woche draußen zu Abend gegessen. Das Team hat uns sogar auf ein verstopftes Fallrohr hingewiesen, das uns nie aufgefallen war.',
    },
    author: 'Priya S.',
    place: 'Westdale',
  },
  faqs: [
    {
      claims: 'whole',
      question: {
        en: 'Which Hamilton neighbourhoods do you serve?',
        fr: 'Quels quartiers de Hamilton desservez-vous ?',
        es: '¿Qué barrios de Hamilton atienden?',
        de: 'In welchen Stadtteilen von Hamilton sind Sie im Einsatz?',
      },
      answer: {
        en: 'All of them: the lower city, Westdale, the North End, the east end around Gage Park and the whole Mountain, including Hamilton Mountain neighbourhoods along the brow.',
        fr: 'Tous : le bas de la ville, Westdale, le North End, l’est autour de Gage Park et toute la Mountain, y compris les quartiers en bordure de l’escarpement.',
        es: 'Todos: la parte baja de la ciudad, Westdale, el North End, el este alrededor de Gage Park y toda la Mountain, incluidos los barrios junto al borde de la escarpa.',
        de: 'Alle: die Unterstadt, Westdale, das North End, den Osten rund um Gage Park und die gesamte Mountain einschließlich der Viertel an der Hangkante.',
      },
    },
    {
      question: {
        en: 'My yard backs onto a ravine. Will a treatment still work?',
        fr: 'Mon terrain donne sur un ravin. Le traitement sera-t-il quand même efficace ?',
        es: 'Mi patio da a un barranco. ¿Funcionará igual el tratamiento?',
        de: 'Mein Garten grenzt an eine Schlucht. Wirkt die Behandlung trotzdem?',
      },
      answer: {
        en: 'Yes. We treat the shrubs and tree line along your property edge, which is where mosquitoes from the ravine rest before they reach your patio. Yards like these benefit most from the seasonal plan, with a visit every 21 days.',
        fr: 'Oui. Nous traitons les arbustes et la lisière d’arbres en bordure de votre terrain, là où les moustiques du ravin se reposent avant d’atteindre votre terrasse. Ces terrains profitent surtout du forfait saisonnier, avec une visite tous les 21 jours.',
        es: 'Sí. Tratamos los arbustos y la hilera de árboles en el límite de su propiedad, que es donde descansan los mosquitos del barranco antes de llegar a su patio. Estos terrenos aprovechan mejor el plan de temporada, con una visita cada 21 días.',
        de: 'Ja. Wir behandeln die Sträucher und die Baumreihe am Grundstücksrand – dort ruhen die Mücken aus der Schlucht, bevor sie Ihre Terrasse erreichen. Solche Gärten profitieren am meisten vom Saisonplan mit einem Besuch alle 21 Tage.',
      },
    },
    {
      question: {
        en: 'Is West Nile virus a concern in Hamilton?',
        fr: 'Le virus du Nil occidental est-il une préoccupation à Hamilton ?',
        es: '¿El virus del Nilo Occidental es un problema en Hamilton?',
        de: 'Ist das West-Nil-Virus in Hamilton ein Thema?',
      },
      answer: {
        en: 'Public Health Services traps mosquitoes across the city every summer and positive pools are found most years. Reducing Culex mosquitoes around your home, especially in catch basins and containers, lowers your family’s exposure.',
        fr: 'Les services de santé publique posent des pièges dans toute la ville chaque été, et des lots positifs sont détectés la plupart des années. Réduire les moustiques Culex autour de la maison, surtout dans les puisards et les contenants, diminue l’exposition de votre famille.',
        es: 'Salud Pública coloca trampas en toda la ciudad cada verano y casi todos los años aparecen muestras positivas. Reducir los mosquitos Culex alrededor de su casa, sobre todo en sumideros y recipientes, disminuye la exposición de su familia.',
        de: 'Das Gesundheitsamt stellt jeden Sommer in der ganzen Stadt Mückenfallen auf, und fast jedes Jahr werden positive Proben gefunden. Weniger Culex-Mücken rund ums Haus – vor allem in Gullys und Behältern – verringern das Risiko für Ihre Familie.',
      },
    },
  ],
  results: [
    {
      place: 'Westdale',
      situation: {
        en: 'Ravine lot beside Cootes Paradise, dense hostas and cedar hedge.',
        fr: 'Terrain en bordure de ravin près de Cootes Paradise, hostas denses et haie de cèdres.',
        es: 'Terreno junto al barranco de Cootes Paradise, hostas tupidas y seto de cedros.',
        de: 'Grundstück an der Schlucht bei Cootes Paradise, dichte Funkien und Thujahecke.',
      },
      treatment: {
        en: 'Barrier spray on the hedge and ravine edge, larvicide in two window wells.',
        fr: 'Barrière pulvérisée sur la haie et en bordure du ravin, larvicide dans deux margelles de fenêtre.',
        es: 'Barrera en el seto y el borde del barranco, larvicida en dos pozos de ventana.',
        de: 'Barrierebehandlung an Hecke und Schluchtrand, Larvizid in zwei Lichtschächten.',
      },
      landingsBefore: 34,
      landingsAfter: 3,
    },
    {
      place: 'Locke Street',
      situation: {
        en: 'Small shaded yard with a rain barrel, birdbath and koi pond.',
        fr: 'Petite cour ombragée avec baril de pluie, bain d’oiseaux et bassin à carpes koï.',
        es: 'Patio pequeño y sombreado con barril de lluvia, bebedero para pájaros y estanque de carpas koi.',
        de: 'Kleiner, schattiger Hof mit Regentonne, Vogelbad und Koiteich.',
      },
      treatment: {
        en: 'Screened the rain barrel, treated foliage, fish-safe larvicide plan for the pond.',
        fr: 'Moustiquaire sur le baril, traitement du feuillage et larvicide sans danger pour les poissons dans le bassin.',
        es: 'Malla en el barril, tratamiento del follaje y larvicida seguro para peces en el estanque.',
        de: 'Regentonne abgedeckt, Laub behandelt, fischverträgliches Larvizid für den Teich.',
      },
      landingsBefore: 21,
      landingsAfter: 2,
    },
    {
      place: 'Hamilton Mountain',
      situation: {
        en: 'Corner lot on the brow with a wooded slope and a clogged eavestrough.',
        fr: 'Terrain de coin en bordure de l’escarpement, pente boisée et gouttière bouchée.',
        es: 'Terreno en esquina al borde de la escarpa, con ladera boscosa y canaleta tapada.',
        de: 'Eckgrundstück an der Hangkante mit bewaldetem Hang und verstopfter Dachrinne.',
      },
      treatment: {
        en: 'Perimeter barrier along the slope, tick treatment in leaf litter, eavestrough cleared.',
        fr: 'Barrière le long de la pente, traitement antitiques dans la litière de feuilles, gouttière dégagée.',
        es: 'Barrera perimetral en la ladera, tratamiento contra garrapatas en la hojarasca y canaleta despejada.',
        de: 'Randbarriere am Hang, Zeckenbehandlung im Laub, Dachrinne freigeräumt.',
      },
      landingsBefore: 27,
      landingsAfter: 3,
    },
  ],
  expert: {
    quote: {
      en: 'In Hamilton the Culex mosquitoes that can carry West Nile breed in catch basins and backyard containers, not just in the marshes. Emptying standing water once a week does as much as any spray.',
      fr: 'À Hamilton, les moustiques Culex qui peuvent transmettre le virus du Nil occidental se reproduisent dans les puisards et les contenants des cours, pas seulement dans les marais. Vider l’eau stagnante une fois par semaine est aussi efficace que n’importe quelle pulvérisation.',
      es: 'En Hamilton, los mosquitos Culex que pueden transmitir el virus del Nilo Occidental se crían en sumideros y recipientes de los patios, no solo en los pantanos. Vaciar el agua estancada una vez por semana sirve tanto como cualquier rociado.',
      de: 'In Hamilton brüten die Culex-Mücken, die das West-Nil-Virus übertragen können, in Gullys und Behältern im Garten – nicht nur in den Sümpfen. Einmal pro Woche stehendes Wasser auszuleeren bringt so viel wie jede Behandlung.',
    },
    ...FIELD_ADVISOR,
  },
  speciesNote: {
    en: 'Hamilton’s lakeshore marshes produce floodwater mosquitoes in spring; by July the house mosquito (Culex) from catch basins and containers takes over.',
    fr: 'Les marais riverains de Hamilton produisent des moustiques d’inondation au printemps ; dès juillet, le moustique domestique (Culex) des puisards et des contenants prend le relais.',
    es: 'Los pantanos de la orilla de Hamilton producen mosquitos de inundación en primavera; a partir de julio toma el relevo el mosquito común (Culex) de sumideros y recipientes.',
    de: 'Die Uferzonen Hamiltons bringen im Frühjahr Überschwemmungsmücken hervor; ab Juli übernimmt die Hausmücke (Culex) aus Gullys und Behältern.',
  },
  serviceArea: {
    text: {
      en: 'We treat homes across Hamilton: the lower city, Westdale, the North End, the east end and the whole Mountain, plus Waterdown and Binbrook nearby.',
      fr: 'Nous traitons des maisons dans tout Hamilton : le bas de la ville, Westdale, le North End, l’est de la ville et toute la Mountain, ainsi que Waterdown et Binbrook à proximité.',
      es: 'Tratamos casas en todo Hamilton: la parte baja, Westdale, el North End, el este y toda la Mountain, además de Waterdown y Binbrook, muy cerca.',
      de: 'Wir behandeln Häuser in ganz Hamilton: Unterstadt, Westdale, North End, der Osten und die gesamte Mountain – dazu Waterdown und Binbrook in der Nähe.',
    },
    nearby: ['ancaster', 'dundas', 'stoney-creek'],
  },
};
