/**
 * The one inline script of the layout's head (§2 "Product card", "Filter panel", §6 credit members): before first paint
 * it reads the §3 session cookies and marks the document root `data-credit-member` (a verified session whose user info
 * says adhesion 'accepted') and `data-credit-filter` (the same with a parent_id). global.css shows the member-only parts
 * (`[data-credit-only]`, `[data-credit-radio]`) only under those marks, so the publicly cached pages, drawn alike for
 * everyone, show a member the credit price and 'À crédit' at first paint without waking React; header-state.ts keeps
 * the marks in step with the session store afterwards. The cookie suffix comes from the script's `data-suffix`.
 */
import { createHash } from 'node:crypto';

// Same rule as hasVerifiedSession and RequireAuth on the server (session cookie, is_verified 'true', user info's
// adhesion), and as $isCreditMember / $canFilterCredit, whose store reads the same user-info cookie.
export const MEMBER_MARKS_SCRIPT = '(function(d,s){var c={},r=d.documentElement,u=null;d.cookie.split(";").forEach(function(p){var i=p.indexOf("=");if(i>0)try{c[p.slice(0,i).trim()]=decodeURIComponent(p.slice(i+1).trim())}catch(e){}});try{u=JSON.parse(c["user_info"+s])}catch(e){}if(c["session"+s]&&c["is_verified"+s]==="true"&&u&&typeof u==="object"&&u.adhesion==="accepted"){r.setAttribute("data-credit-member","");if(typeof u.parent_id==="number")r.setAttribute("data-credit-filter","")}})(document,document.currentScript.dataset.suffix)';

/** Its CSP hash, allowed on every page by astro.config.mjs. */
export const MEMBER_MARKS_HASH = `sha256-${createHash('sha256').update(MEMBER_MARKS_SCRIPT).digest('base64')}` as const;
