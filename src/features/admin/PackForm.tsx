import { useId, useRef, useState, type FormEvent } from 'react';
import { formatFCFA } from '../../domain/money.ts';
import { packInputSchema, packTotal, type AdminPack } from '../../domain/pack-admin.ts';
import { ALERT, CARD, INPUT, PRIMARY, SECONDARY } from './admin-ui.ts';
import { countedLines, draftOf, emptyDraft, inputOf, type PackDraft } from './pack-draft.ts';
import { PackLineFields } from './PackLineFields.tsx';
import { PackProductPicker } from './PackProductPicker.tsx';
import { savePack } from './packs.store.ts';

type Problem = { message: string; field?: string } | null;

/** Creates or edits a pack: code, name, offered or not, its products with quantities and unit prices, and the total as it is typed. */
export function PackForm({ pack, onDone }: { pack: AdminPack | null; onDone: (saved: AdminPack | null) => void }) {
  const [draft, setDraft] = useState<PackDraft>(() => (pack ? draftOf(pack) : emptyDraft()));
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const set = (patch: Partial<PackDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const aria = (field: string) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = packInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem({ message: issue.message, field: issue.path.join('.') });
      requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'center' }));
      return;
    }
    setBusy(true);
    const result = await savePack(pack?.id ?? null, parsed.data);
    setBusy(false);
    if ('pack' in result) onDone(result.pack);
    else setProblem(result);
  }

  const taken = new Set(draft.lines.map((l) => l.product_id));
  const total = packTotal(countedLines(draft));
  return (
    <form onSubmit={submit} noValidate aria-labelledby="pack-form-title" className={`${CARD} space-y-4 p-4`}>
      <h2 id="pack-form-title" className="text-xl font-bold text-brand-900">
        {pack ? `Modifier « ${pack.name} »` : 'Nouveau pack'}
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <label className="block text-sm font-medium">
          Nom du pack
          <input
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            required
            maxLength={120}
            className={INPUT}
            {...aria('name')}
          />
        </label>
        <label className="block text-sm font-medium">
          Code du pack
          <input
            value={draft.code}
            onChange={(e) => set({ code: e.target.value.toUpperCase() })}
            required
            maxLength={40}
            autoCapitalize="characters"
            spellCheck={false}
            className={`${INPUT} font-mono`}
            {...aria('code')}
          />
          <span className="mt-1 block text-xs font-normal text-slate-700">
            Lettres sans accent, chiffres et tirets (ex. PACK-TABASKI) : il figure dans le lien du pack.
            {pack && ' Le changer rend inutiles les liens déjà partagés.'}
          </span>
        </label>
      </div>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state to the switch role itself; ARIA in HTML forbids aria-checked on input type=checkbox.
          role="switch"
          checked={draft.active}
          onChange={(e) => set({ active: e.target.checked })}
          className="size-5 accent-brand-700"
        />
        Proposé aux clients
      </label>

      <fieldset className="space-y-3">
        <legend className="font-semibold">Produits du pack</legend>
        {draft.lines.length === 0 ? (
          <p className="text-sm text-slate-700">Aucun produit pour l’instant : cherchez-en un ci-dessous.</p>
        ) : (
          <ul className="space-y-2">
            {draft.lines.map((line, i) => (
              <PackLineFields
                key={line.product_id}
                line={line}
                index={i}
                invalid={{ field: problem?.field, describedBy: errorId }}
                onChange={(next) => set({ lines: draft.lines.map((l, j) => (j === i ? next : l)) })}
                onRemove={() => set({ lines: draft.lines.filter((_, j) => j !== i) })}
              />
            ))}
          </ul>
        )}
        <PackProductPicker
          taken={taken}
          onPick={(p) => set({ lines: [...draft.lines, { product_id: p.id, name: p.name, quantity: '1', price_unit: String(p.price) }] })}
        />
      </fieldset>

      <p className="text-lg">
        Total du pack :{' '}
        <output aria-live="polite" className="font-bold text-brand-900">
          {formatFCFA(total)}
        </output>
      </p>
      {problem && (
        <p id={errorId} ref={alertRef} role="alert" className={ALERT}>
          {problem.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={`${PRIMARY} flex-1 md:flex-none`}>
          {busy ? 'Enregistrement…' : 'Enregistrer le pack'}
        </button>
        <button type="button" disabled={busy} onClick={() => onDone(null)} className={SECONDARY}>
          Annuler
        </button>
      </div>
    </form>
  );
}
