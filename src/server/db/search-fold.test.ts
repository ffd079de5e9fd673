import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFold } from '../../domain/search-fold.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import type { Database } from './client.ts';

const SAMPLES = [
  'Réfrigérateur',
  'RÉFRIGÉRATEUR',
  'Congélateur coffre',
  'Cuisinière à gaz',
  'Télévision',
  'Fer à repasser',
  'Machine à laver hublot',
  'Crème brûlée',
  'Noël',
  'Maïs',
  'Ça coûte',
  'ŒUF et cœur',
  'Ex æquo',
  'Niño',
  'Haÿ',
  'Hôtel Île-de-France',
  'ÀÂÄÁÃÅ ÉÈÊË ÍÌÎÏ ÓÒÔÖÕ ÚÙÛÜ ÝŸ ÇÑ',
  '100 % coton_fin',
  'déjà-vu',
  'Wi-Fi 5 GHz',
  '',
];

describe.each(testDatabases())('search folding on $name', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(() => database.close());

  it.each(SAMPLES)('SQL search_fold and the domain twin agree on %j', async (text) => {
    const res = await database.db.execute(sql`select search_fold(${text}) as folded`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<{ folded: string }>;
    const folded = rows[0]!.folded;
    expect(folded).toBe(searchFold(text));
    expect(folded).not.toMatch(/[A-ZÀ-ÝŒÆ]/);
  });
});
