/** The back office's screens in its navigation's order: each one's address and title. */
export const ADMIN_SCREENS = [
  { href: '/admin', label: 'Tableau de bord' },
  { href: '/admin/commandes', label: 'Commandes' },
  { href: '/admin/produits', label: 'Produits' },
  { href: '/admin/categories', label: 'Catégories et étiquettes' },
  { href: '/admin/packs', label: 'Packs' },
  { href: '/admin/clients', label: 'Clients et adhérents' },
  { href: '/admin/adhesions', label: 'Adhésions' },
  { href: '/admin/echeances', label: 'Échéances en retard' },
  { href: '/admin/prelevements', label: 'Prélèvements' },
  { href: '/admin/credit', label: 'Conditions de crédit' },
  { href: '/admin/crm', label: 'Suivi clients' },
  { href: '/admin/synonymes', label: 'Mots des clients' },
  { href: '/admin/offre-bienvenue', label: 'Offre de bienvenue' },
  { href: '/admin/messages', label: 'Messages en échec' },
] as const;
