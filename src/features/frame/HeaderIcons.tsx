import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import type { IconName } from '../../components/ui/icons.ts';
import { $isAuthenticated, $isCreditMember } from '../account/session.store.ts';
import { $counts } from './frame.store.ts';

interface Props {
  /** A verified session exists: a profile icon instead of the login icon. */
  loggedIn?: boolean;
  /** The user is a member whose adhesion is accepted: the credit-cart icon shows. */
  creditMember?: boolean;
}

interface Entry {
  href: string;
  label: string;
  icon: IconName;
  count: number;
}

const ICON_LINK = 'relative inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50';

/** Header icons: wishlist, cart, pre-order cart and credit cart with their counts, then profile or login. */
export default function HeaderIcons({ loggedIn = false, creditMember = false }: Props) {
  const counts = useStore($counts);
  // Counts live in browser storage: show them only once hydrated so server and client markup agree.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Once hydrated the session store (read from the cookies) decides; the props only serve the first render.
  const authenticated = useStore($isAuthenticated);
  const member = useStore($isCreditMember);
  const isIn = hydrated ? authenticated : loggedIn;
  const isMember = hydrated ? member : creditMember;

  const entries: Entry[] = [
    { href: '/wishlist', label: 'Liste de souhaits', icon: 'heart', count: counts.wishlist },
    { href: '/cart', label: 'Panier', icon: 'cart', count: counts.cart },
    { href: '/pre-cart', label: 'Panier de précommande', icon: 'calendar', count: counts.preCart },
  ];
  if (isMember) entries.push({ href: '/credit-cart', label: 'Panier à crédit', icon: 'creditCard', count: counts.creditCart });

  return (
    <ul className="flex items-center sm:gap-1">
      {entries.map(({ href, label, icon, count }) => {
        const shown = hydrated ? count : 0;
        const name = shown > 0 ? `${label} : ${shown} article${shown > 1 ? 's' : ''}` : label;
        return (
          <li key={href}>
            <a href={href} aria-label={name} title={label} className={ICON_LINK}>
              <Icon name={icon} />
              {shown > 0 && (
                <span
                  aria-hidden="true"
                  className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-accent-400 px-1 text-center text-xs leading-5 font-bold text-slate-900"
                >
                  {shown > 99 ? '99+' : shown}
                </span>
              )}
            </a>
          </li>
        );
      })}
      <li>
        {isIn ? (
          <a href="/profile" aria-label="Mon profil" title="Mon profil" className={ICON_LINK}>
            <Icon name="user" />
          </a>
        ) : (
          <a href="/login" aria-label="Se connecter" title="Se connecter" className={ICON_LINK}>
            <Icon name="login" />
          </a>
        )}
      </li>
    </ul>
  );
}
