import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../../tests/fixtures/fake-browser.ts';

type Mod = typeof import('./session.store.ts');
const answer = {
  access_token: 'a.b.c',
  refresh_token: 'r1',
  expires_in: 900,
  refresh_expires_in: 3600,
  user_info: { id: 7, name: 'Fatou', partner_phone: null, email: 'f@t.sn', adhesion: 'accepted', parent_id: 3 },
  company: { id: 1, name: 'SARL' },
  parent: { id: 3, name: 'Garant' },
  user_context: { lang: 'fr_FR', tz: 'Africa/Dakar', uid: 7 },
  is_verified: true,
};

async function fresh(): Promise<Mod> {
  vi.resetModules();
  return import('./session.store.ts');
}
const cookieNames = () =>
  document.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter(Boolean)
    .sort();

beforeEach(() => {
  installFakeBrowser();
});

describe('session.store', () => {
  it('saves every §3 cookie with the suffix and reads them back at the next page load', async () => {
    const s = await fresh();
    s.saveSession(answer);
    expect(cookieNames()).toEqual([
      'company_prod',
      'is_verified_prod',
      'parent_prod',
      'session_marker_prod',
      'session_prod',
      'token_prod',
      'user_context_prod',
      'user_info_prod',
    ]);
    const again = await fresh();
    expect(again.$session.get()?.user_info.name).toBe('Fatou');
    expect(again.$isAuthenticated.get()).toBe(true);
    expect(again.$isCreditMember.get()).toBe(true);
    expect(again.$canFilterCredit.get()).toBe(true);
  });

  it.each([
    ['unverified', { ...answer, is_verified: false }, false, false],
    ['customer', { ...answer, user_info: { ...answer.user_info, adhesion: null } }, true, false],
    ['member without parent', { ...answer, user_info: { ...answer.user_info, parent_id: null } }, true, true],
  ])('%s: authenticated %s, credit member %s', async (_l, a, auth, member) => {
    const s = await fresh();
    s.saveSession(a);
    expect(s.$isAuthenticated.get()).toBe(auth);
    expect(s.$isCreditMember.get()).toBe(member);
  });

  it('keeps the same objects when saving an identical session', async () => {
    const s = await fresh();
    s.saveSession(answer);
    const before = s.$session.get();
    s.saveSession({ ...answer, access_token: 'x.y.z' });
    expect(s.$session.get()).toBe(before);
    s.saveSession({ ...answer, parent: { id: 3, name: 'Autre' } });
    expect(s.$session.get()?.user_info).toBe(before?.user_info);
    expect(s.$session.get()?.parent?.name).toBe('Autre');
  });

  it('refreshContext changes memory only; saveUserInfo rewrites only the user-info cookie', async () => {
    const s = await fresh();
    s.saveSession(answer);
    const cookies = document.cookie;
    s.refreshContext({ ...answer, is_verified: true, user_info: { ...answer.user_info, name: 'Fatou D.' } });
    expect(s.$session.get()?.user_info.name).toBe('Fatou D.');
    expect(document.cookie).toBe(cookies);
    s.saveUserInfo({ ...answer.user_info, name: 'Fatou Diop' });
    expect(decodeURIComponent(document.cookie)).toContain('"name":"Fatou Diop"');
    expect(decodeURIComponent(document.cookie).match(/session_prod=([^;]*)/)?.[1]).toContain('"name":"Fatou"');
  });

  it('reads at the next page load the user info saveUserInfo rewrote alone (adhesion accepted since login)', async () => {
    const s = await fresh();
    s.saveSession({ ...answer, user_info: { ...answer.user_info, adhesion: null } });
    expect(s.$isCreditMember.get()).toBe(false);
    s.saveUserInfo(answer.user_info);
    const again = await fresh();
    expect(again.$isCreditMember.get()).toBe(true);
    expect(again.$canFilterCredit.get()).toBe(true);
  });

  it('treats damaged cookies as no session', async () => {
    document.cookie = 'session_prod=%7Bnot-json; Path=/';
    expect((await fresh()).$session.get()).toBeNull();
  });

  it('logout clears cookies and the §4 keys, keeps the carts, revokes the refresh token and goes to /login', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([String(url), init.body]);
        return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const s = await fresh();
    const { saveTokens, $tokens } = await import('./tokens.store.ts');
    saveTokens(answer);
    s.saveSession(answer);
    for (const k of s.LOGOUT_KEYS) localStorage.setItem(k, 'x');
    localStorage.setItem('cart', '[1]');
    let went = '';
    await s.logout((p) => {
      went = p;
    });
    expect(went).toBe('/login');
    expect(cookieNames()).toEqual([]);
    expect(s.$session.get()).toBeNull();
    for (const k of s.LOGOUT_KEYS) expect(localStorage.getItem(k)).toBeNull();
    expect($tokens.get()).toEqual({ accessToken: undefined, refreshToken: undefined, expiresIn: undefined });
    expect(localStorage.getItem('cart')).toBe('[1]');
    expect(calls).toEqual([[expect.stringContaining('/api/auth/delete_tokens'), JSON.stringify({ refreshToken: 'r1' })]]);
    vi.unstubAllGlobals();
  });
});
