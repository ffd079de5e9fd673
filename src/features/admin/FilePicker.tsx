/** A file input that speaks French whatever the browser's language: a labelled button and the chosen file's name. */
export function FilePicker({ id, label, accept, disabled, describedBy, chosen, onFile }: {
  id: string; label: string; accept: string; disabled?: boolean; describedBy?: string; chosen: string | null; onFile: (file: File) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {/* The native control stays (keyboard, screen readers, drag and drop); only its English button text is hidden. */}
      <input id={id} type="file" accept={accept} disabled={disabled} aria-describedby={describedBy} className="peer sr-only"
        onChange={(e) => { const f = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (f) onFile(f); }} />
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50">{label}</label>
      <span className="min-w-0 text-sm break-all text-slate-700">{chosen ?? 'Aucun fichier choisi'}</span>
    </div>
  );
}
