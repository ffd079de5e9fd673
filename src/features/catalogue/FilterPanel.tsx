import { Fragment, useEffect, useId, useRef, useState } from 'react';
import type { Tag } from '../../domain/catalogue.ts';
import type { Filters, ProductType } from '../../domain/filters.ts';
import { defaultFilters } from '../../domain/listing-url.ts';
import { formatFCFA } from '../../domain/money.ts';
import { useMounted } from './use-mounted-store.ts';

/** A category choice of the panel ('All' first). */
export interface CategoryOption {
  id: number | 'All';
  name: string;
}

interface Props {
  /** Listing path: without JavaScript the panel is a GET form to it. */
  action: string;
  filters: Filters;
  categories: CategoryOption[];
  tags: Tag[];
  /** Hide the type radios on listings whose type is fixed (credit products). */
  showTypes: boolean;
  onChange: (change: Partial<Filters>) => void;
  onReset: () => void;
}

const STEP = 1000;
const PRICE_MIN = defaultFilters.min;
const PRICE_MAX = defaultFilters.max;
// The range settles this long after the thumb stops, so dragging does not fire a request per pixel.
const SETTLE_MS = 400;
const field = 'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base';

/** Filter panel (spec §2): type radios, price range 'Prix (FCFA)', category and tag lists, reset. */
export default function FilterPanel({ action, filters, categories, tags, showTypes, onChange, onReset }: Props) {
  const id = useId();
  const [range, setRange] = useState({ min: filters.min, max: filters.max });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setRange({ min: filters.min, max: filters.max }), [filters.min, filters.max]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Until hydration the panel is a plain form with its own submit button.
  const hydrated = useMounted();

  const slide = (key: 'min' | 'max', value: number) => {
    const next = { ...range, [key]: value };
    if (key === 'min' && next.min > next.max) next.max = next.min;
    if (key === 'max' && next.max < next.min) next.min = next.max;
    setRange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), SETTLE_MS);
  };
  // The credit radio is drawn for everyone (the listing is cached alike for all) and shown only to an accepted member
  // with a parent account, at first paint, by global.css's root mark (member-marks.ts).
  const types: Array<[ProductType, string]> = [
    ['All', 'Tous les produits'],
    ['promo', 'Produits en promo'],
    ['credit', 'Produits à crédit'],
  ];
  // The category and tag lists: [id suffix, filter, label, choices].
  const lists: Array<[string, 'category' | 'tag', string, CategoryOption[]]> = [
    ['cat', 'category', 'Catégorie', categories],
    ['tag', 'tag', 'Étiquette', [{ id: 'All', name: 'Toutes les étiquettes' }, ...tags]],
  ];
  const sliderMin = Math.min(PRICE_MIN, range.min);

  return (
    <form action={action} method="get" onSubmit={(e) => e.preventDefault()} className="space-y-5">
      {filters.search && <input type="hidden" name="search" value={filters.search} />}
      {showTypes && (
        <fieldset>
          <legend className="mb-2 font-semibold">Type de produits</legend>
          {types.map(([value, label]) => (
            <label
              key={value}
              data-credit-radio={value === 'credit' ? '' : undefined}
              className="flex min-h-11 cursor-pointer items-center gap-3"
            >
              <input
                type="radio"
                name="productType"
                value={value}
                checked={filters.productType === value}
                onChange={() => onChange({ productType: value })}
                className="size-5 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend className="mb-2 font-semibold">Prix (FCFA)</legend>
        <p className="mb-2 text-sm text-slate-700" aria-live="polite">
          {formatFCFA(range.min)} – {formatFCFA(range.max)}
        </p>
        {(['min', 'max'] as const).map((end) => (
          <Fragment key={end}>
            <label htmlFor={`${id}-${end}`} className="block text-sm">
              {end === 'min' ? 'Prix minimum' : 'Prix maximum'}
            </label>
            <input
              id={`${id}-${end}`}
              type="range"
              name={end}
              min={sliderMin}
              max={PRICE_MAX}
              step={STEP}
              value={range[end]}
              aria-valuetext={formatFCFA(range[end])}
              onChange={(e) => slide(end, Number(e.target.value))}
              className="block min-h-11 w-full accent-brand-700"
            />
          </Fragment>
        ))}
      </fieldset>
      {lists.map(([key, name, label, options]) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="mb-1 block font-semibold">
            {label}
          </label>
          <select
            id={`${id}-${key}`}
            name={name}
            value={String(filters[name])}
            onChange={(e) => onChange({ [name]: e.target.value === 'All' ? 'All' : Number(e.target.value) })}
            className={field}
          >
            {options.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      {!hydrated && (
        <button type="submit" className="min-h-11 w-full rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-800">
          Appliquer les filtres
        </button>
      )}
      <button
        type="button"
        onClick={onReset}
        className="min-h-11 w-full rounded-md border-2 border-brand-700 font-semibold text-brand-800 hover:bg-brand-50"
      >
        Réinitialiser
      </button>
    </form>
  );
}
