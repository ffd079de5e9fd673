import { describe, expect, it } from 'vitest';
import {
  isAnonymousRequest,
  isCacheableAnswer,
  isCacheablePage,
  isCatalogueApi,
  isProductImage,
  LIMITS,
  picturesToKeep,
} from './offline-rules.ts';

describe('isCacheablePage: public pages yes, personal pages never', () => {
  it.each([
    ['/', true],
    ['/boutique', true],
    ['/single-product/12', true],
    ['/produits/12/details', true],
    ['/en-promo', true],
    ['/pre-commandes', true],
    ['/credit-commandes', true],
    ['/cart', true],
    ['/faq', true],
    ['/pack-promo', true],
    ['/hors-ligne', true],
    ['/login', false],
    ['/login/', false],
    ['/signup', false],
    ['/inscription', false],
    ['/forgot-password', false],
    ['/new-password', false],
    ['/verification-code', false],
    ['/create-compte', false],
    ['/profile', false],
    ['/checkout', false],
    ['/commande-validation', false],
    ['/credit-cart', false],
    ['/payment-state', false],
    ['/tracking-order', false],
    ['/commandes/4/d%C3%A9tails', false],
    ['/commandes/4/détails', false],
    ['/pre-commandes/4/d%C3%A9tails', false],
    ['/credit-commandes/7/détails', false],
    ['/admin', false],
    ['/admin/produits/3', false],
    ['/api/produits', false],
    ['/_astro/x.js', false],
  ])('%s → %s', (path, expected) => {
    expect(isCacheablePage(path)).toBe(expected);
  });
});

describe('isCatalogueApi: catalogue reads only', () => {
  it.each([
    ['/api/produits', true],
    ['/api/produits-filtrer', true],
    ['/api/produits-filtrer-promo', true],
    ['/api/produits/12', true],
    ['/api/produits/categorie/3', true],
    ['/api/categories', true],
    ['/api/tags', true],
    ['/api/pack_product', true],
    ['/api/pack_product/PACK1', true],
    ['/api/auth/get_tokens', false],
    ['/api/users/1', false],
    ['/api/commandes', false],
    ['/api/getcommande/1', false],
    ['/api/admin/produits', false],
    ['/api/termeRecherche', false],
    ['/api/tracking/REF', false],
    ['/api/images/1/a.webp', false],
  ])('%s → %s', (path, expected) => {
    expect(isCatalogueApi(path)).toBe(expected);
  });
});

describe('isProductImage', () => {
  it.each([
    ['/api/images/3/frigo-400.webp', true],
    ['/api/images/x', false],
    ['/images/3/a.webp', false],
  ])('%s → %s', (path, expected) => {
    expect(isProductImage(path)).toBe(expected);
  });
});

describe('answers and requests that may be kept', () => {
  const answer = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
  it.each([
    [answer(200, { 'Cache-Control': 'public, max-age=30' }), true],
    [answer(200, {}), true],
    [answer(200, { 'Cache-Control': 'no-store' }), false],
    [answer(200, { 'Cache-Control': 'private, max-age=60' }), false],
    [answer(404, {}), false],
    [answer(302, {}), false],
    [answer(500, {}), false],
  ])('answer %# → %s', (response, expected) => {
    expect(isCacheableAnswer(response)).toBe(expected);
  });

  it.each([
    [{ method: 'GET', headers: new Headers() }, true],
    [{ method: 'GET', headers: new Headers({ 'Access-Token': 'x' }) }, false],
    [{ method: 'GET', headers: new Headers({ Authorization: 'Bearer x' }) }, false],
    [{ method: 'POST', headers: new Headers() }, false],
  ])('request %# → %s', (request, expected) => {
    expect(isAnonymousRequest(request)).toBe(expected);
  });
});

describe('the pictures a kept page fetches ahead (§1)', () => {
  const ORIGIN = 'https://boutique.sn/';
  const pic = (src: string, srcset = '', sizes = '') => ({ src, srcset, sizes });
  it.each([
    [
      'a product picture with its candidates',
      [pic('/api/images/a1/256.webp', '/api/images/a1/256 256w, /api/images/a1/512 512w', '50vw')],
      1,
    ],
    ['an absolute one of this origin', [pic('https://boutique.sn/api/images/a1/256.webp')], 1],
    ['the same picture twice, once', [pic('/api/images/a1/256.webp'), pic('/api/images/a1/256.webp')], 1],
    ['the same picture at another size, both', [pic('/api/images/a1/256.webp'), pic('/api/images/a1/256.webp', '', '48px')], 2],
    ['the logo and the placeholder, none', [pic('/logo.svg'), pic('/placeholder-product.svg')], 0],
    ['another origin, none', [pic('https://cdn.example.com/api/images/a1/256.webp')], 0],
    ['a data URL, none', [pic('data:image/png;base64,iVBOR')], 0],
  ])('%s', (_, pictures, count) => expect(picturesToKeep(pictures, ORIGIN)).toHaveLength(count));

  it('stops at the cap', () => {
    const many = Array.from({ length: 80 }, (_, i) => pic(`/api/images/p${i}/256.webp`));
    expect(picturesToKeep(many, ORIGIN)).toHaveLength(LIMITS.picturesPerPage);
    expect(picturesToKeep(many, ORIGIN, 5).map((p) => p.src)).toEqual(many.slice(0, 5).map((p) => p.src));
  });
});
