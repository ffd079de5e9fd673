/** The one database schema (PGlite and PostgreSQL alike); migrations in ./migrations are generated from it. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRIORITY_CATEGORIES } from '../../domain/sorting.ts';

/** Raw bytes (pictures, documents). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A required reference to `parent`'s id: the row goes when its parent row does. */
export const cascadeTo = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** A table of names, each unique whatever its case. */
const namesTable = <N extends string>(name: N) =>
  pgTable(name, { id: serial('id').primaryKey(), name: text('name').notNull() }, (t) => [
    uniqueIndex(`${name}_name_key`).on(sql`lower(${t.name})`),
  ]);

export const categories = namesTable('categories');

export const tags = namesTable('tags');

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    listPrice: integer('list_price').notNull(),
    enPromo: boolean('en_promo').notNull().default(false),
    promoPrice: integer('promo_price'),
    preorderPrice: integer('preorder_price'),
    isCreditorder: boolean('is_creditorder').notNull().default(false),
    creditorderPrice: integer('creditorder_price'),
    saleOk: boolean('sale_ok').notNull().default(true),
    rang: integer('rang').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    date: date('date'),
    location: text('location'),
    imageVersion: text('image_version'),
    /** §9 bucket of the product's category (0–3 priority, 4 others), kept by the code that files products and renames categories. */
    categoryRank: smallint('category_rank').notNull().default(PRIORITY_CATEGORIES.length),
    /** What §9's search reads: name and description folded once, when written (search_fold, migration 0008). */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`search_fold(name || ' ' || description)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_rang_idx').on(t.rang, t.id),
    // Listings walk this in §9 order; the trailing columns let filters and totals be read from the index alone.
    index('products_listing_idx')
      .on(t.categoryRank, t.rang, t.id, t.categoryId, t.enPromo, t.isCreditorder, t.listPrice, t.promoPrice)
      .where(sql`${t.saleOk}`),
    index('products_category_listing_idx').on(t.categoryId, t.categoryRank, t.rang, t.id).where(sql`${t.saleOk}`),
    // The back office lists every product, for sale or not, in the same order: its pages walk this and stop.
    index('products_admin_listing_idx').on(t.categoryRank, t.rang, t.id).where(sql`${t.categoryRank} >= 0`),
    // Substring search (LIKE '%…%') on the folded name and description, served by pg_trgm.
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Out-of-stock ranges read this: the pre-order scope's count (its stock moves with every sale, so it is never remembered).
    index('products_stock_idx').on(t.quantity).where(sql`${t.saleOk}`),
  ],
);

/**
 * Row 1: bumped at the commit of every transaction that changes what a filter keeps, so a remembered total can be trusted.
 * Row 2: bumped by any change a listing answer shows but stock (rang and pictures too), so a remembered answer can be (0009).
 * Rows 1000–1255: one per connection slot, bumped by a change of stock alone, so sales never share a row (0018).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Transactions that changed the catalogue and have yet to bump `catalogue_version` (emptied at their commit): row 2 for any
 * change a listing answer shows, row 1 too when `filters` (a change to what a filter keeps); under the negated txid, a
 * change of stock, which bumps its connection's stock row unless row 2 moves too (0018).
 */
export const catalogueChanges = pgTable('catalogue_changes', {
  txid: bigint('txid', { mode: 'number' }).primaryKey(),
  filters: boolean('filters').notNull().default(true),
});

export const productTags = pgTable(
  'product_tags',
  {
    productId: cascadeTo('product_id', () => products.id),
    tagId: cascadeTo('tag_id', () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/**
 * Product image renditions addressed by the hash of their bytes (`products.image_version`), shared by every product that
 * shows them: one row per size and format, a WebP for every browser and an AVIF beside it where that is smaller.
 */
export const images = pgTable(
  'images',
  {
    version: text('version').notNull(),
    size: integer('size').notNull(),
    format: text('format', { enum: ['avif', 'webp'] }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.size, t.format] }), check('images_format_check', sql`${t.format} in ('avif', 'webp')`)],
);

export const packs = pgTable('packs', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const packLines = pgTable(
  'pack_lines',
  {
    packId: cascadeTo('pack_id', () => packs.id),
    productId: cascadeTo('product_id', () => products.id),
    quantity: integer('quantity').notNull(),
    priceUnit: integer('price_unit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.productId] })],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    partnerPhone: text('partner_phone'),
    adhesion: text('adhesion'),
    /** A member's parent account (§6); a parent account with members is never deleted (accounts/removal.ts). */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    /** Set on a parent account (§6, employer, mutual or partner association): the organisation's name members choose it by. */
    organisation: text('organisation'),
    companyId: integer('company_id').references(() => companies.id),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.partnerPhone),
    // The back office's customer search (src/server/admin/customers.ts): folded name, e-mail.
    index('users_name_trgm_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_parent_id_idx').on(t.parentId).where(sql`${t.parentId} IS NOT NULL`),
  ],
);

/** A login: the family that every rotated refresh token of one sign-in belongs to. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: cascadeTo('user_id', () => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; a used one is kept to detect replays. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Server-wide secrets made once and shared by every instance (token signing key). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
