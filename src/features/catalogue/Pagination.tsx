import type { MouseEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { pageItems } from '../../domain/pagination.ts';

interface Props {
  page: number;
  last: number;
  /** URL of a page, so links work before JavaScript and can be opened in a new tab. */
  hrefFor: (page: number) => string;
  /** Shows a page in place. */
  onGo: (page: number) => void;
}

const box = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-2 text-sm font-semibold';

/** Pagination bar (spec §2): previous/next, first and last page, current ±2 with ellipses, 'page / total' on phones. */
export default function Pagination({ page, last, hrefFor, onGo }: Props) {
  if (last <= 1) return null;
  const go = (p: number) => (e: MouseEvent) => {
    // Let modified clicks open a new tab as links do.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onGo(p);
  };
  const edge = (target: number, label: string, icon: 'chevronLeft' | 'chevronRight', disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className={`${box} border-slate-200 text-slate-400`}>
        <Icon name={icon} size={18} />
        <span className="sr-only">{label}</span>
      </span>
    ) : (
      <a href={hrefFor(target)} onClick={go(target)} className={`${box} border-slate-300 bg-white text-slate-800 hover:border-brand-700`}>
        <Icon name={icon} size={18} />
        <span className="sr-only">{label}</span>
      </a>
    );
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-center gap-1.5">
      {edge(page - 1, 'Page précédente', 'chevronLeft', page <= 1)}
      <span className="px-2 text-sm font-semibold sm:hidden">
        {page} / {last}
      </span>
      <ul className="hidden items-center gap-1.5 sm:flex">
        {pageItems(page, last).map((item, i, items) =>
          item === 'ellipsis' ? (
            // A gap always follows a page number: it is known by that page.
            <li key={`after-${items[i - 1]}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={item}>
              <a
                href={hrefFor(item)}
                onClick={go(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={`${box} border-slate-300 bg-white text-slate-800 hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white`}
              >
                {item}
              </a>
            </li>
          ),
        )}
      </ul>
      {edge(page + 1, 'Page suivante', 'chevronRight', page >= last)}
    </nav>
  );
}
