import { describe, expect, it } from 'vitest';
import { searchFold } from './search-fold.ts';

describe('searchFold (§9 search)', () => {
  it.each([
    ['Réfrigérateur', 'refrigerateur'],
    ['CONGÉLATEUR', 'congelateur'],
    ['Cuisinière à gaz', 'cuisiniere a gaz'],
    ['Ça coûte', 'ca coute'],
    ['Maïs et Noël', 'mais et noel'],
    ['cœur, Œuf, ex æquo', 'coeur, oeuf, ex aequo'],
    ['100 % coton_fin', '100 % coton_fin'],
    ['', ''],
  ])('%j → %j', (text, folded) => {
    expect(searchFold(text)).toBe(folded);
  });
});
