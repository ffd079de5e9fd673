import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Category, Tag } from '../../domain/catalogue.ts';
import { PRODUCT_LABELS, type CsvColumn } from '../../domain/catalogue-csv.ts';
import { formatFCFA } from '../../domain/money.ts';
import { FormMessage } from '../account/form-kit.tsx';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { AuditJournal, type JournalWords } from './AuditJournal.tsx';
import { checkProduct, formLabel, productBodyOf } from './product-form.ts';
import { ProductDelete } from './ProductDelete.tsx';
import { ProductFields } from './ProductFields.tsx';
import { ProductImageField } from './ProductImageField.tsx';
import { $productEditor, $productRefs, loadProductEditor, loadProductRefs, saveProduct, uploadProductImage } from './products.store.ts';
import { NotReady } from './AdminNotReady.tsx';

const ACTIONS: Record<string, string> = {
  create: 'Création',
  update: 'Modification',
  retire: 'Retrait de la vente',
  delete: 'Suppression',
  image: 'Photo',
  import: 'Import CSV',
};
const PRICES = new Set(['list_price', 'promo_price', 'preorder_price', 'creditorder_price']);

function journalWords(categories: Category[], tags: Tag[]): JournalWords {
  return {
    actions: ACTIONS,
    field: (f) => (f in PRODUCT_LABELS ? formLabel(f as CsvColumn) : f),
    value: (f, v) => {
      if (f === 'image') return v ? 'nouvelle' : 'aucune';
      if (v === null || v === undefined || v === '') return '—';
      if (typeof v === 'boolean') return v ? 'oui' : 'non';
      if (PRICES.has(f) && typeof v === 'number') return formatFCFA(v);
      if (f === 'categ_id') return categories.find((c) => c.id === v)?.name ?? String(v);
      if (f === 'tags' && Array.isArray(v)) return v.map((id) => tags.find((t) => t.id === id)?.name ?? String(id)).join(', ') || '—';
      return typeof v === 'string' ? v : JSON.stringify(v);
    },
  };
}

/** Creating (no id) or editing a product: every §3 field checked with the API's schema, its photo with progress, delete (or withdrawal from sale), its journal. */
export default function AdminProduct({ id }: { id: number | null }) {
  const view = useStore($productEditor);
  const refs = useStore($productRefs);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [pending, setPending] = useState<File | null>(null);
  useEffect(() => {
    void loadProductEditor(id);
    void loadProductRefs();
  }, [id]);

  async function sendImage(productId: number, file: File) {
    setProgress(0);
    const ok = await uploadProductImage(productId, file, setProgress);
    setProgress(null);
    return ok;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkProduct(productBodyOf([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v)] as const)));
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`f-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const saved = await saveProduct(id, checked.input);
    if (!saved.ok) {
      setBusy(false);
      if (saved.field) setErrors({ [saved.field]: saved.message });
      return;
    }
    if (id === null) {
      if (pending) await sendImage(saved.product.id, pending);
      toastAfterNavigation(`Produit « ${saved.product.name} » créé.`, { kind: 'success' });
      location.assign(`/admin/produits/${saved.product.id}`);
      return;
    }
    setBusy(false);
  }

  if (view.status === 'loading' || refs.status === 'loading') return <p role="status">Chargement du produit…</p>;
  if (view.status !== 'ready') return <NotReady view={view} />;
  if (refs.status !== 'ready') return <NotReady view={refs} />;
  const { product, audit } = view.data;
  const { categories, tags } = refs.data;
  const errorCount = Object.keys(errors).length;
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href="/admin/produits" className="font-semibold text-brand-700 underline">
          ← Tous les produits
        </a>
        {product?.sale_ok && (
          <a href={`/produits/${product.id}/details`} className="font-semibold text-brand-700 underline">
            Voir dans la boutique
          </a>
        )}
      </p>
      {product && <p className="text-xl font-bold text-brand-900">{product.name}</p>}
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          aria-label={product ? `Modifier ${product.name}` : 'Nouveau produit'}
          className="space-y-4"
          key={product?.id ?? 'nouveau'}
        >
          <ProductFields product={product} categories={categories} tags={tags} errors={errors} />
          <FormMessage kind="error" text={errorCount ? `${errorCount} champ${errorCount > 1 ? 's' : ''} à corriger.` : undefined} />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {product ? 'Enregistrer' : 'Créer le produit'}
          </button>
        </form>
        <div className="space-y-4">
          <ProductImageField
            current={product?.image_256 ?? null}
            progress={progress}
            onChoose={(file) => (product ? void sendImage(product.id, file) : setPending(file))}
          />
          {product && <ProductDelete product={product} />}
          {product && <AuditJournal entries={audit} words={journalWords(categories, tags)} />}
        </div>
      </div>
    </div>
  );
}
