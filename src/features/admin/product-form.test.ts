import { describe, expect, it } from 'vitest';
import { checkProduct, productBodyOf } from './product-form.ts';

const entries = (over: Record<string, string> = {}): Array<[string, string]> => [
  ...Object.entries({
    name: ' Split LG 12000 BTU ',
    description: '',
    categ_id: '4',
    list_price: '310 000',
    promo_price: '',
    preorder_price: '300000',
    creditorder_price: '',
    sale_ok: 'on',
    rang: '',
    quantity: '3',
    ...over,
  }),
  ['tags', '1'],
  ['tags', '2'],
];

describe('the product form', () => {
  it('reads what people type into the body of POST /api/produits', () => {
    expect(checkProduct(productBodyOf(entries()))).toEqual({
      ok: true,
      input: {
        name: 'Split LG 12000 BTU',
        description: '',
        categ_id: 4,
        list_price: 310000,
        promo_price: null,
        en_promo: false,
        preorder_price: 300000,
        is_creditorder: false,
        creditorder_price: null,
        sale_ok: true,
        quantity: 3,
        tags: [1, 2],
      },
    });
  });

  it('names each wrong field by its label, with the API schema’s message', () => {
    expect(
      checkProduct(productBodyOf(entries({ name: '', list_price: '', promo_price: 'beaucoup', quantity: '2,5', en_promo: 'on' }))),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Le champ « Nom » est obligatoire.',
        list_price: 'Le champ « Prix » doit être un nombre.',
        promo_price: 'Le champ « Prix promo » doit être un nombre.',
        quantity: 'Le champ « Stock » doit être un nombre entier.',
      },
    });
  });
});
