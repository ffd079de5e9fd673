import { useRef } from 'react';

/** A file chooser that speaks French whatever the browser's language: a button, and the chosen file's name. */
export function FilePicker({
  id,
  label,
  accept,
  disabled,
  describedBy,
  chosen,
  capture,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  disabled?: boolean;
  describedBy?: string;
  /** The chosen file's name, shown beside the button; absent, nothing is (a second picker for the same file). */
  chosen?: string | null;
  /** On a phone, opens the camera at once (`environment`: the back one) rather than the file list. */
  capture?: 'environment' | 'user';
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {/* The native input's own button is labelled in the browser's language: a button of ours opens it. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        hidden
        aria-label={label}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (f) onFile(f);
        }}
      />
      <button
        type="button"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
        className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
      >
        {label}
      </button>
      {chosen !== undefined && <span className="min-w-0 text-sm break-all text-slate-700">{chosen ?? 'Aucun fichier choisi'}</span>}
    </div>
  );
}
