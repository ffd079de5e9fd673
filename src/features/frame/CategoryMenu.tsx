import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import type { NavLink } from './nav-links.ts';

/** Desktop category dropdown of the navigation bar (a disclosure button and a list of links). */
export default function CategoryMenu({ categories }: { categories: NavLink[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation, not a control: Escape and focus leaving are caught here as they bubble from the button and the menu's links.
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="category-menu-list"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-900 px-4 font-semibold text-white hover:bg-brand-800"
      >
        <Icon name="menu" size={20} />
        Catégories
        <Icon name="chevronDown" size={18} className={open ? 'rotate-180' : undefined} />
      </button>
      <ul
        id="category-menu-list"
        hidden={!open}
        className="absolute top-full left-0 z-30 mt-1 max-h-[70vh] w-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-slate-800 shadow-lg [--focus-ring:var(--color-brand-700)]"
      >
        {categories.map((c) => (
          <li key={c.href}>
            <a href={c.href} className="menu-row">
              {c.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
