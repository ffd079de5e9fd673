/** The catalogue as a CSV file (§3 product fields): French column names, cells ↔ product fields, and French errors. */
import type { Product } from './catalogue.ts';
import type { ProductInput } from './product-input.ts';

/** The product fields a CSV file or the back-office form carries, with the French label people read. */
export const PRODUCT_LABELS = {
  id: 'Id',
  name: 'Nom',
  description: 'Description',
  categ_id: 'Catégorie',
  tags: 'Étiquettes',
  list_price: 'Prix',
  promo_price: 'Prix promo',
  en_promo: 'En promo',
  preorder_price: 'Prix précommande',
  is_creditorder: 'À crédit',
  creditorder_price: 'Prix crédit',
  sale_ok: 'En vente',
  rang: 'Rang',
  quantity: 'Stock',
} as const;
/** A column of the file. */
export type CsvColumn = keyof typeof PRODUCT_LABELS;
/** Columns in the order the export writes them. */
export const CSV_COLUMNS = Object.keys(PRODUCT_LABELS) as CsvColumn[];
/** The header of a column: its label in lower case, e.g. `prix précommande`. */
export const csvHeader = (column: CsvColumn) => PRODUCT_LABELS[column].toLocaleLowerCase('fr');
/** Import limit: a larger catalogue is imported in several files. */
export const MAX_IMPORT_ROWS = 10_000;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
const BY_HEADER = new Map(CSV_COLUMNS.map((c) => [fold(csvHeader(c)), c]));
const PRICES = new Set<CsvColumn>(['list_price', 'promo_price', 'preorder_price', 'creditorder_price']);
const NULLABLE = new Set<CsvColumn>(['promo_price', 'preorder_price', 'creditorder_price', 'categ_id']);
const BOOLEANS = new Set<CsvColumn>(['en_promo', 'is_creditorder', 'sale_ok']);
const YES = new Set(['oui', 'vrai', 'true', '1', 'o', 'x']);
const NO = new Set(['non', 'faux', 'false', '0', 'n']);
// Excel runs a cell starting with one of these as a formula: the export prefixes an apostrophe, the import takes it off.
const FORMULA = /^[=+\-@\t\r]/;

/** The export's cells for one product: whole francs without spaces, `oui`/`non`, tags by name. */
export function csvRecordOf(p: Product): string[] {
  const cell: Record<CsvColumn, string> = {
    id: String(p.id),
    name: p.name,
    description: p.description ?? '',
    categ_id: p.categ_id ?? '',
    tags: p.tags.map((t) => t.name).join(', '),
    list_price: String(p.list_price),
    promo_price: p.promo_price?.toString() ?? '',
    en_promo: p.en_promo ? 'oui' : 'non',
    preorder_price: p.preorder_price?.toString() ?? '',
    is_creditorder: p.is_creditorder ? 'oui' : 'non',
    creditorder_price: p.creditorder_price?.toString() ?? '',
    sale_ok: p.sale_ok ? 'oui' : 'non',
    rang: String(p.rang),
    quantity: String(p.quantity),
  };
  return CSV_COLUMNS.map((c) => cell[c]);
}

/** Which field each column of a header row holds, or the French reason the header cannot be read. */
export function readHeader(cells: readonly string[]): { columns: CsvColumn[] } | { error: string } {
  const columns: CsvColumn[] = [];
  for (const raw of cells) {
    const column = BY_HEADER.get(fold(raw));
    if (!column) {
      const hint = cells.length === 1 && /[,\t]/.test(raw) ? ' Les colonnes doivent être séparées par des points-virgules (;).' : '';
      return { error: `Colonne inconnue : « ${raw.slice(0, 60)} ». Colonnes attendues : ${CSV_COLUMNS.map(csvHeader).join(';')}.${hint}` };
    }
    if (columns.includes(column)) return { error: `La colonne « ${csvHeader(column)} » figure deux fois.` };
    columns.push(column);
  }
  if (!columns.includes('id') && !columns.includes('name'))
    return { error: 'La ligne d’en-tête doit au moins nommer la colonne « id » ou « nom ».' };
  return { columns };
}

/** A whole number of francs as people type it (`250 000`, `250000 F CFA`); anything else is left as text for the schema to refuse. */
export function wholeOrText(text: string): number | string {
  const t = text.replace(/[\s\u00a0\u202f]+/g, '').replace(/(f\.?cfa|fcfa|xof|f)$/i, '');
  return /^-?\d+(?:[.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : text;
}

/** `oui`/`non` (or vrai/faux, 1/0); anything else is left as text for the schema to refuse. */
export function yesNoOrText(text: string): boolean | string {
  const t = text.trim().toLowerCase();
  return YES.has(t) ? true : NO.has(t) ? false : text;
}

/** Names (category, tags) the file may use, in lower case, to their ids. */
export interface CsvRefs {
  categories: ReadonlyMap<string, number>;
  tags: ReadonlyMap<string, number>;
}

/** One data row read: the product it updates (none: a creation), the body for the product schema, and reference errors. */
export interface CsvRow {
  id: number | null;
  body: Partial<Record<keyof ProductInput, unknown>>;
  errors: string[];
}

/**
 * Reads one row. An empty cell clears a promo, pre-order or credit price, the category, the tags or the description;
 * elsewhere it leaves the product's value (on an update) or the default (on a creation).
 */
export function readRow(cells: readonly string[], columns: readonly CsvColumn[], refs: CsvRefs): CsvRow {
  const out: CsvRow = { id: null, body: {}, errors: [] };
  columns.forEach((column, i) => {
    const raw = cells[i] ?? '';
    const text = FORMULA.test(raw.slice(1)) && raw.startsWith("'") ? raw.slice(1) : raw;
    const blank = text.trim() === '';
    if (column === 'id') {
      if (blank) return;
      const id = wholeOrText(text);
      if (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) out.id = id;
      else
        out.errors.push(
          `L’identifiant « ${text.slice(0, 30)} » n’est pas un nombre entier positif (laissez « id » vide pour créer un produit).`,
        );
    } else if (column === 'categ_id') {
      const id = blank ? null : refs.categories.get(text.trim().toLowerCase());
      if (id === undefined)
        out.errors.push(`La catégorie « ${text.trim()} » n’existe pas : créez-la d’abord dans « Catégories et étiquettes ».`);
      else out.body.categ_id = id;
    } else if (column === 'tags') {
      const names = text
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !refs.tags.has(n.toLowerCase()));
      if (unknown.length)
        out.errors.push(
          `Étiquette${unknown.length > 1 ? 's' : ''} inconnue${unknown.length > 1 ? 's' : ''} : ${unknown.map((n) => `« ${n} »`).join(', ')}.`,
        );
      else out.body.tags = [...new Set(names.map((n) => refs.tags.get(n.toLowerCase())!))];
    } else if (column === 'description') {
      out.body.description = text;
    } else if (blank) {
      if (NULLABLE.has(column)) out.body[column] = null;
    } else if (column === 'name') {
      out.body.name = text;
    } else {
      out.body[column] = BOOLEANS.has(column)
        ? yesNoOrText(text)
        : PRICES.has(column) || column === 'rang' || column === 'quantity'
          ? wholeOrText(text)
          : text;
    }
  });
  return out;
}

/** A schema message with the API's field name replaced by the label people read (`« list_price »` → `« prix »`). */
export function relabel(message: string, field: string | undefined, label: (column: CsvColumn) => string): string {
  const column = field && field in PRODUCT_LABELS ? (field as CsvColumn) : undefined;
  if (!column) return message;
  if (message.includes(`« ${field} »`)) return message.replaceAll(`« ${field} »`, `« ${label(column)} »`);
  return `« ${label(column)} » : ${message}`;
}

/** Text of a CSV file's bytes: UTF-8 (with or without BOM), else Windows-1252, as French Excel saves « CSV (point-virgule) ». */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const LF = 0x0a,
  CR = 0x0d;
const utf8 = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const isUtf8Prefix = (bytes: Uint8Array, end: number) => {
  try {
    // `stream`: a sequence cut by the end of the prefix is not yet an error.
    utf8().decode(bytes.subarray(0, end), { stream: true });
    return true;
  } catch {
    return false;
  }
};

/** Where the first byte that is not UTF-8 sits: the longest prefix that still decodes, found by halving. */
function firstBadByte(bytes: Uint8Array): number {
  let good = 0;
  let bad = bytes.length + 1;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (isUtf8Prefix(bytes, mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/** The line, from 1, of byte `at`: line endings of any platform (CR LF, LF, CR) count as one. */
function lineAt(bytes: Uint8Array, at: number): number {
  let line = 1;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === LF || (bytes[i] === CR && bytes[i + 1] !== LF)) line++;
  }
  return line;
}

/**
 * Text of a CSV file sent to the import API, which takes UTF-8 only (a BOM is dropped); otherwise the French refusal naming
 * the line of the first byte that is not UTF-8, so nothing is stored as "R�frig�rateur".
 */
export function readUtf8Csv(bytes: Uint8Array): { text: string } | { error: string; line: number } {
  try {
    return { text: utf8().decode(bytes) };
  } catch {
    const line = lineAt(bytes, Math.min(firstBadByte(bytes), bytes.length));
    return { error: `Le fichier n’est pas en UTF-8 (ligne ${line}) : enregistrez-le en « CSV UTF-8 » depuis votre tableur.`, line };
  }
}
