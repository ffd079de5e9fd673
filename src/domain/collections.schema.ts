/** The browser data of §3 (collections, location) in zod (lines, location): the contract the hand-written readers of collections.ts follow. */
import * as z from './zod.ts';
import { householdCap } from './quantity.ts';

const text = (max: number) => z.string().check(z.maxLength(max));
const francs = z.int().check(z.minimum(0));
const orNull = <T extends z.ZodMiniType>(t: T) => z._default(z.nullable(t), null);

/** The part of a product a line keeps (what the screens, totals and CRM record read). */
export const lineProductSchema = z.object({
  id: z.int(),
  name: text(300),
  categ_id: orNull(text(300)),
  image_256: orNull(text(400_000)),
  list_price: francs,
  en_promo: z._default(z.boolean(), false),
  promo_price: orNull(francs),
  preorder_price: orNull(francs),
  is_creditorder: z._default(z.boolean(), false),
  creditorder_price: orNull(francs),
});
export type LineProduct = z.infer<typeof lineProductSchema>;

/** A line: the product plus quantity, date added (ISO) and the location text. A quantity past the household cap (saved before it) is brought down to it. */
export const lineSchema = z.object({
  product: lineProductSchema,
  quantity: z.pipe(
    z.int().check(z.minimum(1)),
    z.transform((q: number) => Math.min(q, householdCap)),
  ),
  date: text(40),
  location: z._default(text(200), ''),
});
export type Line = z.infer<typeof lineSchema>;

/** A persisted collection: a list of lines. */
export const linesSchema = z.array(lineSchema).check(z.maxLength(200));

/** Location data of §3 (from the lookup). */
export const locationSchema = z.object({
  city: z._default(text(100), ''),
  region: z._default(text(100), ''),
  country: z._default(text(100), ''),
  ip: z._default(text(64), ''),
  loc: z._default(text(64), ''),
});
export type LocationData = z.infer<typeof locationSchema>;
