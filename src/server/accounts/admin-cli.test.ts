import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabases } from '../../../tests/fixtures/db.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ADMIN_TEXT } from './admin-account.ts';
import { main } from './admin-cli.ts';

// Each call opens the database (PGlite: a folder) and hashes with scrypt: slow on a busy machine.
const SLOW = 180_000;
const EMAIL = 'patron@boutique-dakar.sn';

describe.each(serverDatabases())('npm run admin on $name', (kind) => {
  let data: Awaited<ReturnType<typeof kind.make>>;
  beforeAll(async () => {
    data = await kind.make();
  });
  afterAll(() => data?.drop());

  /** Runs the command in this process with a password typed (or none); returns its exit code and what it printed. */
  const run = async (argv: string[], password: string | null, env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    let asked = 0;
    const code = await main(argv, {
      env: { ...data.env, ...env },
      readPassword: async () => {
        asked++;
        return password ?? '';
      },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err, asked };
  };
  const stored = async () => {
    const database = await openDatabase(
      data.env.DATABASE_URL ? { url: data.env.DATABASE_URL } : { dataDir: join(data.env.DATA_DIR!, 'pglite') },
    );
    try {
      return (await database.db.select().from(users).where(sql`lower(${users.email}) = ${EMAIL}`))[0];
    } finally {
      await database.close();
    }
  };

  it.each([
    ['a password on the command line', ['--email', EMAIL, '--password', 'Dakar2026'], '--password n’est pas accepté'],
    ['a password glued to its option', ['--email', EMAIL, '--password=Dakar2026'], '--password n’est pas accepté'],
    ['an unknown option', ['--email', EMAIL, '--role', 'admin'], 'Option invalide'],
    ['no e-mail', [], '--email : L’adresse email est obligatoire.'],
    ['a bad e-mail', ['--email', 'patron'], '--email : L’adresse email est invalide.'],
    ['a foreign phone', ['--email', EMAIL, '--phone', '+33612345678'], '--phone : Le numéro de téléphone est invalide.'],
  ])('refuses %s before asking for a password (exit 2)', async (_, argv, message) => {
    const r = await run(argv, 'Dakar2026');
    expect(r.code).toBe(2);
    expect(r.asked).toBe(0);
    expect(r.err.join('\n')).toContain(message);
  });

  it.each([
    ['no password typed', null, 'Mot de passe absent'],
    ['a password too weak for the sign-up rule', 'dakardakar', 'mot de passe : Mot de passe trop faible'],
  ])(
    'refuses %s (exit 2) and creates nobody',
    async (_, password, message) => {
      const r = await run(['--email', EMAIL], password);
      expect(r).toMatchObject({ code: 2, asked: 1 });
      expect(r.err.join('\n')).toContain(message);
      expect(await stored()).toBeUndefined();
    },
    SLOW,
  );

  it(
    'creates the admin with the typed password',
    async () => {
      const r = await run(['--email', 'Patron@Boutique-Dakar.sn', '--name', 'Awa Ndiaye', '--phone', '77 123 45 67'], 'Dakar2026');
      expect(r).toMatchObject({ code: 0, asked: 1, err: [] });
      expect(r.out.join('\n')).toContain(`Administrateur créé : ${EMAIL}`);
      const boss = (await stored())!;
      expect(boss).toMatchObject({ name: 'Awa Ndiaye', role: 'admin', isVerified: true, partnerPhone: '221771234567' });
      expect(await verifyPassword('Dakar2026', boss.passwordHash)).toBe(true);
    },
    SLOW,
  );

  it(
    'again with the same password: nothing to change (exit 0); with another: refused (exit 1), the password kept',
    async () => {
      const same = await run(['--email', EMAIL], 'Dakar2026');
      expect(same.code).toBe(0);
      expect(same.out.join('\n')).toContain('rien à changer');
      const before = (await stored())!.passwordHash;
      const other = await run(['--email', EMAIL], 'Autre2026');
      expect(other).toMatchObject({ code: 1, err: [ADMIN_TEXT.otherPassword(EMAIL)] });
      expect((await stored())!.passwordHash).toBe(before);
    },
    SLOW,
  );

  it(
    '--reset replaces the password, read from ADMIN_PASSWORD without asking',
    async () => {
      const r = await run(['--email', EMAIL, '--reset'], null, { ADMIN_PASSWORD: 'Autre2026' });
      expect(r).toMatchObject({ code: 0, asked: 0 });
      expect(r.out.join('\n')).toContain('remplacé');
      const boss = (await stored())!;
      expect(await verifyPassword('Autre2026', boss.passwordHash)).toBe(true);
      expect(await verifyPassword('Dakar2026', boss.passwordHash)).toBe(false);
    },
    SLOW,
  );

  it(
    'as a process, reads the password from piped standard input',
    async () => {
      const child = spawn(process.execPath, ['src/server/accounts/admin-cli.ts', '--email', 'caisse@boutique-dakar.sn'], {
        env: { PATH: process.env.PATH, ...data.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.stdin.end('Caisse2026\n');
      const code = await new Promise<number | null>((ok) => child.once('exit', ok));
      expect(output).toContain('Administrateur créé : caisse@boutique-dakar.sn');
      expect(code).toBe(0);
    },
    SLOW,
  );
});
