/** Moves a PGlite shop into PostgreSQL (README "Backups"): every row of every table, in one transaction on PostgreSQL. */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { pgTransaction } from './backup-postgres.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

// 64 blocks of 8 KB: half a megabyte of rows per insert.
const BLOCKS = 64;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Table {
  name: string;
  /** Columns written by the copy: every column but the generated ones, which PostgreSQL computes again. */
  columns: string[];
  generated: string[];
  /** A foreign key to itself (a member's parent account): its rows go in with one statement, whose key checks run at its end. */
  selfReferencing: boolean;
}

/** The tables of `public` on the target, parents before children (foreign keys), with their columns. */
async function tablesInOrder(client: pg.Client): Promise<Table[]> {
  const { rows: cols } = await client.query<{ table: string; column: string; generated: string }>(
    `select c.relname as "table", a.attname as "column", a.attgenerated as generated
       from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const c of cols) {
    const t = tables.get(c.table) ?? { name: c.table, columns: [], generated: [], selfReferencing: false };
    (c.generated ? t.generated : t.columns).push(c.column);
    tables.set(c.table, t);
  }
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent
       from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  for (const l of links) if (l.child === l.parent) tables.get(l.child)!.selfReferencing = true;
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const l of links) if (l.child === name && l.parent !== name) visit(l.parent, path);
    placed.add(name);
    ordered.push(tables.get(name)!);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return ordered;
}

/**
 * Copies every row of `source`'s `public` tables into the same tables at `targetUrl` (freshly migrated, so the same
 * schema), and the sequences' positions. Triggers of ours are off during the copy (the rows are copied as they were,
 * including what the triggers once wrote), and the rows the migrations wrote on the target are replaced. Returns the rows
 * copied per table.
 */
export async function copyIntoPostgres(source: Db, targetUrl: string): Promise<Record<string, number>> {
  return pgTransaction(targetUrl, async (client) => {
    const copied: Record<string, number> = {};
    const tables = await tablesInOrder(client);
    for (const t of tables) await client.query(`alter table public.${ident(t.name)} disable trigger user`);
    await client.query(`truncate ${tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);
    for (const t of tables) {
      const list = t.columns.map(ident).join(', ');
      const drop = t.generated.length ? ` - array[${t.generated.map((g) => `'${g.replace(/'/g, "''")}'`).join(', ')}]::text[]` : '';
      const [size] = rowsOf<{ blocks: number }>(
        await source.execute(
          sql.raw(`select (pg_relation_size('public.${ident(t.name)}') / current_setting('block_size')::int)::int as blocks`),
        ),
      );
      const insert = (rows: string[]) =>
        client.query(
          `insert into public.${ident(t.name)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::public.${ident(t.name)}, $1::jsonb)`,
          [`[${rows.join(',')}]`],
        );
      let count = 0;
      const held: string[] = [];
      // Read by ranges of disk blocks (a TID range scan each): every row once, in time linear in the table, whatever its keys.
      for (let from = 0; from < Number(size?.blocks ?? 0); from += BLOCKS) {
        const page = rowsOf<{ r: string }>(
          await source.execute(
            sql.raw(
              `select (to_jsonb(t)${drop})::text as r from public.${ident(t.name)} t where t.ctid >= '(${from},0)'::tid and t.ctid < '(${from + BLOCKS},0)'::tid`,
            ),
          ),
        );
        count += page.length;
        if (t.selfReferencing) held.push(...page.map((p) => p.r));
        else if (page.length > 0) await insert(page.map((p) => p.r));
      }
      if (held.length > 0) await insert(held);
      copied[t.name] = count;
    }
    const sequences = rowsOf<{ name: string; last: string | number | null }>(
      await source.execute(sql`select sequencename as name, last_value as last from pg_sequences where schemaname = 'public'`),
    );
    for (const s of sequences) {
      await client.query('select setval($1::regclass, $2, $3)', [`public.${ident(s.name)}`, String(s.last ?? 1), s.last !== null]);
    }
    for (const t of tables) await client.query(`alter table public.${ident(t.name)} enable trigger user`);
    return copied;
  });
}

/** How many rows each table of `public` holds (what a copy is checked against). */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => r.name);
  if (names.length === 0) return {};
  const query = names
    .map((n) => `select '${n.replace(/'/g, "''")}' as name, count(*)::int as n from public.${ident(n)}`)
    .join(' union all ');
  const counts: Record<string, number> = {};
  for (const r of rowsOf<{ name: string; n: number }>(await db.execute(sql.raw(query)))) counts[r.name] = Number(r.n);
  return counts;
}
