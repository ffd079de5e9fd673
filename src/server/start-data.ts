/**
 * What a start does to the data before serving: the demo shop away from production (or with `SEED=demo`), the first
 * administrator from `ADMIN_EMAIL`/`ADMIN_PASSWORD`, and the lines an operator must read (never a demo password in production).
 */
import { inArray, sql } from 'drizzle-orm';
import { ensureAdmin, hasAdmin } from './accounts/admin-account.ts';
import { verifyPassword } from './auth/passwords.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema.ts';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed.ts';
import { hasProducts } from './db/seed-write.ts';
import type { Env } from './env.ts';

/** Whether this start may fill an empty database with the demo shop (catalogue and demo accounts). */
export const seedsDemo = (env: Pick<Env, 'SEED' | 'NODE_ENV'>): boolean =>
  env.SEED === 'demo' || (env.SEED === 'auto' && env.NODE_ENV !== 'production');

/** How to make the first administrator, in French. */
export const NO_ADMIN = [
  '[admin] Aucun administrateur : le back-office /admin reste fermé. Pour en créer un :',
  '  - au prochain démarrage : ADMIN_EMAIL=vous@exemple.sn ADMIN_PASSWORD=… (retirez ADMIN_PASSWORD ensuite) ;',
  '  - ou une fois : npm run admin -- --email vous@exemple.sn (le mot de passe est demandé, jamais passé en argument).',
];

/** The demo accounts present with their published password (README), by e-mail. */
export async function demoLoginsLeft(db: Db): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const open = await Promise.all(
    rows.map(async (r) => {
      const account = DEMO_ACCOUNTS.find((a) => a.email === r.email?.toLowerCase());
      return account && (await verifyPassword(account.password, r.hash)) ? account.email : null;
    }),
  );
  return open.filter((e) => e !== null);
}

async function adminFromEnv(db: Db, env: Env, now: Date): Promise<string[]> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return (await hasAdmin(db)) ? [] : NO_ADMIN;
  const input = { name: env.ADMIN_NAME, email: env.ADMIN_EMAIL, phone: env.ADMIN_PHONE, password: env.ADMIN_PASSWORD };
  const outcome = await ensureAdmin(db, input, { onlyIfNone: true, now, source: 'ADMIN_EMAIL' });
  if (outcome.kind === 'created')
    return [
      `[admin] Administrateur ${env.ADMIN_EMAIL} créé depuis ADMIN_EMAIL. ADMIN_PASSWORD ne sert plus : retirez-le de l’environnement.`,
    ];
  if (outcome.kind === 'refused') return [`[admin] ADMIN_EMAIL refusé : ${outcome.message}`, ...NO_ADMIN];
  // Only the first start creates: an admin made since (or changed with --reset) is never overwritten from the environment.
  return [
    '[admin] Un administrateur existe déjà : ADMIN_EMAIL et ADMIN_PASSWORD sont ignorés (retirez-les ; un mot de passe se change avec npm run admin -- --email … --reset).',
  ];
}

/** Run at every start: seeds and makes the first admin as the environment says; returns whether the demo shop was seeded and the lines to print once the shop is up. */
export async function prepareData(db: Db, env: Env, now: Date = new Date()): Promise<{ seeded: boolean; notice: string[] }> {
  const production = env.NODE_ENV === 'production';
  const { seeded } = seedsDemo(env) ? await seedDemo(db) : { seeded: false };
  const notice: string[] = [];
  if (!production && env.SEED !== 'never') {
    notice.push('Comptes de démonstration :', ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(22)} ${a.email}  /  ${a.password}`));
  } else if (production && env.SEED === 'demo') {
    notice.push(
      '[démo] SEED=demo : la boutique a les comptes de démonstration, dont les mots de passe sont publiés (README). Jamais pour une vraie boutique.',
    );
  } else if (production) {
    const left = await demoLoginsLeft(db);
    if (left.length)
      notice.push(
        `[sécurité] Comptes de démonstration encore ouverts avec leur mot de passe publié : ${left.join(', ')}. Changez leur mot de passe ou supprimez-les (pour l’administrateur : npm run admin -- --email admin@boutique.sn --reset).`,
      );
    if (env.SEED === 'auto' && !(await hasProducts(db)))
      notice.push(
        '[catalogue] Aucun produit : ajoutez-les depuis /admin (ou importez un CSV). SEED=demo remplirait une vitrine de démonstration.',
      );
  }
  notice.push(...(await adminFromEnv(db, env, now)));
  return { seeded, notice };
}
