import { describe, expect, it } from 'vitest';
import { MAX_ALTERNATIVES, searchAlternatives, synonymSchema, type Synonym } from './search-words.ts';

const TABLE: Synonym[] = [
  { word: 'frigo', meaning: 'réfrigérateur' },
  { word: 'Congélo', meaning: 'congélateur' },
  { word: 'télé', meaning: 'téléviseur' },
  { word: 'tv', meaning: 'téléviseur' },
  { word: 'machine à laver', meaning: 'lave-linge' },
  { word: 'laver', meaning: 'nettoyer' },
  { word: 'micro-onde', meaning: 'micro-ondes' },
];

describe('searchAlternatives (§9 search, words shoppers use)', () => {
  it.each([
    ['frigo', ['frigo', 'refrigerateur']],
    ['FRIGO  Samsung', ['frigo samsung', 'refrigerateur samsung']],
    ['TÉLÉ', ['tele', 'televiseur']],
    ['tv 55', ['tv 55', 'televiseur 55']],
    ['congélo', ['congelo', 'congelateur']],
    ['Machine à laver', ['machine a laver', 'lave-linge', 'machine a nettoyer']],
    ['frigorifique', ['frigorifique']],
    ['ultv', ['ultv']],
    ['frigo tv', ['frigo tv', 'refrigerateur tv', 'frigo televiseur', 'refrigerateur televiseur']],
    ['micro-ondes', ['micro-ondes']],
    ['micro-onde', ['micro-onde', 'micro-ondes']],
    ['', []],
    ['   ', []],
  ])('%j → %j', (search, readings) => {
    expect(searchAlternatives(search, TABLE)).toEqual(readings);
  });

  it('reads a search without synonyms as itself', () => {
    expect(searchAlternatives('Réfrigérateur', [])).toEqual(['refrigerateur']);
  });

  it(`stops at ${MAX_ALTERNATIVES} readings`, () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ word: `w${i}`, meaning: `m${i}` }));
    const search = many.map((s) => s.word).join(' ');
    expect(searchAlternatives(search, many)).toHaveLength(MAX_ALTERNATIVES);
  });
});

describe('synonymSchema', () => {
  it.each([
    [
      { mot: '  Frigo ', equivalent: 'réfrigérateur' },
      { mot: 'Frigo', equivalent: 'réfrigérateur' },
    ],
    [
      { mot: 'machine  à laver', equivalent: 'lave-linge' },
      { mot: 'machine à laver', equivalent: 'lave-linge' },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(synonymSchema.parse(body)).toEqual(parsed);
  });

  it.each([
    [{ mot: 'frigo' }, 'Le champ « équivalent » doit être un texte.'],
    [{ mot: 'f', equivalent: 'réfrigérateur' }, 'Le champ « mot » doit faire au moins 2 caractères.'],
    [
      { mot: 'frigo%', equivalent: 'réfrigérateur' },
      "Le champ « mot » ne peut contenir que des lettres, des chiffres, des espaces, - et '.",
    ],
    [{ mot: 'Télé', equivalent: 'tele' }, 'Le mot et son équivalent doivent être différents.'],
    [{ mot: 'tv', equivalent: 'téléviseur', x: 1 }, 'Champ inconnu : x.'],
  ])('refuses %j in French', (body, message) => {
    const r = synonymSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});
