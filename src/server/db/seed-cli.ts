/** `npm run seed [-- --products N] [--years Y]`: seeds the demo shop if empty, then optionally appends N generated products and Y years of customers, orders and CRM records; in production only with `SEED=demo`. */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { DEMO_ACCOUNTS, seedDemo, seedLarge } from './seed.ts';
import { seedYears } from './seed-years.ts';
import { runCommand } from '../command.ts';

/** Runs the seed with command-line arguments; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { products: { type: 'string' }, years: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(
      'Usage : npm run seed [-- --products 10000] [--years 2]\n  --years N : ajoute N années d’historique (par an : 15 000 clients, 50 000 commandes, 500 000 fiches CRM).\n  Sans option : crée le catalogue de démonstration si la base est vide.\n  Avec NODE_ENV=production : seulement si SEED=demo.',
    );
    return 0;
  }
  const count = values.products === undefined ? 0 : Number(values.products);
  if (!Number.isInteger(count) || count < 0) {
    console.error(`--products attend un nombre entier positif (reçu « ${values.products} »).`);
    return 2;
  }
  const years = values.years === undefined ? 0 : Number(values.years);
  if (!Number.isFinite(years) || years < 0 || years > 10) {
    console.error(`--years attend un nombre d’années entre 0 et 10 (reçu « ${values.years} »).`);
    return 2;
  }
  const env = loadEnv();
  const production = env.NODE_ENV === 'production';
  if (production && env.SEED !== 'demo') {
    console.error(
      'NODE_ENV=production : npm run seed remplirait la boutique de produits et de comptes de démonstration aux mots de passe publiés.\n' +
        '  Pour une vitrine de démonstration, relancez avec SEED=demo.',
    );
    return 1;
  }
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${join(env.DATA_DIR, 'pglite')})`;
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'pglite') });
  try {
    const demo = await seedDemo(database.db);
    if (demo.seeded) {
      console.log(
        `Catalogue de démonstration créé dans ${where} en ${demo.ms} ms : ${demo.products} produits, ` +
          `${demo.categories} catégories, ${demo.tags} étiquettes, ${demo.packs} packs, ${demo.users} comptes, ` +
          `${demo.membershipRequests} demande d’adhésion et ${demo.creditOrders} commandes à crédit.`,
      );
      // Production logs are kept and shared: the passwords stay in the README.
      if (production) console.log('  Comptes de démonstration : voir le README (jamais pour une vraie boutique).');
      else for (const a of DEMO_ACCOUNTS) console.log(`  ${a.label.padEnd(20)} ${a.email.padEnd(22)} ${a.password}`);
    } else {
      console.log(`La base ${where} contient déjà des produits : catalogue de démonstration inchangé.`);
    }
    if (count > 0) {
      const large = await seedLarge(database.db, count);
      console.log(`${large.products} produits générés ajoutés en ${(large.ms / 1000).toFixed(1)} s.`);
    }
    if (years > 0) {
      const h = await seedYears(database.db, { years });
      console.log(
        `${years} an(s) d’historique ajoutés en ${(h.ms / 1000).toFixed(1)} s : ${h.customers} clients, ${h.orders} commandes ` +
          `(${h.lines} lignes), ${h.crm} fiches CRM, ${h.searchDays} comptes de recherche par jour.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) runCommand(main);
