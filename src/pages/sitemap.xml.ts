/** `/sitemap.xml`: the home, the listings, the information pages and every product on sale. */
import type { APIRoute } from 'astro';
import { getProducts } from '../lib/catalogue-api.ts';
import { CATALOGUE_CACHE, serverApi } from '../features/catalogue/server-data.ts';

export const prerender = false;

const PAGES = [
  '/',
  '/boutique',
  '/en-promo',
  '/promo-ramadan',
  '/promo-tabaski',
  '/credit-commandes',
  '/pre-commandes',
  '/informations',
  '/faq',
  '/conditions-generales-de-vente',
  '/livraison-et-retours',
  '/achats-securises',
  '/politique-de-confidentialite',
  '/processus-de-commande-de-credit',
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async ({ site, url }) => {
  const origin = site ?? url;
  let products: Array<{ id: number }> = [];
  let failed = false;
  try {
    products = await getProducts({ client: serverApi() });
  } catch {
    failed = true;
  }
  const locs = [...PAGES, ...products.map((p) => `/single-product/${p.id}`)].map(
    (path) => `<url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': failed ? 'no-store' : CATALOGUE_CACHE },
  });
};
