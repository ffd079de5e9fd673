import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $isAuthenticated } from '../account/session.store.ts';
import { accountLinks, isCurrent, NAV_LINK_CLASS } from './nav-links.ts';

interface Props {
  /** The server's view, for the first render. */
  loggedIn: boolean;
  currentPath: string;
}

/** The navigation bar's account entries, following the session: Connexion, or Déconnexion and Profil. */
export default function AccountLinks({ loggedIn, currentPath }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const authenticated = useStore($isAuthenticated);
  return (
    <ul className="flex items-center gap-x-1">
      {accountLinks(hydrated ? authenticated : loggedIn).map((l) => (
        <li key={l.href}>
          <a
            href={l.href}
            aria-current={isCurrent(l.href, currentPath) ? 'page' : undefined}
            className={NAV_LINK_CLASS}
          >
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
