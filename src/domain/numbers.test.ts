import { describe, expect, it } from 'vitest';
import { wholeNumber } from './numbers.ts';

describe('wholeNumber', () => {
  const quantity = wholeNumber('Le champ « quantité »', 1, 99);
  const page = wholeNumber('Le paramètre « page »', 1, 100_000, { coerce: true });
  const message = (schema: typeof quantity, v: unknown) => schema.safeParse(v).error?.issues[0]?.message;

  it.each<[unknown, string | undefined]>([
    [5, undefined],
    [1e12, 'Le champ « quantité » doit être compris entre 1 et 99.'],
    [2 ** 31, 'Le champ « quantité » doit être compris entre 1 et 99.'],
    [-3, 'Le champ « quantité » doit être compris entre 1 et 99.'],
    [0, 'Le champ « quantité » doit être compris entre 1 et 99.'],
    [2.5, 'Le champ « quantité » doit être un nombre entier.'],
    ['3', 'Le champ « quantité » doit être un nombre.'],
    [null, 'Le champ « quantité » doit être un nombre.'],
    [Number.NaN, 'Le champ « quantité » doit être un nombre.'],
  ])('a quantity of %s: %s', (v, expected) => expect(message(quantity, v)).toBe(expected));

  it.each<[string, string | undefined]>([
    ['12', undefined],
    ['1e12', 'Le paramètre « page » doit être compris entre 1 et 100 000.'],
    ['-1', 'Le paramètre « page » doit être compris entre 1 et 100 000.'],
    ['1.5', 'Le paramètre « page » doit être un nombre entier.'],
    ['NaN', 'Le paramètre « page » doit être un nombre.'],
    ['abc', 'Le paramètre « page » doit être un nombre.'],
  ])('a page of %s: %s', (v, expected) => expect(message(page as never, v)).toBe(expected));
});
