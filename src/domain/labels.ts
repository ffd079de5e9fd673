/** Categories and tags in the back office (§3 "Category", "Tag"; §5 "Categories"): admin answers, bodies and refusals. */
import { HIDDEN_CATEGORIES } from './categories.ts';
import * as z from './zod.ts';

/** The two kinds of label a product carries (§3). */
export type LabelKind = 'category' | 'tag';

/** A category or tag as the write routes answer it (§3). */
export const labelSchema = z.object({ id: z.int(), name: z.string() });

/** A category or tag with how many products use it (`GET /api/admin/categories`, `/api/admin/tags`). */
export const adminLabelSchema = z.extend(labelSchema, { products: z.int().check(z.nonnegative()) });
export type AdminLabel = z.infer<typeof adminLabelSchema>;

const hidden = new Set<string>(HIDDEN_CATEGORIES.map((n) => n.toLowerCase()));

/** §5: shoppers never see a category with one of these names (case aside). */
export function isHiddenCategory(name: string): boolean {
  return hidden.has(name.trim().toLowerCase());
}

const NOUN = {
  category: ['La catégorie', 'est utilisée par', 'retirez-les d’abord', 'retirez-le d’abord'],
  tag: ['L’étiquette', 'est portée par', 'retirez-la d’abord de ces produits', 'retirez-la d’abord de ce produit'],
} as const;

/** The 409 sentence of a delete refused while `count` products use the label. */
export function labelInUse(kind: LabelKind, name: string, count: number): string {
  const [noun, verb, many, one] = NOUN[kind];
  return `${noun} « ${name} » ${verb} ${count} produit${count > 1 ? 's' : ''} : ${count > 1 ? many : one}.`;
}

/** The 409 sentence of a name already taken (names are unique whatever their case). */
export function labelTaken(kind: LabelKind, name: string): string {
  return `${NOUN[kind][0]} « ${name} » existe déjà.`;
}
