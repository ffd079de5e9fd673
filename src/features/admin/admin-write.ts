import { useState } from 'react';

/** A back-office write from a form or a button: `busy` while `run` runs it, then `error`, its French refusal (null once done). */
export function useWrite() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Runs `write`; resolves with true once it was done. */
  async function run(write: () => Promise<string | null>): Promise<boolean> {
    setBusy(true);
    const refusal = await write();
    setBusy(false);
    setError(refusal);
    return refusal === null;
  }
  return { busy, error, setError, run };
}
