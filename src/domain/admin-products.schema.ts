/** The back office's product calls (§3 product fields, §7 "Products and categories"): list query, image and CSV import answers. */
import { INT_MAX, MAX_PAGE } from './bounds.ts';
import { productListSchema } from './catalogue.ts';
import { wholeNumber } from './numbers.ts';
import * as z from './zod.ts';

/** Answer of `GET /api/admin/produits`: a page of products, and for each of them the units held by orders not yet paid or confirmed (src/domain/holds.ts). */
export const adminProductListSchema = z.extend(productListSchema, {
  held: z._default(z.record(z.string(), z.int().check(z.nonnegative())), {}),
});

/** Query of `GET /api/admin/produits`: a search on the name, a category, saleable or not, and the page. */
export const adminProductQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'La recherche est trop longue (100 caractères au plus).'))),
  category: z.optional(wholeNumber('Le paramètre « category »', 1, INT_MAX, { coerce: true })),
  sale_ok: z.optional(z.enum(['true', 'false'], { error: 'Le paramètre « sale_ok » doit valoir true ou false.' })),
  page: z._default(wholeNumber('Le paramètre « page »', 1, MAX_PAGE, { coerce: true }), 1),
  limit: z._default(wholeNumber('Le paramètre « limit »', 1, 100, { coerce: true }), 20),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

/** Image types `PUT /api/admin/produits/{id}/image` takes, as the request's `Content-Type`. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest image or CSV file the back office sends (bytes). */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/** What an import row would do. */
const importActions = ['create', 'update', 'unchanged', 'invalid'] as const;
export type ImportAction = (typeof importActions)[number];

/** One row of an import preview: its line in the file, what it would do, and its errors in French. */
const importRowSchema = z.object({
  line: z.int(),
  id: z.nullable(z.int()),
  name: z.string(),
  action: z.enum(importActions),
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** Answer of `POST /api/admin/produits/import/apercu`: every row, counts by action, and errors about the whole file. */
export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  counts: z.object({ create: z.int(), update: z.int(), unchanged: z.int(), invalid: z.int() }),
  errors: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Answer of `POST /api/admin/produits/import`: what was written. */
export const importResultSchema = z.object({ created: z.int(), updated: z.int(), unchanged: z.int() });
export type ImportResult = z.infer<typeof importResultSchema>;
