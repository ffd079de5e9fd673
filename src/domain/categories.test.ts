import { describe, expect, it } from 'vitest';
import { visibleCategories } from './categories.ts';

describe('visibleCategories', () => {
  it('hides internal categories and puts All first', () => {
    const names = [
      'TELEVISION',
      'Services',
      'Expenses',
      'Internal',
      'Consumable',
      'Deliveries',
      'Saleable',
      'Software',
      'All',
      'CONGELATEUR',
      'services',
    ];
    const out = visibleCategories(names.map((name, i) => ({ id: i + 1, name })));
    expect(out.map((c) => c.name)).toEqual(['Toutes les catégories', 'TELEVISION', 'CONGELATEUR']);
    expect(out[0]!.id).toBe('All');
  });
});
