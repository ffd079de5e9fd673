/** The links of the navigation bar and of the drawer's "Menu" tab, in the order of spec §2 "Shared frame". */

/** One navigation entry. */
export interface NavLink {
  href: string;
  label: string;
}

/** What decides which links appear; everything is optional so pages can pass nothing. */
export interface NavOptions {
  /** A verified session exists (§2 "Shared frame"): Déconnexion and Profil instead of Connexion. */
  loggedIn?: boolean;
  /** Promo products exist (§2 "Shared frame"); shown while unknown. */
  showPromo?: boolean;
  /** Tabaski products exist (§2 "Shared frame"); shown while unknown. */
  showTabaski?: boolean;
}

/** Where logging out goes: /login clears the session when it sees `logout=1` (§2, §6). */
const LOGOUT_HREF = '/login?logout=1';

/** Tailwind classes of a link in the desktop navigation bar (static links and the account island alike). */
export const NAV_LINK_CLASS =
  'inline-flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-brand-800 aria-[current=page]:underline aria-[current=page]:underline-offset-4';

/** The back office's way in, shown to admins only (the root's `data-admin` mark, the drawer's session store). */
export const ADMIN_LINK: NavLink = { href: '/admin', label: 'Administration' };

/** The account entries of the navigation: Connexion, or Déconnexion and Profil. */
export function accountLinks(loggedIn: boolean): NavLink[] {
  return loggedIn
    ? [
        { href: LOGOUT_HREF, label: 'Déconnexion' },
        { href: '/profile', label: 'Profil' },
      ]
    : [{ href: '/login', label: 'Connexion' }];
}

/** True for the entries accountLinks produces (islands swap them as the session changes). */
export const isAccountLink = (l: NavLink) => l.href === '/login' || l.href === LOGOUT_HREF || l.href === '/profile';

/** The navigation links for the given state. */
export function navLinks({ loggedIn = false, showPromo = true, showTabaski = true }: NavOptions = {}): NavLink[] {
  const links: Array<NavLink | false> = [
    { href: '/', label: 'Accueil' },
    { href: '/boutique', label: 'Boutique' },
    showPromo && { href: '/en-promo', label: 'En promo' },
    showTabaski && { href: '/promo-tabaski', label: 'Promo Tabaski' },
    { href: '/credit-commandes', label: 'A Crédit' },
    { href: '/informations', label: 'Informations' },
    ...accountLinks(loggedIn),
  ];
  return links.filter((l): l is NavLink => l !== false);
}

const PROMO_LISTINGS = ['/en-promo', '/promo-ramadan', '/promo-tabaski'];
const withoutSlash = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The listing a picked category leads to: the current promo listing, otherwise /boutique (§2). */
export function listingBase(pathname: string): string {
  const path = withoutSlash(pathname);
  return PROMO_LISTINGS.includes(path) ? path : '/boutique';
}

/** The URL of a category on a listing, back on page 1. */
export function categoryHref(base: string, id: number | 'All'): string {
  return `${base}?category=${encodeURIComponent(String(id))}&page=1`;
}

/** True when `href` is the page being shown (for aria-current). */
export function isCurrent(href: string, pathname: string): boolean {
  return href === withoutSlash(pathname);
}
