/** Fixed lists of the demo shop: categories, tags, places, internal products, packs and demo accounts. */
import { HIDDEN_CATEGORIES } from '../../domain/categories.ts';

/** Categories the storefront shows, named as the retailer names them. */
export const VISIBLE_CATEGORIES = [
  'CONGELATEUR',
  'TELEVISION',
  'REFRIGERATEUR',
  'CUISINIERE',
  'CLIMATISEUR',
  'SPLIT',
  'MACHINE A LAVER',
  'VENTILATEUR',
  'MICRO-ONDES',
  'FER A REPASSER',
  'MIXEUR',
  'CHAUFFE-EAU',
  'FONTAINE A EAU',
  'TELEPHONE',
] as const;

/** Back-office categories the storefront hides (spec §5), without the synthetic "All". */
export const INTERNAL_CATEGORIES = HIDDEN_CATEGORIES.filter((n) => n !== 'All');

/** Product tags; "Ramadan" and "Tabaski" drive the seasonal listings and must keep these exact names. */
export const TAGS = ['Ramadan', 'Tabaski', 'Nouveauté', 'Meilleure vente', "Économie d'énergie", 'Garantie 2 ans'] as const;

/** Where stock is kept. */
export const LOCATIONS = [
  'Dakar - Plateau',
  'Dakar - Colobane',
  'Dakar - Parcelles Assainies',
  'Dakar - Sacré-Cœur',
  'Dakar - HLM',
  'Dakar - Almadies',
] as const;

/** Back-office products: never listed (sale_ok false) but present, as in the retailer's ERP. */
export const INTERNAL_PRODUCTS = [
  { name: 'Frais de livraison', category: 'Deliveries', listPrice: 5_000, description: 'Livraison hors Dakar, facturée à la commande.' },
  {
    name: 'Installation climatiseur split',
    category: 'Services',
    listPrice: 25_000,
    description: 'Pose d’un split mural par un technicien, hors fournitures.',
  },
  {
    name: 'Frais de dossier crédit',
    category: 'Expenses',
    listPrice: 5_000,
    description: 'Frais d’étude d’un dossier de commande à crédit.',
  },
  {
    name: 'Carton d’emballage renforcé',
    category: 'Consumable',
    listPrice: 5_000,
    description: 'Emballage pour l’expédition des petits appareils.',
  },
  {
    name: 'Licence logiciel de caisse',
    category: 'Software',
    listPrice: 150_000,
    description: 'Abonnement annuel du logiciel de caisse des magasins.',
  },
] as const;

/** A demo pack: its lines name catalogue products; prices are derived from them with the pack discount. */
export interface DemoPack {
  code: string;
  name: string;
  discount: number;
  lines: ReadonlyArray<{ product: string; quantity: number }>;
}

/** The packs the shop promotes. */
export const DEMO_PACKS: readonly DemoPack[] = [
  {
    code: 'PACK-RAMADAN',
    name: 'Pack Ramadan Fraîcheur',
    discount: 0.08,
    lines: [
      { product: 'Hisense Réfrigérateur combiné 260 L', quantity: 1 },
      { product: 'Binatone Blender 1,5 L avec moulin', quantity: 1 },
      { product: 'Nasco Fontaine à eau chaud/froid', quantity: 1 },
    ],
  },
  {
    code: 'PACK-TABASKI',
    name: 'Pack Tabaski',
    discount: 0.1,
    lines: [
      { product: 'Nasco Congélateur coffre NAS-300 300 L', quantity: 1 },
      { product: 'Astech Cuisinière 4 feux 50x50 four à gaz', quantity: 1 },
      { product: 'Royal Mixeur plongeant 600 W', quantity: 1 },
    ],
  },
  {
    code: 'PACK-MAISON',
    name: 'Pack Maison équipée',
    discount: 0.07,
    lines: [
      { product: 'LG Smart TV 43" Full HD webOS', quantity: 1 },
      { product: 'LG Split 9000 BTU Dual Inverter', quantity: 1 },
      { product: 'Astech Ventilateur sur pied 16"', quantity: 2 },
      { product: 'Binatone Fer à vapeur 2200 W', quantity: 1 },
    ],
  },
  {
    code: 'PACK-STUDIO',
    name: 'Pack Studio étudiant',
    discount: 0.05,
    lines: [
      { product: 'Astech Réfrigérateur bar 90 L', quantity: 1 },
      { product: 'Innova Micro-ondes 20 L mécanique', quantity: 1 },
    ],
  },
];

/** The company every demo account belongs to. */
export const DEMO_COMPANY = 'Boutique SARL';

/** A demo login, printed at start so testers can sign in. */
export interface DemoAccount {
  email: string;
  password: string;
  role: 'admin' | 'customer';
  label: string;
  name: string;
  phone: string;
  adhesion: 'accepted' | null;
  parentEmail: string | null;
  /** A parent account's organisation (§6), the name members choose it by. */
  organisation?: string;
  /** The default delivery address of its profile ("Mes adresses"), with its phone, if it keeps one. */
  address?: string;
}

/** Demo accounts: an admin, a plain customer, two parent accounts (a mutual and a partner association) and an accepted member attached to the first. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@boutique.sn',
    password: 'Admin#2026',
    role: 'admin',
    label: 'Administrateur',
    name: 'Awa Ndiaye',
    phone: '221776543210',
    adhesion: null,
    parentEmail: null,
  },
  {
    email: 'client@boutique.sn',
    password: 'Client#2026',
    role: 'customer',
    label: 'Client',
    name: 'Fatou Diop',
    phone: '221771234567',
    adhesion: null,
    parentEmail: null,
    address: 'Sacré-Cœur 3, villa 45, Dakar',
  },
  {
    email: 'garant@boutique.sn',
    password: 'Garant#2026',
    role: 'customer',
    label: 'Parent (garant)',
    name: 'Ibrahima Sarr',
    phone: '221781112233',
    adhesion: null,
    parentEmail: null,
    organisation: 'Mutuelle des agents de Dakar',
  },
  {
    email: 'partenaire@boutique.sn',
    password: 'Partenaire#2026',
    role: 'customer',
    label: 'Parent (association partenaire)',
    name: 'Khady Sow',
    phone: '221701234567',
    adhesion: null,
    parentEmail: null,
    organisation: 'Association des commerçants de Sandaga',
  },
  {
    email: 'membre@boutique.sn',
    password: 'Membre#2026',
    role: 'customer',
    label: 'Adhérent (crédit)',
    name: 'Moussa Ba',
    phone: '221761234567',
    adhesion: 'accepted',
    parentEmail: 'garant@boutique.sn',
    address: 'Liberté 6, rue 12, Dakar',
  },
];
