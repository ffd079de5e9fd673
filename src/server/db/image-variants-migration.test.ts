import { asc, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { migrateAll, migrationsBefore } from '../../../tests/fixtures/migrations.ts';
import type { Database } from './client.ts';
import { images } from './schema.ts';

// Our migrations up to the one under test, excluded: the schema a shop had before it.
const before = migrationsBefore('0011_image_variants');

const picture = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 90, b: 160 } } });

describe.each(testDatabases())('the image variants migration on $name', (kind) => {
  let database: Database;
  let avif256: Buffer;
  let avif1024: Buffer;
  let webp256: Buffer;

  // A shop with images stored the old way (one row per size, AVIF or WebP), then migrated.
  beforeAll(async () => {
    // Small pictures: only their first bytes tell the format, whatever size their row names.
    avif256 = await picture(32).avif({ effort: 0 }).toBuffer();
    avif1024 = await picture(48).avif({ effort: 0 }).toBuffer();
    webp256 = await picture(32).webp().toBuffer();
    database = await kind.open({ migrationsFolder: before });
    await database.db.execute(
      sql`insert into images (version, size, data) values ('a1', 256, ${avif256}), ('a1', 1024, ${avif1024}), ('w1', 256, ${webp256})`,
    );
    await migrateAll(database);
  });
  afterAll(() => database?.close());

  it('keeps every stored rendition, AVIF rows marked avif and the others webp', async () => {
    const rows = await database.db.select().from(images).orderBy(asc(images.version), asc(images.size));
    expect(rows.map((r) => ({ version: r.version, size: r.size, format: r.format }))).toEqual([
      { version: 'a1', size: 256, format: 'avif' },
      { version: 'a1', size: 1024, format: 'avif' },
      { version: 'w1', size: 256, format: 'webp' },
    ]);
    expect(rows.map((r) => Buffer.from(r.data))).toEqual([avif256, avif1024, webp256]);
  });

  it('keys rows by size and format: a WebP beside the AVIF, one of each, no other format, no row without one', async () => {
    await database.db.insert(images).values({ version: 'a1', size: 256, format: 'webp', data: webp256 });
    await expect(database.db.insert(images).values({ version: 'a1', size: 256, format: 'webp', data: webp256 })).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into images (version, size, format, data) values ('p1', 256, 'png', ${webp256})`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`insert into images (version, size, data) values ('n1', 256, ${webp256})`)).rejects.toThrow();
  });
});
