/**
 * The one inline script of the layout's head (§2 "Product card", "Filter panel", §6 credit members): before first paint
 * it reads the §3 session cookies and marks the document root `data-credit-member` (a verified session whose user info
 * says adhesion 'accepted') and `data-credit-filter` (the same with a parent_id). global.css shows the member-only parts
 * (`[data-credit-only]`, `[data-credit-radio]`) only under those marks, so the publicly cached pages, drawn alike for
 * everyone, show a member the credit price and 'À crédit' at first paint without waking React; header-state.ts keeps
 * the marks in step with the session store afterwards. It marks an admin's pages `data-admin` the same way (the frame's
 * 'Administration' link, `[data-admin-only]`). The cookie suffix comes from the script's `data-suffix`.
 */
import { createHash } from 'node:crypto';

// Same rule as domain/credit.ts (isCreditMember, canFilterCredit) with hasVerifiedSession, as RequireAuth applies it on the server (session cookie, is_verified 'true', user info's
// adhesion), and as $isCreditMember / $canFilterCredit, whose store reads the same user-info cookie. Plain ES5, as it
// runs before any bundle; the page carries it byte for byte, so its hash below is the one the CSP allows.
export const MEMBER_MARKS_SCRIPT = `(function (doc, suffix) {
  var cookies = {};
  doc.cookie.split(';').forEach(function (pair) {
    var eq = pair.indexOf('=');
    if (eq > 0) try { cookies[pair.slice(0, eq).trim()] = decodeURIComponent(pair.slice(eq + 1).trim()); } catch (e) {}
  });
  var user = null, session = null;
  try { user = JSON.parse(cookies['user_info' + suffix]); } catch (e) {}
  try { session = JSON.parse(cookies['session' + suffix]); } catch (e) {}
  var verified = cookies['session' + suffix] && cookies['is_verified' + suffix] === 'true';
  if (verified && session && typeof session === 'object' && session.is_admin === true) doc.documentElement.setAttribute('data-admin', '');
  var member = verified && user && typeof user === 'object' && user.adhesion === 'accepted';
  if (!member) return;
  doc.documentElement.setAttribute('data-credit-member', '');
  if (typeof user.parent_id === 'number') doc.documentElement.setAttribute('data-credit-filter', '');
})(document, document.currentScript.dataset.suffix);`;

/** Its CSP hash, allowed on every page by astro.config.mjs. */
export const MEMBER_MARKS_HASH = `sha256-${createHash('sha256').update(MEMBER_MARKS_SCRIPT).digest('base64')}` as const;
