/** Order attempts (§7 orders): what makes a retry the same order for the server. */

/**
 * One `Idempotency-Key` per attempt: the same content again (a retry after a lost answer, a second tap) reuses the key and
 * the exact body first built, so its `commitment_date` does not change and the server answers the first order again.
 * Other content is a new attempt with a new key.
 */
export function attempts<B>() {
  let current: { key: string; fingerprint: string; body: B } | null = null;
  return {
    for(content: unknown, build: () => B) {
      const fingerprint = JSON.stringify(content);
      if (current?.fingerprint !== fingerprint) current = { key: crypto.randomUUID(), fingerprint, body: build() };
      return current;
    },
    /** The server acknowledged the order: the next one is a new attempt. */
    done() {
      current = null;
    },
  };
}
