import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { $drawerOpen } from './frame.store.ts';
import { $isAdmin, $isAuthenticated } from '../account/session.store.ts';
import { useMounted } from '../catalogue/use-mounted-store.ts';
import { accountLinks, ADMIN_LINK, isAccountLink, type NavLink } from './nav-links.ts';

interface Props {
  /** The navigation links of the "Menu" tab. */
  links: NavLink[];
  /** The category links of the "Catégories" tab ("All" first). */
  categories: NavLink[];
  /** The path of the page, to mark the current link. */
  currentPath: string;
}

type Tab = 'menu' | 'categories';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'menu', label: 'Menu' },
  { id: 'categories', label: 'Catégories' },
];

/** Mobile drawer (below 768 px): the header's menu button and a modal side panel with tabs Menu and Catégories. */
export default function MobileDrawer({ links, categories, currentPath }: Props) {
  const open = useStore($drawerOpen);
  // Pages are static: once hydrated, the account entries follow the session store.
  const hydrated = useMounted();
  const authenticated = useStore($isAuthenticated);
  const admin = useStore($isAdmin);
  const menuLinks = hydrated
    ? [...links.filter((l) => !isAccountLink(l)), ...accountLinks(authenticated), ...(admin ? [ADMIN_LINK] : [])]
    : links;
  const [tab, setTab] = useState<Tab>('menu');
  const dialog = useRef<HTMLDialogElement>(null);

  // A modal <dialog> gives the focus trap, the inert page behind and Escape for free.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)');
    const onChange = () => wide.matches && $drawerOpen.set(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const onTabKey = (e: KeyboardEvent) => {
    const keys: Record<string, Tab> = { ArrowLeft: 'menu', Home: 'menu', ArrowRight: 'categories', End: 'categories' };
    const next = keys[e.key];
    if (!next) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(`drawer-tab-${next}`)?.focus();
  };

  return (
    <>
      <button
        type="button"
        aria-label="Ouvrir le menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-drawer"
        onClick={() => $drawerOpen.set(true)}
        className="inline-flex size-11 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50 md:hidden"
      >
        <Icon name="menu" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the overlay click is the pointer's way to close; keyboards close the modal dialog with Escape (its native cancel) or « Fermer le menu ». */}
      <dialog
        id="mobile-drawer"
        ref={dialog}
        aria-label="Menu de navigation"
        onClose={() => $drawerOpen.set(false)}
        // A click that lands on the dialog box itself (not its panel) is a click on the overlay.
        onClick={(e) => e.target === e.currentTarget && $drawerOpen.set(false)}
        className="m-0 h-dvh max-h-none w-[85vw] max-w-xs bg-transparent p-0 backdrop:bg-slate-900/60"
      >
        <div className="flex h-full flex-col bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <div role="tablist" aria-label="Navigation" className="flex gap-1">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`drawer-tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`drawer-panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => setTab(t.id)}
                  onKeyDown={onTabKey}
                  className={`min-h-11 rounded-md px-4 font-semibold ${tab === t.id ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <button
              type="button"
              aria-label="Fermer le menu"
              onClick={() => $drawerOpen.set(false)}
              className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <Icon name="close" />
            </button>
          </div>
          <nav aria-label="Menu mobile" className="flex-1 overflow-y-auto p-3">
            {TABS.map((t) => (
              <div key={t.id} role="tabpanel" id={`drawer-panel-${t.id}`} aria-labelledby={`drawer-tab-${t.id}`} hidden={tab !== t.id}>
                <ul className="space-y-1">
                  {(t.id === 'menu' ? menuLinks : categories).map((l) => (
                    <li key={l.href}>
                      {/* drawer-row: a global.css class, repeated for every link and category. */}
                      <a href={l.href} className="drawer-row" aria-current={l.href === currentPath ? 'page' : undefined}>
                        {l.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
      </dialog>
    </>
  );
}
