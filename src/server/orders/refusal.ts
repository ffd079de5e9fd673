/** A French refusal thrown inside a transaction (an order's, an address's): it rolls everything back and becomes the 4xx answer. */
export class OrderRefusal extends Error {
  readonly status: 400 | 403 | 404 | 409 | 422;
  readonly details: Record<string, unknown>;

  constructor(status: OrderRefusal['status'], message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }

  /** The JSON body of the answer. */
  body(): Record<string, unknown> {
    return { message: this.message, ...this.details };
  }
}

/** Serialization failures and deadlocks (PostgreSQL): the transaction may simply be run again. */
function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  return code === '40001' || code === '40P01';
}

/** Runs a transaction again (up to 4 times in all) after a serialization failure or deadlock; refusals pass through. */
export async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof OrderRefusal) && isRetryable(err) && attempt < 4) continue;
      throw err;
    }
  }
}
