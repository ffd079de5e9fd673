import type { ImportAction, ImportPreview } from '../../domain/admin-products.schema.ts';

const ACTION: Record<ImportAction, string> = { create: 'Création', update: 'Mise à jour', unchanged: 'Inchangé', invalid: 'Erreur' };
// A phone cannot show 5,000 rows: every row in error, then the first of the others.
const SHOWN = 50;

/** What an import would do, row by row: the rows in error first, each with its line and its French errors. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { counts } = preview;
  const bad = preview.rows.filter((r) => r.action === 'invalid');
  const rest = preview.rows.filter((r) => r.action !== 'invalid' && r.action !== 'unchanged');
  const shown = [...bad, ...rest.slice(0, SHOWN)];
  const hidden = rest.length - Math.min(rest.length, SHOWN);
  return (
    <div className="space-y-3">
      {preview.errors.map((e) => (
        <p key={e} role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
          {e}
        </p>
      ))}
      <ul aria-label="Résumé de l’import" className="grid grid-cols-2 gap-2 text-sm md:grid-cols-4">
        <li className="rounded-md bg-emerald-50 p-3">
          <b className="block text-lg">{counts.create.toLocaleString('fr-FR')}</b> à créer
        </li>
        <li className="rounded-md bg-brand-50 p-3">
          <b className="block text-lg">{counts.update.toLocaleString('fr-FR')}</b> à mettre à jour
        </li>
        <li className="rounded-md bg-slate-50 p-3">
          <b className="block text-lg">{counts.unchanged.toLocaleString('fr-FR')}</b> inchangés
        </li>
        <li className={`rounded-md p-3 ${counts.invalid ? 'bg-red-50 text-red-900' : 'bg-slate-50'}`}>
          <b className="block text-lg">{counts.invalid.toLocaleString('fr-FR')}</b> en erreur
        </li>
      </ul>
      {shown.length > 0 && (
        <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
          <table className="w-full bg-white text-sm">
            <caption className="sr-only">Lignes du fichier</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                {['Ligne', 'Produit', 'Action'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.line} className={`border-t border-slate-200 align-top ${r.action === 'invalid' ? 'bg-red-50' : ''}`}>
                  <td className="px-2 py-2 font-mono">{r.line}</td>
                  <td className="px-2 py-2">
                    {r.name || '—'}
                    {r.id !== null && <span className="text-slate-600"> (n° {r.id})</span>}
                    {r.errors.length > 0 && (
                      <ul className="mt-1 space-y-1 text-red-800">
                        {r.errors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={`px-2 py-2 font-semibold ${r.action === 'invalid' ? 'text-red-800' : ''}`}>{ACTION[r.action]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hidden > 0 && <p className="text-sm text-slate-700">… et {hidden.toLocaleString('fr-FR')} autres lignes sans erreur.</p>}
    </div>
  );
}
