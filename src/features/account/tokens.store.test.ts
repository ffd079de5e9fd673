import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type TokensModule = typeof import('./tokens.store.ts');

/** Loads a fresh tokens.store over test storage holding `stored`, as a page load would. */
async function loadWith(stored: Record<string, string>): Promise<TokensModule> {
  cleanTestStorage();
  for (const [key, value] of Object.entries(stored)) setTestStorageKey(key, value);
  vi.resetModules();
  return import('./tokens.store.ts');
}

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl';
const empty = { accessToken: undefined, refreshToken: undefined, expiresIn: undefined };

beforeEach(() => useTestStorageEngine());

describe('tokens.store', () => {
  it('reads the §3 keys', async () => {
    const { $tokens } = await loadWith({ access_token: jwt, accessToken: jwt, refresh_token: 'r-1_x', expires_in: '900' });
    expect($tokens.get()).toEqual({ accessToken: jwt, refreshToken: 'r-1_x', expiresIn: 900 });
  });

  it('falls back on the legacy accessToken key', async () => {
    const { $tokens } = await loadWith({ accessToken: jwt });
    expect($tokens.get().accessToken).toBe(jwt);
  });

  it.each([
    ['JSON garbage', '{"access_token":'],
    ['a quoted JSON string', `"${jwt}"`],
    ['spaces and markup', '<script>alert(1)</script> x'],
    ['an empty string', ''],
    ['an enormous value', 'a'.repeat(10_000)],
  ])('treats damaged storage (%s) as empty, without throwing', async (_label, garbage) => {
    const load = loadWith({ access_token: garbage, accessToken: garbage, refresh_token: garbage, expires_in: garbage });
    await expect(load).resolves.toBeDefined();
    expect((await load).$tokens.get()).toEqual(empty);
  });

  it.each(['-5', '0', '1.5', 'NaN', '9e9', 'quinze'])('ignores a damaged expires_in (%s)', async (value) => {
    const { $tokens } = await loadWith({ access_token: jwt, expires_in: value });
    expect($tokens.get()).toEqual({ accessToken: jwt, refreshToken: undefined, expiresIn: undefined });
  });

  it('saveTokens writes access_token with its legacy alias, refresh_token and expires_in', async () => {
    const { $tokens, saveTokens } = await loadWith({});
    saveTokens({ access_token: jwt, refresh_token: 'r-2', expires_in: 900 });
    expect(getTestStorage()).toEqual({ access_token: jwt, accessToken: jwt, refresh_token: 'r-2', expires_in: '900' });
    expect($tokens.get()).toEqual({ accessToken: jwt, refreshToken: 'r-2', expiresIn: 900 });
  });

  it('saveTokens keeps the refresh token when an answer carries none', async () => {
    const { $tokens, saveTokens } = await loadWith({ refresh_token: 'r-1' });
    saveTokens({ access_token: jwt });
    expect($tokens.get().refreshToken).toBe('r-1');
  });

  it('clearTokens removes every key', async () => {
    const { $tokens, clearTokens } = await loadWith({
      access_token: jwt,
      accessToken: jwt,
      refresh_token: 'r',
      expires_in: '60',
      cart: '[]',
    });
    clearTokens();
    expect(getTestStorage()).toEqual({ cart: '[]' });
    expect($tokens.get()).toEqual(empty);
  });

  it('follows changes made by another tab, and survives damage written there', async () => {
    const { $tokens } = await loadWith({ access_token: jwt, refresh_token: 'r-1' });
    const seen: unknown[] = [];
    const stop = $tokens.subscribe((t) => seen.push(t.refreshToken));
    setTestStorageKey('refresh_token', 'r-2');
    setTestStorageKey('refresh_token', '%%% damaged %%%');
    stop();
    expect(seen).toEqual(['r-1', 'r-2', undefined]);
  });
});
