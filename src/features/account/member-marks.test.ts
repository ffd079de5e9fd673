import { describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../../tests/fixtures/fake-browser.ts';
import { MEMBER_MARKS_SCRIPT } from './member-marks.ts';

/** Runs the shipped script against a document holding these cookies; returns the root's marks. */
function marks(cookie: string, suffix = '_prod'): string[] {
  const attrs = new Set<string>();
  const document = {
    cookie,
    currentScript: { dataset: { suffix } },
    documentElement: { setAttribute: (name: string) => void attrs.add(name) },
  };
  new Function('document', MEMBER_MARKS_SCRIPT)(document);
  return [...attrs].sort();
}

const user = { id: 7, name: 'Fatou', partner_phone: null, email: 'f@t.sn', adhesion: 'accepted', parent_id: 3 };
const session = {
  user_info: user,
  company: null,
  parent: null,
  user_context: { lang: 'fr_FR', tz: 'Africa/Dakar', uid: 7 },
  is_verified: true,
};
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const info = (over: Record<string, unknown> = {}) => enc({ ...user, ...over });
/** The §3 cookies as saveSession writes them, with this user-info cookie (saveUserInfo may rewrite it alone). */
const jar = (userInfo: string, { withSession = true, verified = true, suffix = '_prod', admin = false } = {}) =>
  [
    withSession && `session${suffix}=${enc({ ...session, is_verified: verified, ...(admin ? { is_admin: true } : {}) })}`,
    `is_verified${suffix}=${verified}`,
    `user_info${suffix}=${userInfo}`,
    `session_marker${suffix}=1`,
  ]
    .filter(Boolean)
    .join('; ');

const MEMBER = ['data-credit-filter', 'data-credit-member'];
const CASES: Array<[string, string, string[]]> = [
  ['a member with a parent account', jar(info()), MEMBER],
  ['a member without a parent account', jar(info({ parent_id: null })), ['data-credit-member']],
  ['a plain customer', jar(info({ adhesion: null })), []],
  ['a pending adhesion', jar(info({ adhesion: 'pending' })), []],
  ['an unverified account', jar(info(), { verified: false }), []],
  ['user info without the session cookie', jar(info(), { withSession: false }), []],
  ['a visitor', '', []],
  ['an admin', jar(info({ adhesion: null }), { admin: true }), ['data-admin']],
  ['an admin who is a member too', jar(info(), { admin: true }), ['data-admin', ...MEMBER]],
  ['an unverified admin', jar(info({ adhesion: null }), { admin: true, verified: false }), []],
  ['a cookie that does not URI-decode beside them', `${jar(info())}; other=%E0%A4%A`, MEMBER],
];

describe('member marks (the layout head’s inline script)', () => {
  it.each(CASES)('%s', (_label, cookie, expected) => {
    expect(marks(cookie)).toEqual(expected);
  });

  it.each([
    ['damaged user info', jar('%7Bnot-json')],
    ['user info that is not an object', jar(enc('accepted'))],
    ['user info that is null', jar(enc(null))],
  ])('%s: no mark', (_label, cookie) => {
    expect(marks(cookie)).toEqual([]);
  });

  it('reads the cookies of its own suffix only', () => {
    expect(marks(jar(info(), { suffix: '_dev' }))).toEqual([]);
    expect(marks(jar(info(), { suffix: '_dev' }), '_dev')).toEqual(MEMBER);
  });

  // The frame script sets the marks from the session store once it runs: they must agree, or the parts would flash.
  it.each(CASES)('agrees with the session store: %s', async (_label, cookie, expected) => {
    installFakeBrowser();
    for (const part of cookie.split('; ').filter(Boolean)) document.cookie = `${part}; Path=/`;
    vi.resetModules();
    const s = await import('./session.store.ts');
    const fromStore = [
      s.$isAdmin.get() && 'data-admin',
      s.$canFilterCredit.get() && 'data-credit-filter',
      s.$isCreditMember.get() && 'data-credit-member',
    ].filter(Boolean);
    expect(fromStore).toEqual(expected);
  });
});
