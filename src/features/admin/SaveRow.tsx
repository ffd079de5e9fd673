import { ALERT, PRIMARY } from './admin-ui.ts';

/** A back-office settings form's end (§1 welcome offer, §6 credit terms): « Enregistrer », busy while saving, and the refusal read out. */
export function SaveRow({ busy, error }: { busy: boolean; error: string | null | undefined }) {
  return (
    <>
      <button type="submit" disabled={busy} className={PRIMARY}>
        Enregistrer
      </button>
      {error && (
        <p role="alert" className={ALERT}>
          {error}
        </p>
      )}
    </>
  );
}
