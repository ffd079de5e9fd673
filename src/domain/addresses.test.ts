import { describe, expect, it } from 'vitest';
import { addressInputSchema, addressUpdateSchema, defaultAddress, sortAddresses, type DeliveryAddress } from './addresses.ts';

const a = (id: number, is_default: boolean): DeliveryAddress => ({
  id,
  label: `A${id}`,
  adresse: 'Dakar',
  telephone: '221771234567',
  is_default,
  created_at: '2026-11-20T10:00:00.000Z',
});

describe('delivery address bodies', () => {
  it.each([
    ['a full address', { label: 'Maison', adresse: 'Mermoz', telephone: '77 123 45 67' }, null],
    ['a default one', { label: 'Bureau', adresse: 'Plateau', telephone: '+221771234567', is_default: true }, null],
    [
      'no label',
      { label: ' ', adresse: 'Mermoz', telephone: '771234567' },
      'Le nom de l’adresse est obligatoire (par exemple « Maison »).',
    ],
    [
      'a long label',
      { label: 'x'.repeat(41), adresse: 'Mermoz', telephone: '771234567' },
      'Le nom de l’adresse est trop long (40 caractères au plus).',
    ],
    ['no address', { label: 'M', adresse: '', telephone: '771234567' }, "L'adresse est obligatoire."],
    ['no phone', { label: 'M', adresse: 'Mermoz' }, 'Le téléphone est obligatoire.'],
    ['a landline', { label: 'M', adresse: 'Mermoz', telephone: '338000000' }, 'Le numéro de téléphone est invalide.'],
  ])('%s', (_, body, message) => {
    const parsed = addressInputSchema.safeParse(body);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
  });

  it('a change names at least one field', () => {
    expect(addressUpdateSchema.safeParse({}).success).toBe(false);
    expect(addressUpdateSchema.safeParse({ is_default: true }).success).toBe(true);
  });
});

describe('the list', () => {
  it.each([
    [[a(1, false), a(2, true), a(3, false)], [2, 1, 3], 2],
    [[a(3, false), a(1, false)], [1, 3], undefined],
    [[], [], undefined],
  ])('%#: default first, then oldest', (list, order, fallback) => {
    expect(sortAddresses(list).map((x) => x.id)).toEqual(order);
    expect(defaultAddress(list)?.id).toBe(fallback);
  });
});
