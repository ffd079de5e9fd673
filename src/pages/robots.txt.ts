/** `/robots.txt`, written at build time so the sitemap address uses PUBLIC_SITE_URL. */
import type { APIRoute } from 'astro';

export const prerender = true;

const PRIVATE = [
  '/api/',
  '/cart',
  '/pre-cart',
  '/wishlist',
  '/credit-cart',
  '/checkout',
  '/commande-validation',
  '/profile',
  '/compte-parent',
  '/login',
  '/signup',
  '/inscription',
  '/payment-state',
  '/products-compaire',
];

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site ?? 'http://localhost:4321').href;
  const body = ['User-agent: *', 'Allow: /', ...PRIVATE.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
