import { describe, expect, it } from 'vitest';
import { idText, wholeNumber } from './numbers.ts';

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

describe('idText', () => {
  const FORMAT = 'L’identifiant doit s’écrire en chiffres seuls, sans signe, espace, point ni zéro initial (par exemple 16).';
  const RANGE = 'L’identifiant est trop grand (2 147 483 647 au plus).';
  it.each<[string, number | string]>([
    ['16', 16],
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['0x10', FORMAT],
    ['1e1', FORMAT],
    ['+5', FORMAT],
    [' 5', FORMAT],
    ['5 ', FORMAT],
    ['5.0', FORMAT],
    ['-1', FORMAT],
    ['0', FORMAT],
    ['007', FORMAT],
    ['', FORMAT],
    ['１６', FORMAT],
    ['٣', FORMAT],
    ['Infinity', FORMAT],
    ['2147483648', RANGE],
    ['9'.repeat(400), RANGE],
  ])('%j → %s', (text, expected) => {
    const parsed = idText.safeParse(text);
    expect(parsed.success ? parsed.data : parsed.error.issues[0]?.message).toBe(expected);
  });

  it('takes text only: a number is not a path segment', () => {
    expect(idText.safeParse(16).error?.issues[0]?.message).toBe(FORMAT);
  });
});
