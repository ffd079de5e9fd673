/** Category list rules of spec §5 "Categories". */
import type { Category } from './catalogue.ts';

export const HIDDEN_CATEGORIES = ['Services', 'Expenses', 'Internal', 'Consumable', 'Deliveries', 'Saleable', 'Software', 'All'] as const;

/** The categories a shopper sees: internal ones hidden, an "All" entry first. */
export function visibleCategories(categories: readonly Category[]): Array<Category | { id: 'All'; name: string }> {
  const hidden = new Set<string>(HIDDEN_CATEGORIES.map((n) => n.toLowerCase()));
  return [{ id: 'All', name: 'Toutes les catégories' }, ...categories.filter((c) => !hidden.has(c.name.trim().toLowerCase()))];
}
