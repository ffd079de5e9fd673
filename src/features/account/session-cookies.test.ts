import { describe, expect, it } from 'vitest';
import { sessionValuesSchema } from '../../domain/auth.ts';
import { cookieString, decodeSession, hasVerifiedSession, parseCookies } from './session-cookies.ts';

const good = {
  user_info: { id: 7, name: 'Fatou', partner_phone: null, email: 'f@t.sn', adhesion: 'accepted', parent_id: 3 },
  company: null,
  parent: { id: 3, name: 'Garant' },
  user_context: { lang: 'fr_FR', tz: 'Africa/Dakar', uid: 7 },
  is_verified: true,
};

describe('session cookies', () => {
  it('writes whole-site, SameSite=Lax cookies without expiry, Secure on HTTPS only', () => {
    expect(cookieString('token', 'a b', true)).toBe('token_prod=a%20b; Path=/; SameSite=Lax; Secure');
    expect(cookieString('token', 'x', false)).toBe('token_prod=x; Path=/; SameSite=Lax');
    expect(cookieString('session', null, false, '_dev')).toBe('session_dev=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('parses a cookie header, skipping damaged values', () => {
    expect([...parseCookies('a=1; session_prod=%7B%7D; bad=%E0%A4%A')]).toEqual([
      ['a', '1'],
      ['session_prod', '{}'],
    ]);
  });

  it.each([
    ['a good session', JSON.stringify(good), true],
    ['not JSON', '{oops', false],
    ['a missing field', JSON.stringify({ ...good, user_context: undefined }), false],
    ['a string id', JSON.stringify({ ...good, user_info: { ...good.user_info, id: '7' } }), false],
    ['an array', '[]', false],
    ['nothing', undefined, false],
  ])('decodes %s like sessionValuesSchema', (_l, raw, ok) => {
    expect(decodeSession(raw) !== null).toBe(ok);
    if (raw?.startsWith('{"')) expect(sessionValuesSchema.safeParse(JSON.parse(raw)).success).toBe(ok);
  });

  it.each([
    [{ session_prod: '{}', is_verified_prod: 'true' }, true],
    [{ session_prod: '{}', is_verified_prod: 'false' }, false],
    [{ is_verified_prod: 'true' }, false],
    [{}, false],
  ])('server check %o → %s', (jar, expected) => {
    expect(hasVerifiedSession((n) => (jar as Record<string, string>)[n])).toBe(expected);
  });
});
