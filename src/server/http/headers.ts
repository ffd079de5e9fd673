/** Security headers for pages and files (the API sets its own, stricter ones). */

// Scripts and styles are restricted by the CSP <meta> that Astro writes with hashes into each page;
// this header adds what a <meta> cannot say (framing) and what the pages never need.
const pageCsp = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"].join('; ');

/** Headers every non-API answer carries. */
export const pageSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': pageCsp,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});
