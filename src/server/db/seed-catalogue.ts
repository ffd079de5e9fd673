/** The demo catalogue: appliances as the Dakar shop sells them, with list prices in whole FCFA. */

/** One demo product before the seeded flags (promo, credit, pre-order, stock…) are drawn. */
export interface CatalogueItem {
  brand: string;
  name: string;
  category: string;
  listPrice: number;
  description: string;
}

/** One product of a category: brand, name after the brand, list price, and the lead of its description. */
type Row = [brand: string, name: string, listPrice: number, lead: string];

/** The rows of `category`, each description ending with what the category adds (`blurb`). */
const inCategory = (category: string, blurb: string, rows: Row[]): CatalogueItem[] =>
  rows.map(([brand, name, listPrice, lead]) => ({
    brand,
    category,
    name: `${brand} ${name}`,
    listPrice,
    description: `${lead} ${blurb}`.trim(),
  }));

/** The sale products of the demo shop, in display order within each category. */
export const CATALOGUE: readonly CatalogueItem[] = [
  ...inCategory('CONGELATEUR', 'Garde le froid plusieurs heures pendant les coupures de courant, idéal pour la viande et le poisson.', [
    [
      'Astech',
      'Congélateur coffre CF-200 200 L',
      165_000,
      'Congélateur coffre de 200 litres, classe A+, avec panier de rangement et serrure.',
    ],
    [
      'Nasco',
      'Congélateur coffre NAS-300 300 L',
      215_000,
      'Grand congélateur coffre de 300 litres, double fonction congélation et réfrigération.',
    ],
    [
      'Hisense',
      'Congélateur coffre FC-405 405 L',
      285_000,
      'Congélateur de 405 litres, parfait pour les familles nombreuses et les commerces.',
    ],
    ['Royal', 'Congélateur vertical RCV-250 7 tiroirs', 245_000, 'Congélateur armoire de 250 litres avec sept tiroirs transparents.'],
    [
      'LG',
      'Congélateur coffre GCS-515 500 L',
      395_000,
      'Congélateur professionnel de 500 litres, idéal pour la boucherie ou la poissonnerie.',
    ],
    ['Innova', 'Congélateur coffre IN-150 150 L', 129_000, 'Petit congélateur de 150 litres, économique et peu encombrant.'],
    ['Midea', 'Congélateur coffre HS-315 250 L', 189_000, 'Congélateur de 250 litres avec éclairage LED et dégivrage facile.'],
  ]),
  ...inCategory('TELEVISION', 'Compatible TNT, livrée avec télécommande ; fixation murale possible à Dakar.', [
    ['Samsung', 'Smart TV 55" Crystal UHD 4K', 395_000, 'Téléviseur 55 pouces 4K, processeur Crystal, Netflix et YouTube intégrés.'],
    ['LG', 'Smart TV 43" Full HD webOS', 245_000, 'Téléviseur connecté 43 pouces avec webOS et télécommande Magic.'],
    ['Hisense', 'TV LED 32" HD A4', 99_000, 'Téléviseur 32 pouces HD, deux ports HDMI et un port USB.'],
    ['Astech', 'TV LED 32" avec décodeur intégré', 79_000, 'Téléviseur 32 pouces économique, décodeur TNT intégré.'],
    ['Sharp', 'Android TV 50" 4K UHD', 285_000, 'Téléviseur 50 pouces 4K sous Android TV, Google Assistant intégré.'],
    ['Samsung', 'QLED 65" Q60 4K', 895_000, 'Téléviseur QLED 65 pouces, couleurs éclatantes et mode jeu.'],
    ['Hisense', 'ULED 75" 4K Mini-LED', 1_150_000, 'Grand écran 75 pouces Mini-LED pour un vrai cinéma à la maison.'],
    ['Nasco', 'TV LED 24" HD', 59_000, 'Petit téléviseur 24 pouces, idéal pour la chambre ou la boutique.'],
    ['LG', 'OLED 65" evo C4', 2_450_000, 'Téléviseur OLED 65 pouces, noirs parfaits et son Dolby Atmos.'],
  ]),
  ...inCategory('REFRIGERATEUR', 'Fonctionne sous tropicalisation (jusqu’à 43 °C) avec protection contre les variations de tension.', [
    [
      'Samsung',
      'Réfrigérateur américain side-by-side 617 L',
      1_150_000,
      'Réfrigérateur américain 617 litres avec distributeur d’eau et de glaçons.',
    ],
    [
      'LG',
      'Réfrigérateur double porte 423 L Inverter',
      545_000,
      'Réfrigérateur 423 litres avec compresseur Inverter Linear, très économe.',
    ],
    ['Hisense', 'Réfrigérateur combiné 260 L', 279_000, 'Réfrigérateur combiné 260 litres, congélateur en bas, froid ventilé.'],
    ['Astech', 'Réfrigérateur bar 90 L', 79_000, 'Mini-réfrigérateur de 90 litres pour la chambre ou le bureau.'],
    ['Nasco', 'Réfrigérateur 2 portes 210 L', 175_000, 'Réfrigérateur deux portes de 210 litres, congélateur en haut.'],
    ['Westpool', 'Réfrigérateur 2 portes 350 L', 265_000, 'Réfrigérateur 350 litres, bac à légumes XXL et clayettes en verre.'],
    [
      'Midea',
      'Réfrigérateur 4 portes 482 L Inverter',
      695_000,
      'Réfrigérateur multiportes 482 litres avec compartiment à température variable.',
    ],
    ['Sharp', 'Réfrigérateur 1 porte 170 L', 139_000, 'Réfrigérateur une porte de 170 litres avec freezer intérieur.'],
  ]),
  ...inCategory('CUISINIERE', 'Allumage automatique, brûleurs en fonte ; compatible bonbonne de gaz butane de 6 ou 12 kg.', [
    ['Astech', 'Cuisinière 4 feux 50x50 four à gaz', 119_000, 'Cuisinière quatre feux gaz avec four et tournebroche.'],
    ['Nasco', 'Cuisinière 5 feux 90x60 inox', 259_000, 'Cuisinière cinq feux dont un brûleur wok, grand four de 110 litres.'],
    ['Royal', 'Cuisinière mixte 4 feux 60x60', 149_000, 'Cuisinière trois feux gaz et une plaque électrique, four avec grill.'],
    ['Innova', 'Réchaud à gaz 2 feux inox', 17_500, 'Réchaud de table deux feux, pratique pour les petites cuisines.'],
    ['Westpool', 'Cuisinière 6 feux 60x90 inox', 325_000, 'Cuisinière professionnelle six feux, four ventilé et tiroir chauffe-plats.'],
    ['Binatone', 'Plaque électrique 2 feux 2000 W', 22_500, 'Plaque de cuisson électrique deux foyers avec thermostat.'],
  ]),
  ...inCategory('CLIMATISEUR', 'Conçu pour le climat tropical, avec mode déshumidification et télécommande.', [
    ['Midea', 'Climatiseur mobile 12000 BTU', 289_000, 'Climatiseur mobile sans installation, kit de fenêtre fourni.'],
    ['Hisense', 'Climatiseur armoire 48000 BTU', 1_850_000, 'Climatiseur armoire pour grandes salles, bureaux et salles de prière.'],
    ['LG', 'Climatiseur fenêtre 18000 BTU', 395_000, 'Climatiseur de fenêtre robuste, filtre anti-poussière lavable.'],
  ]),
  ...inCategory('SPLIT', 'Unité intérieure silencieuse, gaz R410A ; installation par nos techniciens sur devis.', [
    ['Samsung', 'Split 12000 BTU WindFree Inverter', 449_000, 'Split mural Inverter avec technologie WindFree, sans courant d’air direct.'],
    ['LG', 'Split 9000 BTU Dual Inverter', 329_000, 'Split Dual Inverter jusqu’à 70 % d’économie d’énergie.'],
    ['Astech', 'Split 12000 BTU', 249_000, 'Split mural 12000 BTU, refroidissement rapide pour une chambre de 20 m².'],
    ['Midea', 'Split 18000 BTU Inverter', 465_000, 'Split 18000 BTU Inverter pour un salon jusqu’à 30 m².'],
    ['Hisense', 'Split 24000 BTU', 585_000, 'Split 24000 BTU pour grandes pièces, mode turbo.'],
    ['Nasco', 'Split 9000 BTU', 199_000, 'Split 9000 BTU économique pour petites chambres.'],
  ]),
  ...inCategory('MACHINE A LAVER', 'Programmes coton, synthétique et rapide ; supporte les faibles pressions d’eau.', [
    ['LG', 'Lave-linge hublot 8 kg AI DD', 425_000, 'Lave-linge frontal 8 kg, moteur Direct Drive garanti 10 ans.'],
    ['Samsung', 'Lave-linge hublot 7 kg EcoBubble', 365_000, 'Lave-linge 7 kg EcoBubble, lavage efficace même à l’eau froide.'],
    ['Hisense', 'Lave-linge top 10 kg', 249_000, 'Lave-linge à chargement par le haut, 10 kg, cuve inox.'],
    ['Astech', 'Machine à laver semi-automatique 7 kg', 99_000, 'Machine à laver double cuve lavage et essorage, très économique.'],
    ['Midea', 'Lave-linge séchant 10/7 kg', 535_000, 'Lave-linge séchant 10 kg lavage et 7 kg séchage, vapeur anti-allergènes.'],
  ]),
  ...inCategory('VENTILATEUR', 'Trois vitesses, oscillation automatique, moteur à protection thermique.', [
    ['Astech', 'Ventilateur sur pied 16"', 19_500, 'Ventilateur sur pied réglable en hauteur, hélice de 40 cm.'],
    ['Binatone', 'Ventilateur de table 12"', 14_500, 'Ventilateur de table compact, parfait pour le bureau.'],
    ['Royal', 'Ventilateur mural 18" avec télécommande', 22_000, 'Ventilateur mural puissant avec minuterie et télécommande.'],
    [
      'Innova',
      'Ventilateur rechargeable solaire 16"',
      39_000,
      'Ventilateur rechargeable avec panneau solaire et lampe LED, utile pendant les délestages.',
    ],
    ['Nasco', 'Ventilateur plafonnier 56"', 27_500, 'Ventilateur de plafond cinq pales, moteur silencieux.'],
  ]),
  ...inCategory('MICRO-ONDES', 'Minuterie, décongélation au poids et plateau tournant en verre.', [
    ['Samsung', 'Micro-ondes grill 23 L', 89_000, 'Micro-ondes 23 litres avec grill et cavité céramique facile à nettoyer.'],
    ['LG', 'Micro-ondes NeoChef 42 L', 139_000, 'Grand micro-ondes 42 litres Smart Inverter.'],
    ['Hisense', 'Micro-ondes 20 L', 59_000, 'Micro-ondes 20 litres, cinq niveaux de puissance.'],
    ['Innova', 'Micro-ondes 20 L mécanique', 49_000, 'Micro-ondes mécanique simple d’utilisation.'],
  ]),
  ...inCategory('FER A REPASSER', 'Semelle anti-adhésive et arrêt automatique pour plus de sécurité.', [
    ['Binatone', 'Fer à vapeur 2200 W', 14_500, 'Fer à vapeur 2200 W avec défroissage vertical.'],
    ['Royal', 'Fer à sec 1200 W', 7_500, 'Fer à sec léger, idéal pour les boubous et le bazin.'],
    ['Innova', 'Fer à repasser vapeur céramique', 11_000, 'Fer vapeur semelle céramique, réservoir de 300 ml.'],
    ['Astech', 'Centrale vapeur 2400 W', 59_000, 'Centrale vapeur 2400 W, pression 5 bars pour un repassage rapide.'],
  ]),
  ...inCategory('MIXEUR', 'Lames en acier inoxydable, parfait pour le bissap, le bouye et les sauces.', [
    ['Binatone', 'Blender 1,5 L avec moulin', 24_500, 'Blender 1,5 litre avec moulin à épices, 350 W.'],
    ['Royal', 'Mixeur plongeant 600 W', 15_500, 'Mixeur plongeant avec pied inox et gobelet gradué.'],
    ['Innova', 'Robot multifonction 3-en-1', 35_000, 'Robot 3-en-1 : blender, hachoir et presse-agrumes.'],
    ['Nasco', 'Blender 1,5 L 2 vitesses', 19_500, 'Blender robuste deux vitesses et fonction pulse.'],
  ]),
  ...inCategory('CHAUFFE-EAU', 'Cuve émaillée, thermostat réglable et groupe de sécurité inclus.', [
    ['Astech', 'Chauffe-eau électrique 50 L', 89_000, 'Chauffe-eau vertical 50 litres, idéal pour une salle de bain.'],
    ['Midea', 'Chauffe-eau électrique 80 L', 129_000, 'Chauffe-eau 80 litres pour une famille de quatre personnes.'],
    ['Innova', 'Chauffe-eau instantané 5500 W', 45_000, 'Chauffe-eau instantané sans réservoir, eau chaude immédiate.'],
    ['Royal', 'Chauffe-eau électrique 100 L', 159_000, 'Chauffe-eau 100 litres à résistance stéatite, longue durée de vie.'],
  ]),
  ...inCategory('FONTAINE A EAU', 'Eau chaude et eau fraîche, compatible bonbonnes de 19 L.', [
    ['Nasco', 'Fontaine à eau chaud/froid', 89_000, 'Fontaine sur pied avec robinet d’eau chaude sécurisé pour les enfants.'],
    ['Midea', 'Fontaine à eau avec réfrigérateur', 145_000, 'Fontaine à eau avec petit réfrigérateur intégré de 16 litres.'],
    ['Astech', 'Fontaine à eau de table', 49_000, 'Fontaine de table compacte, eau fraîche en quelques minutes.'],
  ]),
  ...inCategory('TELEPHONE', 'Double SIM, compatible réseaux Orange, Free et Expresso.', [
    ['Tecno', 'Spark 20 128 Go', 89_000, 'Smartphone 6,6 pouces, 8 Go de RAM et batterie 5000 mAh.'],
    ['Tecno', 'Camon 30 256 Go', 179_000, 'Smartphone photo 50 Mpx avec écran AMOLED 120 Hz.'],
    ['Samsung', 'Galaxy A15 128 Go', 125_000, 'Smartphone Samsung 6,5 pouces Super AMOLED, 4 Go de RAM.'],
    ['Tecno', 'Pop 8 64 Go', 55_000, 'Smartphone d’entrée de gamme, grand écran et batterie endurante.'],
    ['Samsung', 'Galaxy S24 Ultra 256 Go', 899_000, 'Smartphone haut de gamme avec stylet S Pen et zoom 100x.'],
  ]),
];
