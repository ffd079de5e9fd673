import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { written } from '../../../tests/fixtures/admin-products.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { auditLog } from '../db/schema-admin.ts';
import { products } from '../db/schema.ts';

const HEADER = 'id;nom;description;catégorie;étiquettes;prix;prix promo;en promo;prix précommande;à crédit;prix crédit;en vente;rang;stock';

describe.each(testDatabases())('catalogue CSV export and import on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let p: Record<string, number>;
  const exported = async () => {
    const res = await t.app.request('/api/admin/produits.csv', { headers: { 'Access-Token': admin } });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const post = (path: 'import' | 'import/apercu', csv: string) =>
    t.json(`/api/admin/produits/${path}`, {
      method: 'POST',
      body: csv,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      token: admin,
    });

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  it('exports every product as French Excel reads it: BOM, semicolons, French headers, whole francs, oui/non', async () => {
    const { res, bytes } = await exported();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="produits-2026-11-21.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(13 + 2);
    expect(lines).toContain(
      `${p.congeCoffre};Congélateur coffre Astech 300 L;Congélateur coffre Astech 300 L, garanti 12 mois.;CONGELATEUR;Ramadan;250000;215000;oui;240000;non;;oui;2;5`,
    );
    expect(lines).toContain(
      `${p.frigo};Réfrigérateur Nasco 2 portes;Réfrigérateur Nasco 2 portes, garanti 12 mois.;REFRIGERATEUR;Ramadan, Tabaski;275000;;non;;non;;oui;1;5`,
    );
    expect(lines).toContain(`${p.livraison};Frais de livraison;Frais de livraison, garanti 12 mois.;Services;;2000;;non;;non;;non;0;5`);
  });

  it('an export imported again changes nothing; edited, it updates with its accents intact, and each write is audited', async () => {
    const text = new TextDecoder().decode((await exported()).bytes);
    const preview = await post('import/apercu', text);
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ create: 0, update: 0, unchanged: 13, invalid: 0 });
    expect(preview.body.rows[0]).toEqual({
      line: 2,
      id: p.congeCoffre,
      name: 'Congélateur coffre Astech 300 L',
      action: 'unchanged',
      errors: [],
    });

    const edited = text
      .replace('Réfrigérateur Nasco 2 portes;', 'Réfrigérateur Nasco 2 portes — édition Tabaski;')
      .replace(/;REFRIGERATEUR;Ramadan, Tabaski;275000;/, ';REFRIGERATEUR;Tabaski;259000;')
      .replace(
        /\r\n$/,
        `\r\n;Four à micro-ondes Samsung 23 L;"Grill, 800 W ; garanti 1 an";mixeur;nouveauté;"65 000";;non;;non;;oui;;3\r\n`,
      );
    const before = await written(t);
    const plan = await post('import/apercu', edited);
    expect(plan.body.counts).toEqual({ create: 1, update: 1, unchanged: 12, invalid: 0 });
    expect(await written(t)).toEqual(before);
    const done = await post('import', edited);
    expect(done).toMatchObject({ status: 200, body: { created: 1, updated: 1, unchanged: 12 } });

    const frigo = (await t.json(`/api/produits/${p.frigo}`)).body;
    expect(frigo).toMatchObject({
      name: 'Réfrigérateur Nasco 2 portes — édition Tabaski',
      list_price: 259000,
      tags: [{ name: 'Tabaski' }],
    });
    const [created] = await t.database.db.select().from(products).where(like(products.name, 'Four à micro-ondes%'));
    expect(created).toMatchObject({
      description: 'Grill, 800 W ; garanti 1 an',
      listPrice: 65000,
      quantity: 3,
      categoryId: t.ids.category.MIXEUR,
      saleOk: true,
    });
    const full = (await t.json(`/api/produits/${created!.id}`)).body;
    expect(full.tags).toEqual([{ id: t.ids.tag.Nouveauté, name: 'Nouveauté' }]);
    const log = await t.json(`/api/admin/audit?entity=product&id=${p.frigo}`, { token: admin });
    expect(log.body[0]).toMatchObject({
      action: 'import',
      user: { name: 'Awa Admin' },
      changes: { name: ['Réfrigérateur Nasco 2 portes', 'Réfrigérateur Nasco 2 portes — édition Tabaski'], list_price: [275000, 259000] },
    });
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, created!.id)))
      )[0]!.n,
    ).toBe(1);
    expect((await post('import/apercu', new TextDecoder().decode((await exported()).bytes))).body.counts).toEqual({
      create: 0,
      update: 0,
      unchanged: 14,
      invalid: 0,
    });
  });

  it('a file with one bad row writes nothing and names the row and its error in French', async () => {
    const csv = [
      'nom;prix;catégorie;en promo;stock',
      'Ventilateur plafonnier Binatone;22000;VENTILATEUR;non;4',
      'Climatiseur LG 9000 BTU;deux cent mille;CLIMATISEUR;oui;2',
      'Mixeur Kenwood;30000;MIXEURS;peut-être;1',
      'Four Samsung;90000;;non;99999999999',
      'Fer vapeur Philips;15 500;;non;8',
    ].join('\n');
    const before = await written(t);
    const preview = await post('import/apercu', csv);
    expect(preview.body.counts).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 3 });
    expect(preview.body.rows[3].errors).toEqual(['Le champ « stock » dépasse 1 000 000 d’unités.']);
    expect(preview.body.rows[1]).toEqual({
      line: 3,
      id: null,
      name: 'Climatiseur LG 9000 BTU',
      action: 'invalid',
      errors: ['Le champ « prix » doit être un nombre.'],
    });
    expect(preview.body.rows[2].errors).toEqual([
      'La catégorie « MIXEURS » n’existe pas : créez-la d’abord dans « Catégories et étiquettes ».',
      'Le champ « en promo » doit être vrai ou faux.',
    ]);
    const refused = await post('import', csv);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Ligne 3 : Le champ « prix » doit être un nombre.', line: 3 });
    expect(await written(t)).toEqual(before);
  });

  it.each([
    ['an unknown column', 'nom;prix;couleur\nX;1000;rouge\n', /^Ligne 1 : Colonne inconnue : « couleur »/],
    ['commas instead of semicolons', 'nom,prix\nX,1000\n', /séparées par des points-virgules/],
    ['an unclosed quote', 'nom;prix\n"Télé 32 pouces;1000\n', /illisible à la ligne 2 : un guillemet/],
    ['no product row', 'nom;prix\n', /aucune ligne de produit/],
    ['an unknown id', `id;prix\n999999;1000\n`, /Ligne 2 : Le produit n° 999999 n’existe pas/],
    ['the same id twice', 'id;prix\nP;1000\nP;2000\n', /Ligne 3 : Le produit n° \d+ figure déjà à la ligne 2\./],
  ])('refuses %s with a French message, writing nothing', async (_l, raw, message) => {
    const csv = raw.replaceAll('P', String(p.mixeur));
    const before = await written(t);
    const refused = await post('import', csv);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await written(t)).toEqual(before);
  });

  // "Réfrigérateur" as French Excel saves « CSV (point-virgule) »: é is the single byte 0xE9, not UTF-8.
  const windows1252 = (text: string) => Uint8Array.from(text, (ch) => (ch === 'é' ? 0xe9 : ch.charCodeAt(0)));
  const postBytes = (path: 'import' | 'import/apercu', bytes: Uint8Array<ArrayBuffer>) =>
    t.app.request(`/api/admin/produits/${path}`, {
      method: 'POST',
      body: bytes,
      headers: { 'Content-Type': 'text/csv', 'Access-Token': admin },
    });

  it.each(['import', 'import/apercu'] as const)(
    'POST %s refuses a Windows-1252 file naming the line of its first é, writing nothing',
    async (path) => {
      const bytes = windows1252('nom;prix;stock\r\nVentilateur Binatone;22000;4\r\nRéfrigérateur Nasco;275000;2\r\n');
      expect(bytes).toContain(0xe9);
      const before = await written(t);
      const res = await postBytes(path, bytes);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'Le fichier n’est pas en UTF-8 (ligne 3) : enregistrez-le en « CSV UTF-8 » depuis votre tableur.',
        line: 3,
      });
      expect(await written(t)).toEqual(before);
      expect(await t.database.db.select().from(products).where(like(products.name, '%\ufffd%'))).toEqual([]);
    },
  );

  it('the same file saved as CSV UTF-8 (with its BOM) is imported, accents intact', async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('nom;prix;stock\r\nRéfrigérateur Nasco 3 portes;299000;2\r\n'),
    ]);
    const res = await postBytes('import', bytes);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ created: 1, updated: 0 });
    const [row] = await t.database.db.select().from(products).where(eq(products.name, 'Réfrigérateur Nasco 3 portes'));
    expect(row).toMatchObject({ listPrice: 299000, quantity: 2 });
  });

  it('imports 5,000 rows in one go', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `Ventilateur série ${i + 1};${10000 + i};VENTILATEUR;Ramadan;${i % 7};oui`);
    const csv = `\ufeffnom;prix;catégorie;étiquettes;stock;en vente\r\n${rows.join('\r\n')}\r\n`;
    expect(new TextEncoder().encode(csv).length).toBeGreaterThan(100 * 1024);
    const before = await written(t);
    const preview = await post('import/apercu', csv);
    expect(preview.body.counts).toEqual({ create: 5000, update: 0, unchanged: 0, invalid: 0 });
    const done = await post('import', csv);
    expect(done).toMatchObject({ status: 200, body: { created: 5000, updated: 0 } });
    const after = await written(t);
    expect(after.products - before.products).toBe(5000);
    expect(after.tags - before.tags).toBe(5000);
    expect(after.audit - before.audit).toBe(5000);
    const last = after.rows.at(-1)!;
    expect(last).toMatchObject({
      name: 'Ventilateur série 5000',
      listPrice: 14999,
      quantity: 4999 % 7,
      categoryId: t.ids.category.VENTILATEUR,
    });

    // The whole catalogue exported, every one of those prices raised, and imported back: 5,000 updates.
    const again = new TextDecoder()
      .decode((await exported()).bytes)
      .replace(
        /(;Ventilateur série \d+;;VENTILATEUR;Ramadan;)(\d+);/g,
        (_m, head: string, price: string) => `${head}${Number(price) + 500};`,
      );
    expect((await post('import', again)).body).toMatchObject({ created: 0, updated: 5000 });
    const [raised] = await t.database.db.select().from(products).where(eq(products.id, last.id));
    expect(raised!.listPrice).toBe(15499);
  }, 120_000);
});
