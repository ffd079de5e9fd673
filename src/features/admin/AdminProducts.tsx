import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { adminProductQuerySchema, type AdminProductQuery } from '../../domain/admin-products.schema.ts';
import type { Product } from '../../domain/catalogue.ts';
import { formatFCFA } from '../../domain/money.ts';
import { productImageSrc } from '../../lib/images.ts';
import { $adminProducts, $productRefs, loadAdminProducts, loadProductRefs } from './products.store.ts';
import { useUrlFilters } from './admin-filters.ts';
import { FilterForm, FilterSelect } from './AdminFilterForm.tsx';
import { PageNav } from './PageNav.tsx';
import { NotReady } from './AdminNotReady.tsx';

const DEFAULTS = { page: 1, limit: 20 };

const promo = (p: Product) => (p.en_promo && p.promo_price !== null ? formatFCFA(p.promo_price) : '—');
/** The stock (« Rupture » when none), and the units held by orders not yet paid or confirmed: they come back if the hold ends. */
const stock = (p: Product, held: number | undefined) => (
  <>
    {p.quantity <= 0 ? <span className="font-semibold text-red-700">Rupture</span> : String(p.quantity)}
    {held ? (
      <span className="text-amber-800">
        {' '}
        (+{held} réservé{held > 1 ? 's' : ''}, en attente)
      </span>
    ) : null}
  </>
);
const Saleable = ({ p }: { p: Product }) =>
  p.sale_ok ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">En vente</span>
  ) : (
    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Retiré</span>
  );
const Thumb = ({ p }: { p: Product }) => (
  <img
    src={productImageSrc(p.image_256)}
    alt=""
    width={48}
    height={48}
    loading="lazy"
    className="size-12 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200"
  />
);

/** The back office's products: searched by name, filtered, paged (all kept in the URL); a table on wide screens, cards at 360 px. */
export default function AdminProducts() {
  const view = useStore($adminProducts);
  const refs = useStore($productRefs);
  const { filters, go, submit, key } = useUrlFilters<AdminProductQuery>(
    '/admin/produits',
    adminProductQuerySchema.shape,
    DEFAULTS,
    loadAdminProducts,
  );
  useEffect(() => void loadProductRefs(), []);

  const page = filters.page ?? 1;
  const limit = filters.limit ?? DEFAULTS.limit;
  const categories = refs.status === 'ready' ? refs.data.categories : [];
  return (
    <div className="space-y-4">
      {/* Drawn once the categories are known, so a select filled late never resets what was typed. */}
      {refs.status !== 'loading' && (
        <FilterForm label="Rechercher des produits" words="Nom du produit" q={filters.q} onSubmit={submit} formKey={key}>
          <FilterSelect
            name="category"
            label="Catégorie"
            value={filters.category}
            all="Toutes"
            options={categories.map((c) => [c.id, c.name] as const)}
          />
          <FilterSelect
            name="sale_ok"
            label="Vente"
            value={filters.sale_ok}
            options={[
              ['true', 'En vente'],
              ['false', 'Retirés de la vente'],
            ]}
          />
          <div className="col-span-2 md:col-span-4">
            <button
              type="submit"
              className="min-h-11 w-full rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 sm:w-auto"
            >
              Rechercher
            </button>
          </div>
        </FilterForm>
      )}

      <NotReady view={view} loading="Chargement des produits…" />
      {view.status === 'ready' && (
        <section aria-label="Produits">
          <p className="mb-2 text-sm text-slate-700" role="status">
            {view.data.total === 0
              ? 'Aucun produit ne correspond.'
              : `${view.data.total.toLocaleString('fr-FR')} produit${view.data.total > 1 ? 's' : ''}`}
          </p>
          <ul className="space-y-2 md:hidden">
            {view.data.products.map((p) => (
              <li key={p.id} className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
                <Thumb p={p} />
                <div className="min-w-0 flex-1 space-y-1">
                  <a href={`/admin/produits/${p.id}`} className="block font-semibold text-brand-800 underline">
                    {p.name}
                  </a>
                  <p className="text-xs text-slate-600">
                    {p.categ_id ?? 'Sans catégorie'} · n° {p.id}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                    <span className="font-bold">{formatFCFA(p.list_price)}</span>
                    {p.en_promo && p.promo_price !== null && <span className="text-red-700">Promo {promo(p)}</span>}
                    <span>Stock : {stock(p, view.data.held[p.id])}</span>
                    <Saleable p={p} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:block">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  {['Produit', 'Catégorie', 'Prix', 'Promo', 'Stock', 'Vente'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.data.products.map((p) => (
                  <tr key={p.id} className="border-t border-slate-200">
                    <td className="px-3 py-2">
                      <span className="flex items-center gap-3">
                        <Thumb p={p} />
                        <a href={`/admin/produits/${p.id}`} className="font-semibold text-brand-800 underline">
                          {p.name}
                        </a>
                      </span>
                    </td>
                    <td className="px-3 py-2">{p.categ_id ?? '—'}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatFCFA(p.list_price)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{promo(p)}</td>
                    <td className="px-3 py-2">{stock(p, view.data.held[p.id])}</td>
                    <td className="px-3 py-2">
                      <Saleable p={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageNav page={page} limit={limit} total={view.data.total} go={(n) => go({ ...filters, page: n })} />
        </section>
      )}
    </div>
  );
}
