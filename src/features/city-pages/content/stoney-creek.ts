import type { CityContent } from '../city-content.types';
import { FIELD_ADVISOR } from './field-advisor';

export const stoneyCreek: CityContent = {
  slug: 'stoney-creek',
  name: 'Stoney Creek',
  meta: {
    title: {
      en: 'Mosquito & Tick Control in Stoney Creek, ON',
      fr: 'Contrôle des moustiques et des tiques à Stoney Creek (Ontario)',
      es: 'Control de mosquitos y garrapatas en Stoney Creek, Ontario',
      de: 'Mücken- und Zeckenbekämpfung in Stoney Creek, Ontario',
    },
    description: {
      en: 'Friday mosquito and tick treatments in Stoney Creek, from the lakeshore at Fifty Point to Upper Stoney Creek. 90% fewer mosquitoes, guaranteed.',
      fr: 'Traitements antimoustiques et antitiques le vendredi à Stoney Creek, du bord du lac à Fifty Point jusqu’à Upper Stoney Creek. 90 % de moustiques en moins, garanti.',
      es: 'Tratamientos contra mosquitos y garrapatas los viernes en Stoney Creek, desde la orilla del lago en Fifty Point hasta Upper Stoney Creek. 90 % menos mosquitos, garantizado.',
      de: 'Mücken- und Zeckenbehandlung freitags in Stoney Creek, vom Seeufer bei Fifty Point bis Upper Stoney Creek. 90 % weniger Mücken – garantiert.',
    },
  },
  hero: {
    title: {
      en: 'Mosquito & Tick Control in Stoney Creek',
      fr: 'Contrôle des moustiques et des tiques à Stoney Creek',
      es: 'Control de mosquitos y garrapatas en Stoney Creek',
      de: 'Mücken- und Zeckenbekämpfung in Stoney Creek',
    },
    subtitle: {
      en: 'Between the lake and the escarpment, Stoney Creek gets mosquitoes from both sides. We stop them at your property line.',
      fr: 'Entre le lac et l’escarpement, Stoney Creek reçoit des moustiques des deux côtés. Nous les arrêtons à la limite de votre terrain.',
      es: 'Entre el lago y la escarpa, a Stoney Creek le llegan mosquitos por los dos lados. Nosotros los frenamos en el límite de su terreno.',
      de: 'Zwischen See und Escarpment bekommt Stoney Creek Mücken von beiden Seiten. Wir stoppen sie an Ihrer Grundstücksgrenze.',
    },
  },
  intro: [
    {
      en: 'Stoney Creek stretches from the Lake Ontario shoreline, past the orchards and vineyards of Winona, up to the new subdivisions on the Mountain. Creeks tumbling over the escarpment, like the one at the Devil’s Punchbowl, leave pools and wet ravines right behind many homes.',
      fr: 'Stoney Creek s’étend de la rive du lac Ontario, en passant par les vergers et les vignobles de Winona, jusqu’aux nouveaux quartiers sur la Mountain. Les ruisseaux qui dévalent l’escarpement, comme celui du Devil’s Punchbowl, laissent des bassins et des ravins humides juste derrière bien des maisons.',
      es: 'Stoney Creek va desde la orilla del lago Ontario, pasando por los huertos y viñedos de Winona, hasta las urbanizaciones nuevas de la Mountain. Los arroyos que caen por la escarpa, como el del Devil’s Punchbowl, dejan pozas y barrancos húmedos justo detrás de muchas casas.',
      de: 'Stoney Creek reicht vom Ufer des Ontariosees über die Obstgärten und Weinberge von Winona bis zu den Neubaugebieten auf der Mountain. Bäche, die über das Escarpment stürzen – etwa am Devil’s Punchbowl –, hinterlassen Becken und feuchte Schluchten direkt hinter vielen Häusern.',
    },
    {
      claims: 'whole',
      text: {
        en: 'Lakeshore homes also catch mosquitoes blown in from the marshy edges along the lake on warm, still nights. Our Friday crew covers the whole community every week of the season.',
        fr: 'Les maisons au bord du lac reçoivent aussi les moustiques poussés depuis les rives marécageuses lors des nuits chaudes et sans vent. Notre équipe du vendredi couvre toute la communauté chaque semaine de la saison.',
        es: 'Las casas junto al lago también reciben los mosquitos que llegan de las orillas pantanosas en las noches cálidas y sin viento. Nuestro equipo de los viernes cubre toda la comunidad cada semana de la temporada.',
        de: 'Häuser am Seeufer bekommen in warmen, windstillen Nächten zudem Mücken aus den sumpfigen Uferbereichen ab. Unser Freitagsteam deckt in jeder Woche der Saison die ganze Gemeinde ab.',
      },
    },
  ],
  neighbourhoods: [
    {
      name: {
        en: 'Old Town Stoney Creek',
        fr: 'Vieux Stoney Creek',
        es: 'Casco antiguo de Stoney Creek',
        de: 'Altstadt von Stoney Creek',
      },
      note: {
        en: 'Older homes around King Street East and Battlefield Park, with big trees and shady side yards.',
        fr: 'De vieilles maisons autour de King Street East et de Battlefield Park, avec de grands arbres et des cours latérales ombragées.',
        es: 'Casas antiguas alrededor de King Street East y Battlefield Park, con árboles grandes y patios laterales sombreados.',
        de: 'Ältere Häuser rund um die King Street East und den Battlefield Park mit großen Bäumen und schattigen Seitengärten.',
      },
    },
    {
      name: 'Upper Stoney Creek',
      note: {
        en: 'Newer subdivisions on the Mountain with stormwater ponds and fresh sod that stays wet after rain.',
        fr: 'Des quartiers récents sur la Mountain, avec bassins de rétention et gazon neuf qui reste détrempé après la pluie.',
        es: 'Urbanizaciones nuevas en la Mountain, con estanques pluviales y césped nuevo que sigue encharcado después de llover.',
        de: 'Neuere Siedlungen auf der Mountain mit Regenrückhaltebecken und frischem Rollrasen, der nach Regen lange nass bleibt.',
      },
    },
    {
      name: 'Winona',
      note: {
        en: 'Orchard country near the lake where irrigation and low fields create breeding spots.',
        fr: 'Un secteur de vergers près du lac où l’irrigation et les champs bas créent des sites de reproduction.',
        es: 'Zona de huertos cerca del lago donde el riego y los campos bajos crean criaderos.',
        de: 'Obstbaugebiet am See, in dem Bewässerung und tief liegende Felder Brutstätten schaffen.',
      },
    },
    {
      name: {
        en: 'Lakeshore & Fifty Point',
        fr: 'Bord du lac et Fifty Point',
        es: 'Orilla del lago y Fifty Point',
        de: 'Seeufer und Fifty Point',
      },
      note: {
        en: 'Lakefront homes exposed to marsh mosquitoes on calm, humid evenings.',
        fr: 'Des maisons riveraines exposées aux moustiques des marais lors des soirées calmes et humides.',
        es: 'Casas frente al lago expuestas a los mosquitos de pantano en las tardes tranquilas y húmedas.',
        de: 'Häuser am Seeufer, die an ruhigen, schwülen Abenden den Sumpfmücken ausgesetzt sind.',
      },
    },
  ],
  landmarks: [
    {
      name: 'Battlefield Park',
      note: {
        en: 'The 1813 battlefield and Battlefield House Museum sit among old trees where mosquitoes rest through the day.',
        fr: 'Le champ de bataille de 1813 et le musée Battlefield House se trouvent parmi de vieux arbres où les moustiques se reposent le jour.',
        es: 'El campo de batalla de 1813 y el museo Battlefield House están rodeados de árboles viejos donde los mosquitos descansan de día.',
        de: 'Das Schlachtfeld von 1813 und das Battlefield House Museum liegen zwischen alten Bäumen, in denen Mücken tagsüber ruhen.',
      },
    },
    {
      name: 'Devil’s Punchbowl',
      note: {
        en: 'The escarpment falls and the wooded trail above them keep the upper creek damp and shaded.',
        fr: 'La chute de l’escarpement et le sentier boisé au-dessus gardent le haut du ruisseau humide et ombragé.',
        es: 'La cascada de la escarpa y el sendero boscoso de arriba mantienen el tramo alto del arroyo húmedo y sombreado.',
        de: 'Der Wasserfall am Escarpment und der bewaldete Weg darüber halten den oberen Bachlauf feucht und schattig.',
      },
    },
    {
      name: 'Fifty Point Conservation Area',
      note: {
        en: 'A marina, ponds and wetland on the lakeshore at the east end of Stoney Creek.',
        fr: 'Une marina, des étangs et un milieu humide au bord du lac, à l’extrémité est de Stoney Creek.',
        es: 'Un puerto deportivo, estanques y humedales a orillas del lago, en el extremo este de Stoney Creek.',
        de: 'Ein Jachthafen, Teiche und Feuchtgebiete am Seeufer im Osten von Stoney Creek.',
      },
    },
  ],
  testimonial: {
    quote: {
      en: 'We live a few streets from the lake near Fifty Point and every July the evenings were a write-off. Since the crew started coming on Fridays we have had friends over on the patio all summer.',
      fr: 'On habite à quelques rues du lac près de Fifty Point et chaque mois de juillet, les soirées étaient fichues. Depuis que l’équipe passe le vendredi, on reçoit des amis sur la terrasse tout l’été.',
      es: 'Vivimos a pocas calles del lago, cerca de Fifty Point, y cada julio las tardes estaban perdidas. Desde que el equipo viene los viernes, hemos recibido amigos en la terraza todo el verano.',
      de: 'Wir wohnen ein paar Straßen vom See entfernt bei Fifty Point, und jeden Juli waren die Abende verloren. Seit das Team freitags kommt, sitzen wir den ganzen Sommer mit Freunden auf der Terrasse.',
    },
    author: 'Dave R.',
    place: 'Fifty Point',
  },
  faqs: [
    {
      claims: 'whole',
      question: {
        en: 'Do you serve Upper Stoney Creek and Winona?',
        fr: 'Desservez-vous Upper Stoney Creek et Winona ?',
        es: '¿Atienden Upper Stoney Creek y Winona?',
        de: 'Kommen Sie auch nach Upper Stoney Creek und Winona?',
      },
      answer: {
        en: 'Yes. We cover all of Stoney Creek, from the lakeshore and Winona to Upper Stoney Creek on the Mountain. Check your postal code in the quote calculator to confirm.',
        fr: 'Oui. Nous couvrons tout Stoney Creek, du bord du lac et de Winona jusqu’à Upper Stoney Creek sur la Mountain. Vérifiez votre code postal dans le calculateur de soumission pour en être sûr.',
        es: 'Sí. Cubrimos todo Stoney Creek, desde la orilla del lago y Winona hasta Upper Stoney Creek en la Mountain. Compruebe su código postal en la calculadora de presupuesto.',
        de: 'Ja. Wir decken ganz Stoney Creek ab, vom Seeufer und Winona bis Upper Stoney Creek auf der Mountain. Prüfen Sie zur Sicherheit Ihre Postleitzahl im Angebotsrechner.',
      },
    },
    {
      question: {
        en: 'Why are mosquitoes worse near the lake some nights?',
        fr: 'Pourquoi les moustiques sont-ils pires près du lac certains soirs ?',
        es: '¿Por qué hay más mosquitos cerca del lago algunas noches?',
        de: 'Warum sind die Mücken am See manche Abende schlimmer?',
      },
      answer: {
        en: 'On warm evenings with no wind, mosquitoes from shoreline wetlands travel inland looking for a meal. A barrier on the shrubs around your yard intercepts them before they reach you.',
        fr: 'Les soirs chauds et sans vent, les moustiques des milieux humides riverains s’aventurent vers l’intérieur à la recherche d’un repas. Une barrière sur les arbustes autour de votre cour les intercepte avant qu’ils vous atteignent.',
        es: 'En las tardes cálidas y sin viento, los mosquitos de los humedales de la orilla se adentran en busca de alimento. Una barrera en los arbustos alrededor de su patio los intercepta antes de que lleguen a usted.',
        de: 'An warmen, windstillen Abenden ziehen Mücken aus den Uferfeuchtgebieten auf Nahrungssuche landeinwärts. Eine Barriere auf den Sträuchern rund um Ihren Garten fängt sie ab, bevor sie Sie erreichen.',
      },
    },
    {
      question: {
        en: 'Is the treatment safe near fruit trees and vegetable gardens?',
        fr: 'Le traitement est-il sécuritaire près des arbres fruitiers et du potager ?',
        es: '¿Es seguro el tratamiento cerca de frutales y huertos?',
        de: 'Ist die Behandlung in der Nähe von Obstbäumen und Gemüsebeeten unbedenklich?',
      },
      answer: {
        en: 'We do not spray edible plants or flowering plants that bees visit. Tell us where your garden is and we leave a buffer around it.',
        fr: 'Nous ne pulvérisons ni les plantes comestibles ni les plantes en fleurs visitées par les abeilles. Indiquez-nous où se trouve votre potager et nous laisserons une zone tampon autour.',
        es: 'No rociamos plantas comestibles ni plantas en flor que visitan las abejas. Díganos dónde está su huerto y dejaremos una zona de seguridad alrededor.',
        de: 'Essbare Pflanzen und blühende Pflanzen, die Bienen besuchen, besprühen wir nicht. Sagen Sie uns, wo Ihr Beet liegt, und wir halten Abstand.',
      },
    },
  ],
  results: [
    {
      place: 'Fifty Point',
      situation: {
        en: 'Lakeside lot with a boat cover, a low corner and thick willows.',
        fr: 'Terrain au bord du lac avec bâche de bateau, coin bas et saules touffus.',
        es: 'Terreno junto al lago con lona de barco, una esquina baja y sauces tupidos.',
        de: 'Seegrundstück mit Bootsabdeckung, tiefer Ecke und dichten Weiden.',
      },
      treatment: {
        en: 'Barrier on the willows, boat cover drained, larvicide in the low corner.',
        fr: 'Barrière sur les saules, bâche du bateau vidée, larvicide dans le coin bas.',
        es: 'Barrera en los sauces, lona del barco vaciada y larvicida en la esquina baja.',
        de: 'Barriere auf den Weiden, Bootsabdeckung entleert, Larvizid in der tiefen Ecke.',
      },
      landingsBefore: 41,
      landingsAfter: 4,
    },
    {
      place: 'Upper Stoney Creek',
      situation: {
        en: 'New-build backyard beside a stormwater pond, fresh sod and a swing set.',
        fr: 'Cour de maison neuve à côté d’un bassin de rétention, gazon frais et balançoire.',
        es: 'Patio de casa nueva junto a un estanque pluvial, césped recién puesto y columpios.',
        de: 'Neubaugarten neben einem Regenrückhaltebecken, frischer Rasen und Schaukelgerüst.',
      },
      treatment: {
        en: 'Seasonal barrier along the pond side, regraded the soggy spot by the downspout.',
        fr: 'Barrière saisonnière du côté du bassin, nivellement du coin détrempé près de la descente pluviale.',
        es: 'Barrera de temporada del lado del estanque y nivelación de la zona encharcada junto al bajante.',
        de: 'Saisonbarriere zur Beckenseite, nasse Stelle am Fallrohr neu planiert.',
      },
      landingsBefore: 26,
      landingsAfter: 2,
    },
    {
      place: {
        en: 'Old Town',
        fr: 'Vieux Stoney Creek',
        es: 'Casco antiguo',
        de: 'Altstadt',
      },
      situation: {
        en: 'Century home with a pergola, rain barrels and dense ivy near Battlefield Park.',
        fr: 'Maison centenaire avec pergola, barils de pluie et lierre dense près de Battlefield Park.',
        es: 'Casa centenaria con pérgola, barriles de lluvia y hiedra tupida cerca de Battlefield Park.',
        de: 'Hundertjähriges Haus mit Pergola, Regentonnen und dichtem Efeu nahe dem Battlefield Park.',
      },
      treatment: {
        en: 'Ivy and pergola treated, rain barrels screened, monthly re-treatment.',
        fr: 'Traitement du lierre et de la pergola, moustiquaires sur les barils, retraitement mensuel.',
        es: 'Tratamiento de la hiedra y la pérgola, barriles con malla y repetición mensual.',
        de: 'Efeu und Pergola behandelt, Regentonnen mit Netz abgedeckt, monatliche Nachbehandlung.',
      },
      landingsBefore: 22,
      landingsAfter: 2,
    },
  ],
  expert: {
    quote: {
      en: 'Stoney Creek has floodwater mosquitoes hatching in low spots after every summer storm. The week after a heavy rain is when a fresh barrier pays off most.',
      fr: 'À Stoney Creek, les moustiques d’inondation éclosent dans les creux après chaque orage d’été. C’est la semaine qui suit une forte pluie qu’une barrière fraîche est la plus rentable.',
      es: 'En Stoney Creek, los mosquitos de inundación eclosionan en las zonas bajas después de cada tormenta de verano. La semana después de un aguacero es cuando más rinde una barrera recién aplicada.',
      de: 'In Stoney Creek schlüpfen nach jedem Sommergewitter Überschwemmungsmücken in den Senken. In der Woche nach einem Starkregen lohnt sich eine frische Barriere am meisten.',
    },
    ...FIELD_ADVISOR,
  },
  speciesNote: {
    en: 'Along the Stoney Creek lakeshore, cattail mosquitoes from the marshes and floodwater mosquitoes from low fields are the main biters on summer evenings.',
    fr: 'Sur la rive de Stoney Creek, les moustiques des quenouilles venus des marais et les moustiques d’inondation des champs bas sont les principaux piqueurs les soirs d’été.',
    es: 'En la orilla de Stoney Creek, los mosquitos de las espadañas de los pantanos y los de inundación de los campos bajos son los que más pican en las tardes de verano.',
    de: 'Am Seeufer von Stoney Creek stechen an Sommerabenden vor allem Rohrkolbenmücken aus den Sümpfen und Überschwemmungsmücken aus tief liegenden Feldern.',
  },
  serviceArea: {
    text: {
      en: 'We serve all of Stoney Creek: Old Town, the lakeshore, Fifty Point, Winona and Upper Stoney Creek, with Grimsby just to the east.',
      fr: 'Nous desservons tout Stoney Creek : le vieux centre, la rive du lac, Fifty Point, Winona et Upper Stoney Creek, avec Grimsby juste à l’est.',
      es: 'Atendemos todo Stoney Creek: el casco antiguo, la orilla del lago, Fifty Point, Winona y Upper Stoney Creek, con Grimsby justo al este.',
      de: 'Wir sind in ganz Stoney Creek im Einsatz: die Altstadt, das Seeufer, Fifty Point, Winona und Upper Stoney Creek – Grimsby liegt gleich östlich.',
    },
    nearby: ['hamilton', 'grimsby'],
  },
};
