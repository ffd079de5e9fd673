import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { CSV_COLUMNS, csvHeader } from '../../domain/catalogue-csv.ts';
import { FilePicker } from '../../components/ui/FilePicker.tsx';
import { ImportPreviewTable } from './ImportPreviewTable.tsx';
import { Panel } from './AdminPanel.tsx';
import { BIG_BUTTON as BUTTON, BOX } from './admin-ui.ts';
import { $productImport, commitImport, exportCatalogue, previewImport, resetImport } from './product-import.store.ts';

/** The catalogue as a CSV file: download it, then import an edited one after a preview of each row, all or nothing. */
export default function AdminProductImport() {
  const state = useStore($productImport);
  const [exporting, setExporting] = useState(false);
  const sending = state.step === 'sending';
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <Panel id="exporter" title="Exporter" className={`${BOX} h-fit`}>
        <p className="text-sm text-slate-700">
          Tout le catalogue, produits retirés compris, dans un fichier que LibreOffice et Excel ouvrent avec les accents.
        </p>
        <button
          type="button"
          disabled={exporting}
          onClick={() => {
            setExporting(true);
            void exportCatalogue().finally(() => setExporting(false));
          }}
          className={`${BUTTON} w-full bg-brand-700 text-white hover:bg-brand-800`}
        >
          Télécharger le catalogue (CSV)
        </button>
      </Panel>
      <Panel id="importer" title="Importer">
        <details className="text-sm text-slate-700">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">Format attendu</summary>
          <ul className="space-y-2">
            <li>
              Colonnes séparées par des points-virgules, la première ligne nomme les colonnes :{' '}
              <code className="break-all">{CSV_COLUMNS.map(csvHeader).join(';')}</code> (toutes ne sont pas obligatoires).
            </li>
            <li>
              Une ligne avec un <b>id</b> met à jour ce produit ; sans id, elle crée un produit (nom et prix obligatoires).
            </li>
            <li>
              Prix en francs CFA entiers ; « oui » ou « non » pour en promo, à crédit et en vente ; étiquettes séparées par des virgules.
            </li>
            <li>Catégories et étiquettes par leur nom : elles doivent déjà exister.</li>
            <li>
              Une case vide efface un prix promo, précommande ou crédit, la catégorie, les étiquettes ou la description ; ailleurs elle
              laisse la valeur en place.
            </li>
          </ul>
        </details>
        <FilePicker
          id="f-csv"
          label="Choisir un fichier CSV"
          accept=".csv,text/csv"
          disabled={sending}
          chosen={state.step === 'idle' ? null : state.file}
          onFile={(f) => void previewImport(f)}
        />
        {state.step === 'sending' && (
          <div className="space-y-1">
            <progress
              max={1}
              value={state.writing ? undefined : state.progress}
              aria-label={`Envoi de ${state.file}`}
              className="w-full accent-brand-700"
            />
            <p role="status" className="text-sm">
              {state.writing ? 'Enregistrement des produits…' : `Envoi de ${state.file} : ${Math.round(state.progress * 100)} %`}
            </p>
          </div>
        )}
        {state.step === 'error' && (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800">
            {state.file} : {state.message}
          </p>
        )}
        {state.step === 'done' && (
          <p role="status" className="rounded-md bg-emerald-50 p-3 font-medium text-emerald-900">
            {state.file} importé : {state.result.created} créé{state.result.created > 1 ? 's' : ''}, {state.result.updated} mis à jour,{' '}
            {state.result.unchanged} inchangé{state.result.unchanged > 1 ? 's' : ''}.
          </p>
        )}
        {(state.step === 'preview' || (state.step === 'error' && state.preview)) && (
          <div className="space-y-3">
            {state.step === 'preview' && <p className="font-semibold">Aperçu de {state.file}</p>}
            <ImportPreviewTable preview={state.step === 'preview' ? state.preview : state.preview!} />
            {state.step === 'preview' && (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={
                    state.preview.counts.invalid > 0 ||
                    state.preview.errors.length > 0 ||
                    state.preview.counts.create + state.preview.counts.update === 0
                  }
                  onClick={() => void commitImport()}
                  className={`${BUTTON} flex-1 bg-brand-700 text-white hover:bg-brand-800 md:flex-none`}
                >
                  Importer
                </button>
                <button type="button" onClick={resetImport} className={`${BUTTON} flex-1 border border-slate-300 bg-white md:flex-none`}>
                  Annuler
                </button>
              </div>
            )}
            {state.step === 'preview' &&
              state.preview.counts.invalid === 0 &&
              state.preview.counts.create + state.preview.counts.update === 0 && (
                <p className="text-sm text-slate-700">Rien à importer : ce fichier ne change aucun produit.</p>
              )}
            {state.step === 'preview' && state.preview.counts.invalid > 0 && (
              <p className="text-sm text-red-800">
                Corrigez les lignes en erreur puis choisissez le fichier à nouveau : rien n’est importé tant qu’une ligne est en erreur.
              </p>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
