import type { Category, Product, Tag } from '../../domain/catalogue.ts';
import { Field } from '../account/form-kit.tsx';
import { Panel } from './AdminPanel.tsx';
import { formLabel } from './product-form.ts';

type Errors = Record<string, string>;
const HINT = 'En francs CFA, nombre entier (ex. 250 000).';
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

function Check({ name, checked, hint }: { name: 'en_promo' | 'is_creditorder' | 'sale_ok'; checked: boolean; hint: string }) {
  return (
    <label className="flex min-h-11 items-baseline gap-3 rounded-md border border-slate-200 p-3">
      {/* Keyed on the stored value: 'Retirer de la vente' changes it from outside the form. */}
      <input
        key={String(checked)}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className="size-5 shrink-0 accent-brand-700"
        aria-describedby={`f-${name}-hint`}
      />
      <span>
        <span className="block font-medium">{formLabel(name)}</span>
        <span id={`f-${name}-hint`} className="block text-sm text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}

const price = (
  p: Product | null,
  field: 'list_price' | 'promo_price' | 'preorder_price' | 'creditorder_price',
  errors: Errors,
  hint = HINT,
) => <Field name={field} label={formLabel(field)} inputMode="numeric" defaultValue={text(p?.[field])} hint={hint} error={errors[field]} />;

/** Every product field of §3 as form controls, each with its error beside it; uncontrolled, read on submit. */
export function ProductFields({
  product: p,
  categories,
  tags,
  errors,
}: {
  product: Product | null;
  categories: Category[];
  tags: Tag[];
  errors: Errors;
}) {
  const chosen = new Set(p?.tags.map((t) => t.id) ?? []);
  return (
    <>
      <Panel title="Informations" id="infos">
        <Field name="name" label={formLabel('name')} defaultValue={p?.name ?? ''} error={errors.name} />
        <div className="space-y-1">
          <label htmlFor="f-description" className="block font-medium text-slate-800">
            {formLabel('description')}
          </label>
          <textarea
            id="f-description"
            name="description"
            rows={4}
            defaultValue={p?.description ?? ''}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'f-description-err' : undefined}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-600"
          />
          <FieldError id="f-description-err" error={errors.description} />
        </div>
        <div className="space-y-1">
          <label htmlFor="f-categ_id" className="block font-medium text-slate-800">
            {formLabel('categ_id')}
          </label>
          <select
            id="f-categ_id"
            name="categ_id"
            defaultValue={p?.category_id ?? ''}
            aria-invalid={errors.categ_id ? true : undefined}
            aria-describedby={errors.categ_id ? 'f-categ_id-err' : undefined}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2"
          >
            <option value="">Sans catégorie</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id="f-categ_id-err" error={errors.categ_id} />
        </div>
        <fieldset className="space-y-1" aria-describedby={errors.tags ? 'f-tags-err' : undefined}>
          <legend className="font-medium text-slate-800">{formLabel('tags')}</legend>
          {tags.length === 0 && <p className="text-sm text-slate-600">Aucune étiquette.</p>}
          <div className="flex flex-wrap gap-2">
            {tags.map((t) => (
              <label key={t.id} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3">
                <input type="checkbox" name="tags" value={t.id} defaultChecked={chosen.has(t.id)} className="size-5 accent-brand-700" />
                {t.name}
              </label>
            ))}
          </div>
          <FieldError id="f-tags-err" error={errors.tags} />
        </fieldset>
      </Panel>
      <Panel title="Tarifs" id="tarifs">
        <div className="grid gap-3 sm:grid-cols-2">
          {price(p, 'list_price', errors)}
          {price(p, 'promo_price', errors, 'Pris en compte quand « En promo » est coché.')}
        </div>
        <Check name="en_promo" checked={p?.en_promo ?? false} hint="Le prix promo remplace le prix dans la boutique." />
        <div className="grid gap-3 sm:grid-cols-2">
          {price(p, 'preorder_price', errors, 'Vide : pas de précommande.')}
          {price(p, 'creditorder_price', errors, 'Pour les adhérents, si « À crédit » est coché.')}
        </div>
        <Check name="is_creditorder" checked={p?.is_creditorder ?? false} hint="Les adhérents peuvent le commander à crédit." />
      </Panel>
      <Panel title="Vente et stock" id="vente">
        <Check name="sale_ok" checked={p?.sale_ok ?? true} hint="Décoché : le produit n’apparaît plus dans la boutique." />
        <div className="grid grid-cols-2 gap-3">
          <Field
            name="rang"
            label={formLabel('rang')}
            inputMode="numeric"
            defaultValue={text(p?.rang ?? 0)}
            hint="Ordre d’affichage : le plus petit d’abord."
            error={errors.rang}
          />
          <Field
            name="quantity"
            label={formLabel('quantity')}
            inputMode="numeric"
            defaultValue={text(p?.quantity ?? 0)}
            error={errors.quantity}
          />
        </div>
      </Panel>
    </>
  );
}
