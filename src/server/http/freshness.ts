/**
 * Validators of what the catalogue shows (domain/freshness.ts): row 2 of `catalogue_version` (every change a page or a
 * catalogue read shows but stock moves it at its commit, migrations 0009 and 0012), the sum of its stock rows (every stock
 * change moves one at its commit, migration 0018) and the build. A copy whose tag is current is answered 304 before
 * anything is rendered or read.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { CATALOGUE_CACHE, CATALOGUE_TAG_HEADER, catalogueTag, tagMatches } from '../../domain/freshness.ts';
import type { Db } from '../db/client.ts';
import { catalogueVersion } from '../db/schema.ts';
import type { NodeHandler } from './node-server.ts';

// Stock rows (migration 0018): one per connection slot, each only ever growing, so their sum grows with every stock change.
const stockSum = sql<string>`(select coalesce(sum(s.version), 0)::text from ${catalogueVersion} s where s.id >= 1000)`;

/**
 * What the catalogue shows, as one version (`<row 2>.<sum of the stock rows>`, read in one statement), or null when it cannot
 * be read (then nothing is tagged): it moves with every change a page or a read shows, stock included.
 */
export async function answerVersion(db: Db): Promise<string | null> {
  try {
    const [row] = await db
      .select({ version: catalogueVersion.version, stock: stockSum })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, 2));
    return row ? `${row.version}.${row.stock}` : null;
  } catch {
    return null;
  }
}

/** The id of the storefront build in `distDir`: its stamp (`npm run build`), else the time its server entry was written. */
export function buildId(distDir: string): string {
  const stamp = join(distDir, '.build-stamp');
  if (existsSync(stamp)) return readFileSync(stamp, 'utf8').trim().slice(0, 16);
  const entry = join(distDir, 'server', 'entry.mjs');
  return existsSync(entry) ? statSync(entry).mtimeMs.toString(36) : 'dev';
}

/**
 * Wraps the page renderer: each read is handed the current tag (header `x-catalogue-tag`, which the Astro middleware sends
 * back as the ETag of a public page), and a read whose `If-None-Match` names it gets 304 without a render. Only public
 * pages, drawn from their address, the build and the catalogue alone, ever carry that tag.
 */
export function withCatalogueTag(db: Db, build: string, render: NodeHandler): NodeHandler {
  return async (req, res, next) => {
    delete req.headers[CATALOGUE_TAG_HEADER];
    if (req.method === 'GET' || req.method === 'HEAD') {
      const version = await answerVersion(db);
      if (version !== null) {
        const tag = catalogueTag(version, build);
        if (tagMatches(req.headers['if-none-match'], tag)) {
          res.writeHead(304, { ETag: tag, 'Cache-Control': CATALOGUE_CACHE, Vary: 'Accept-Encoding' }).end();
          return;
        }
        req.headers[CATALOGUE_TAG_HEADER] = tag;
      }
    }
    return render(req, res, next);
  };
}
