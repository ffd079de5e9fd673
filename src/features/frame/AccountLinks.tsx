import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $isAuthenticated } from '../account/session.store.ts';
import { accountLinks, isCurrent } from './nav-links.ts';

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
            className="inline-flex min-h-11 items-center rounded-md px-3 font-medium hover:bg-brand-800 aria-[current=page]:underline aria-[current=page]:underline-offset-4"
          >
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
