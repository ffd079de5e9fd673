import { describe, expect, it } from 'vitest';
import { isAnonymousRequest, isCacheableAnswer, isCacheablePage, isCatalogueApi, isProductImage } from './offline-rules.ts';

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
