/** Catalogue CSV import (§3 product fields): every row read and checked with the product schema, then all written or none. */
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import type { ImportPreview, ImportResult, ImportRow } from '../../domain/admin-products.schema.ts';
import type { Product } from '../../domain/catalogue.ts';
import { productInputSchema, productPatchSchema, type ProductInput } from '../../domain/product-input.ts';
import { csvHeader, MAX_IMPORT_ROWS, readHeader, readRow, relabel, type CsvRefs } from '../../domain/catalogue-csv.ts';
import type { Db } from '../db/client.ts';
import { allProducts } from '../db/products.ts';
import { chunks } from '../db/rows.ts';
import { auditLog } from '../db/schema-admin.ts';
import { categories, productTags, products, tags } from '../db/schema.ts';
import { columnsOf } from '../routes/products.ts';
import { changesOf } from './audit.ts';

/** A row as planned: the preview's row, the validated body and what it changes. */
interface PlannedRow extends ImportRow {
  body: Partial<ProductInput>;
  changes: Record<string, [unknown, unknown]>;
}
/** Every row of a file, and the errors that concern the whole file. */
export interface ImportPlan {
  rows: PlannedRow[];
  errors: string[];
}

const CHUNK = 500;
const fileError = (message: string): ImportPlan => ({ rows: [], errors: [message] });

/** Records of the text with the line each starts on (line endings of any platform). */
function records(text: string): Array<{ line: number; cells: string[] }> | string {
  try {
    const out = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      delimiter: ';',
      record_delimiter: '\n',
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    // info.lines is where a record ends; a quoted cell may span several lines.
    return out.map(({ record, info }) => ({ line: info.lines - record.join('').split('\n').length + 1, cells: record }));
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    const quote = (err as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED' ? ' : un guillemet (") ouvert n’est jamais fermé' : '';
    return `Le fichier CSV est illisible${line ? ` à la ligne ${line}` : ''}${quote}.`;
  }
}

async function refsOf(db: Db): Promise<CsvRefs> {
  // One after the other: the import reads them in its transaction, one connection that takes one query at a time.
  const cats = await db.select().from(categories);
  const tagRows = await db.select().from(tags);
  return {
    categories: new Map(cats.map((c) => [c.name.toLowerCase(), c.id])),
    tags: new Map(tagRows.map((t) => [t.name.toLowerCase(), t.id])),
  };
}

async function productsByIds(db: Db, ids: number[]): Promise<Map<number, Product>> {
  const found = new Map<number, Product>();
  for (const part of chunks(ids, CHUNK)) for (const p of await allProducts(db, inArray(products.id, part))) found.set(p.id, p);
  return found;
}

const sortedTags = (t: readonly number[] | undefined) => (t ? [...t].sort((a, b) => a - b) : undefined);

/** Reads and checks a whole file against the database as it is (inside the caller's transaction when given one). */
export async function planImport(db: Db, text: string): Promise<ImportPlan> {
  if (text.includes('\0')) return fileError('Le fichier contient un caractère nul : ce n’est pas un fichier CSV texte.');
  const read = records(text);
  if (typeof read === 'string') return fileError(read);
  const [head, ...data] = read;
  if (!head) return fileError('Le fichier est vide.');
  const header = readHeader(head.cells);
  if ('error' in header) return fileError(`Ligne ${head.line} : ${header.error}`);
  if (data.length === 0) return fileError('Le fichier ne contient aucune ligne de produit sous l’en-tête.');
  if (data.length > MAX_IMPORT_ROWS)
    return fileError(
      `Le fichier dépasse ${MAX_IMPORT_ROWS.toLocaleString('fr-FR')} lignes de produits : découpez-le en plusieurs fichiers.`,
    );

  const refs = await refsOf(db);
  const parsed = data.map((r) => ({ line: r.line, ...readRow(r.cells, header.columns, refs) }));
  const existing = await productsByIds(db, [...new Set(parsed.flatMap((r) => (r.id === null ? [] : [r.id])))]);
  const seen = new Map<number, number>();
  const rows = parsed.map((r): PlannedRow => {
    const errors = [...r.errors];
    const before = r.id === null ? undefined : existing.get(r.id);
    if (r.id !== null && !before) errors.push(`Le produit n° ${r.id} n’existe pas (laissez « id » vide pour créer un produit).`);
    if (r.id !== null && seen.has(r.id)) errors.push(`Le produit n° ${r.id} figure déjà à la ligne ${seen.get(r.id)}.`);
    if (r.id !== null) seen.set(r.id, r.line);
    const result = (r.id === null ? productInputSchema : productPatchSchema).safeParse(r.body);
    if (!result.success) {
      for (const issue of result.error.issues) errors.push(relabel(issue.message, issue.path[0]?.toString(), csvHeader));
    }
    const body: Partial<ProductInput> = result.success ? { ...result.data, tags: sortedTags(result.data.tags) } : {};
    const name = (typeof r.body.name === 'string' && r.body.name.trim()) || before?.name || '';
    const base = { line: r.line, id: r.id, name: name.slice(0, 200), body };
    if (errors.length) return { ...base, action: 'invalid', errors: [...new Set(errors)], changes: {} };
    if (!before) return { ...base, action: 'create', errors, changes: changesOf({}, body) };
    const was = { ...before, categ_id: before.category_id, tags: sortedTags(before.tags.map((t) => t.id)) };
    const changes = changesOf(was, body);
    return { ...base, action: Object.keys(changes).length ? 'update' : 'unchanged', errors, changes };
  });
  return { rows, errors: [] };
}

/** What the back office shows of a plan. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const count = (a: ImportRow['action']) => plan.rows.filter((r) => r.action === a).length;
  return {
    rows: plan.rows.map(({ line, id, name, action, errors }) => ({ line, id, name, action, errors })),
    counts: { create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid: count('invalid') },
    errors: plan.errors,
  };
}

/** The first thing that stops a plan from being written, in French, or null. */
export function refusalOf(plan: ImportPlan): { message: string; line?: number } | null {
  if (plan.errors[0]) return { message: plan.errors[0] };
  const bad = plan.rows.find((r) => r.action === 'invalid');
  return bad ? { message: `Ligne ${bad.line} : ${bad.errors.join(' ')}`, line: bad.line } : null;
}

/** Writes a plan without errors: creations in batches, then each update, with one audit entry per product written. */
export async function applyImport(tx: Db, plan: ImportPlan, userId: number, at: Date): Promise<ImportResult> {
  const entries: Array<typeof auditLog.$inferInsert> = [];
  const creates = plan.rows.filter((r) => r.action === 'create');
  for (const part of chunks(creates, CHUNK)) {
    const ids = await tx
      .insert(products)
      .values(part.map((r) => ({ ...columnsOf(r.body), name: r.body.name!, listPrice: r.body.list_price!, createdAt: at, updatedAt: at })))
      .returning({ id: products.id });
    const links = part.flatMap((r, i) => (r.body.tags ?? []).map((tagId) => ({ productId: ids[i]!.id, tagId })));
    for (const l of chunks(links, CHUNK)) await tx.insert(productTags).values(l);
    for (const [i, r] of part.entries())
      entries.push({ userId, at, entity: 'product', entityId: ids[i]!.id, action: 'import', changes: r.changes });
  }
  const updates = plan.rows.filter((r) => r.action === 'update');
  for (const r of updates) {
    const id = r.id!;
    await tx
      .update(products)
      .set({ ...columnsOf(r.body), updatedAt: at })
      .where(eq(products.id, id));
    if (r.changes.tags) {
      await tx.delete(productTags).where(eq(productTags.productId, id));
      if (r.body.tags?.length) await tx.insert(productTags).values(r.body.tags.map((tagId) => ({ productId: id, tagId })));
    }
    entries.push({ userId, at, entity: 'product', entityId: id, action: 'import', changes: r.changes });
  }
  for (const part of chunks(entries, CHUNK)) await tx.insert(auditLog).values(part);
  return { created: creates.length, updated: updates.length, unchanged: plan.rows.filter((r) => r.action === 'unchanged').length };
}
