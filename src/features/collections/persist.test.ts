import { atom } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../../../tests/fixtures/fake-browser.ts';
import { mirrorToCookie } from './persist.ts';

type Line = { id: number; quantity: number };

describe('mirrorToCookie: the cookie the server draws a collection from', () => {
  let jar: Map<string, string>;
  let reads: number;
  let writes: string[];
  beforeEach(() => {
    jar = installFakeBrowser();
    // Counts what the page asks of document.cookie: each read after a write is a round trip in a real browser.
    const fake = Object.getOwnPropertyDescriptor(globalThis.document, 'cookie')!;
    reads = 0;
    writes = [];
    Object.defineProperty(globalThis.document, 'cookie', {
      get: () => {
        reads++;
        return fake.get!.call(globalThis.document);
      },
      set: (line: string) => {
        writes.push(line);
        fake.set!.call(globalThis.document, line);
      },
    });
  });

  // The page as the shopper opens it: browser storage holds `stored`, the cookie `found` (the same lines, unless another
  // path wrote one and not the other).
  const mirror = (found?: string, stored: Line[] = []) => {
    if (found !== undefined) jar.set('boutique_cart', found);
    const lines = atom<readonly Line[]>(stored);
    mirrorToCookie(lines, 'cart', (l) => l);
    return lines;
  };
  const seven = [{ id: 7, quantity: 2 }];

  it.each<[string, string | undefined, Line[], Line[], string | undefined, number]>([
    ['an empty list, no cookie: nothing written', undefined, [], [], undefined, 0],
    ['lines, no cookie: written', undefined, [], seven, '7.2', 1],
    ['the same lines as the cookie: left as it is', '7.2', seven, [{ id: 7, quantity: 2 }], '7.2', 0],
    ['other lines than the cookie: rewritten', '7.2', seven, [{ id: 7, quantity: 3 }], '7.3', 1],
    ['an emptied list: the cookie deleted', '7.2', seven, [], undefined, 1],
  ])('%s', (_label, found, stored, lines, after, written) => {
    const store = mirror(found, stored);
    expect(writes).toEqual([]);
    store.set(lines);
    expect([jar.get('boutique_cart'), writes.length]).toEqual([after, written]);
  });

  it('writes storage over a cookie that disagrees, as the page opens', () => {
    mirror('7.2', [{ id: 9, quantity: 1 }]);
    expect(jar.get('boutique_cart')).toBe('9.1');
  });

  it('writes a year-long, site-wide, Secure cookie on HTTPS', () => {
    mirror().set([{ id: 3, quantity: 1 }]);
    expect(writes).toEqual(['boutique_cart=3.1; Path=/; SameSite=Lax; Secure; Max-Age=31536000']);
  });

  it('reads the cookie once, however many taps change the list', () => {
    const store = mirror('1.1', [{ id: 1, quantity: 1 }]);
    for (let q = 2; q <= 6; q++) store.set([{ id: 1, quantity: q }]);
    store.set([{ id: 1, quantity: 6 }]);
    expect([reads, writes.length, jar.get('boutique_cart')]).toEqual([1, 5, '1.6']);
  });
});
