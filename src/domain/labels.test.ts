import { describe, expect, it } from 'vitest';
import { visibleCategories } from './categories.ts';
import { isHiddenCategory, labelInUse, labelTaken } from './labels.ts';

describe('isHiddenCategory', () => {
  it('agrees with what shoppers see (§5), whatever the case and spaces', () => {
    const names = [
      'TELEVISION',
      'Services',
      ' expenses ',
      'INTERNAL',
      'Consumable',
      'Deliveries',
      'Saleable',
      'Software',
      'All',
      'Service',
      'Allumage',
    ];
    const shown = new Set(visibleCategories(names.map((name, i) => ({ id: i + 1, name }))).map((c) => c.name));
    for (const name of names) expect(isHiddenCategory(name)).toBe(!shown.has(name));
    expect(names.filter(isHiddenCategory)).toHaveLength(8);
  });
});

describe('label refusals', () => {
  it('say how many products use the label, singular or plural', () => {
    expect(labelInUse('category', 'TELEVISION', 3)).toBe('La catégorie « TELEVISION » est utilisée par 3 produits : retirez-les d’abord.');
    expect(labelInUse('category', 'MIXEUR', 1)).toBe('La catégorie « MIXEUR » est utilisée par 1 produit : retirez-le d’abord.');
    expect(labelInUse('tag', 'Ramadan', 2)).toBe('L’étiquette « Ramadan » est portée par 2 produits : retirez-la d’abord de ces produits.');
    expect(labelInUse('tag', 'Korité', 1)).toBe('L’étiquette « Korité » est portée par 1 produit : retirez-la d’abord de ce produit.');
    expect(labelTaken('tag', 'Tabaski')).toBe('L’étiquette « Tabaski » existe déjà.');
  });
});
