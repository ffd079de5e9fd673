import { useTestStorageEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../lib/api.ts';
import { errorMessage, retryAfter } from './account.store.ts';

beforeEach(() => useTestStorageEngine());

/** The error the storefront's client throws for an answer of `status` with these headers and body. */
async function failure(status: number, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const client = createApi({
    baseURL: 'http://api.test',
    log: () => {},
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
  });
  return client('/api/partner/awa%40test.sn/otp-resend').then(
    () => {
      throw new Error('no failure');
    },
    (err: unknown) => err,
  );
}

describe('a refused code request (§8): the server’s sentence and its wait', () => {
  it('reads Retry-After and the French message of a 429', async () => {
    const err = await failure(
      429,
      { 'Retry-After': '42' },
      { message: 'Un code vient d’être demandé pour ce contact (un par minute). Veuillez réessayer dans 42 secondes.' },
    );
    expect(retryAfter(err)).toBe(42);
    expect(errorMessage(err, "Échec de l'envoi du code. Veuillez réessayer.")).toBe(
      'Un code vient d’être demandé pour ce contact (un par minute). Veuillez réessayer dans 42 secondes.',
    );
  });

  it('no wait without a usable Retry-After', async () => {
    expect(retryAfter(await failure(500, {}, { message: 'Erreur interne du serveur. Veuillez réessayer.' }))).toBe(0);
    expect(retryAfter(await failure(429, { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' }, {}))).toBe(0);
    expect(retryAfter(new Error('réseau'))).toBe(0);
  });
});
