import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import type { Product, Tag } from '../../domain/catalogue.ts';
import type { Filters, Scope } from '../../domain/filters.ts';
import { filtersFromQuery, queryFromFilters, resetFilters, withChange } from '../../domain/listing-url.ts';
import { countLine, pageCount } from '../../domain/pagination.ts';
import { $listing, loadListing, startListing } from './catalogue.store.ts';
import { $typedSearch } from './search.store.ts';
import CompareTray from './CompareTray.tsx';
import FilterPanel, { type CategoryOption } from './FilterPanel.tsx';
import Pagination from './Pagination.tsx';
import ProductCard from './ProductCard.tsx';

interface Props {
  scope: Scope;
  /** Path of the listing route, for page links. */
  path: string;
  filters: Filters;
  products: Product[];
  total: number;
  /** Set when the server could not load the page. */
  error?: string | null;
  categories: CategoryOption[];
  tags: Tag[];
  /** Filters this listing always applies (credit products: productType credit). */
  fixed?: Partial<Filters>;
  emptyMessage: string;
}

/** A listing with its filter panel, count line, grid and pagination; filters live in the URL (Back works). */
export default function ProductListing(props: Props) {
  const { scope, path, categories, tags, fixed = {}, emptyMessage } = props;
  const stored = useStore($listing);
  const { filters, products, total, loading, error } = stored ?? { ...props, loading: false, error: props.error ?? null };
  const [panelOpen, setPanelOpen] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the island comes alive: the page's props (scope, path, first page, fixed filters) never change for an island, and later pages come from the store.
  useEffect(() => {
    startListing({ scope, filters: props.filters, products: props.products, total: props.total });
    const onPop = () => void loadListing(scope, { ...filtersFromQuery(location.search), ...fixed });
    addEventListener('popstate', onPop);
    // Typing in the header search filters this listing in place (replacing the history entry, not adding one per word).
    const stopTyped = $typedSearch.listen((typed) => {
      const current = $listing.get()?.filters;
      if (!typed || typed.listing !== path || !current || typed.term === current.search) return;
      show(withChange(current, { search: typed.term }), false, true);
    });
    return () => {
      removeEventListener('popstate', onPop);
      stopTyped();
    };
  }, []);

  const hrefFor = (f: Filters) => `${path}${queryFromFilters(f)}`;
  const show = (next: Filters, scroll = false, replace = false) => {
    const all = { ...next, ...fixed };
    history[replace ? 'replaceState' : 'pushState'](null, '', hrefFor(all));
    void loadListing(scope, all);
    if (scroll) top.current?.scrollIntoView({ block: 'start' });
  };
  const last = pageCount(total, filters.limit);
  const pageHref = (page: number) => hrefFor({ ...filters, page });

  return (
    <div ref={top} className="scroll-mt-4 md:grid md:grid-cols-[16rem_1fr] md:gap-6">
      <aside aria-label="Filtres" className="mb-4 md:mb-0">
        <button
          type="button"
          aria-expanded={panelOpen}
          aria-controls="filter-panel"
          onClick={() => setPanelOpen((o) => !o)}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white font-semibold md:hidden"
        >
          <Icon name="filter" size={18} />
          Filtres
        </button>
        <div
          id="filter-panel"
          className={`${panelOpen ? 'block' : 'hidden'} mt-3 rounded-lg border border-slate-200 bg-white p-4 md:mt-0 md:block`}
        >
          <FilterPanel
            action={path}
            filters={filters}
            categories={categories}
            tags={tags}
            showTypes={!fixed.productType}
            onChange={(change) => show(withChange(filters, change))}
            onReset={() => show({ ...resetFilters })}
          />
        </div>
      </aside>
      <section aria-labelledby="listing-title" aria-busy={loading}>
        <h2 id="listing-title" className="sr-only">
          Produits
        </h2>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <p id="listing-count" role="status" className="font-semibold text-slate-800">
            {countLine(filters.page, filters.limit, total)}
          </p>
          {filters.search && (
            <p className="text-sm text-slate-700">
              Recherche : « {filters.search} »{' '}
              <button
                type="button"
                onClick={() => show(withChange(filters, { search: '' }))}
                className="min-h-11 px-2 font-semibold text-brand-800 underline"
              >
                Effacer la recherche
              </button>
            </p>
          )}
        </div>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-red-800">
            {error}
          </p>
        )}
        {products.length === 0 && !loading ? (
          <p className="rounded-lg bg-white p-8 text-center text-lg text-slate-700">{emptyMessage}</p>
        ) : (
          <ul
            className={`grid grid-cols-2 gap-3 transition-opacity lg:grid-cols-3 lg:gap-4 ${loading ? 'pointer-events-none opacity-50' : ''}`}
          >
            {products.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} eager={i < 2} preorder={scope === 'preorder'} />
              </li>
            ))}
          </ul>
        )}
        <CompareTray />
        <Pagination page={filters.page} last={last} hrefFor={pageHref} onGo={(page) => show({ ...filters, page }, true)} />
      </section>
    </div>
  );
}
