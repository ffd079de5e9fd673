import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it.each([
    [
      'nothing set: a developer machine, demo payments on',
      {},
      { NODE_ENV: 'development', SEED: 'auto', DEMO_PAYMENTS: true, ADMIN_NAME: 'Administrateur' },
    ],
    ['tests keep demo payments', { NODE_ENV: 'test' }, { NODE_ENV: 'test', DEMO_PAYMENTS: true }],
    ['production turns demo payments off', { NODE_ENV: 'production' }, { NODE_ENV: 'production', DEMO_PAYMENTS: false, SEED: 'auto' }],
    ['production may turn them on again', { NODE_ENV: 'production', DEMO_PAYMENTS: 'true' }, { DEMO_PAYMENTS: true }],
    ['development may turn them off', { DEMO_PAYMENTS: 'false' }, { DEMO_PAYMENTS: false }],
    ['SEED=demo', { SEED: 'demo' }, { SEED: 'demo' }],
    [
      'Orange Money, its API at Orange unless told',
      { ORANGE_MONEY_CLIENT_ID: 'id', ORANGE_MONEY_CLIENT_SECRET: 'secret', ORANGE_MONEY_MERCHANT_KEY: 'key' },
      { ORANGE_MONEY_CLIENT_ID: 'id', ORANGE_MONEY_API_URL: 'https://api.orange.com', ORANGE_MONEY_COUNTRY: 'sn' },
    ],
    [
      'an empty variable counts as unset',
      { NODE_ENV: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
      { NODE_ENV: 'development', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
    ],
    [
      'the admin, e-mail lower-cased and phone normalised as at sign-up',
      { ADMIN_EMAIL: ' Patron@Boutique-Dakar.SN ', ADMIN_PASSWORD: 'Dakar 2026', ADMIN_NAME: ' Awa Ndiaye ', ADMIN_PHONE: '77 123 45 67' },
      { ADMIN_EMAIL: 'patron@boutique-dakar.sn', ADMIN_PASSWORD: 'Dakar 2026', ADMIN_NAME: 'Awa Ndiaye', ADMIN_PHONE: '221771234567' },
    ],
  ])('%s', (_, source, expected) => {
    const env: Record<string, unknown> = loadEnv(source);
    for (const [key, value] of Object.entries(expected)) expect(env[key], key).toEqual(value);
  });

  const admin = { ADMIN_EMAIL: 'patron@boutique-dakar.sn', ADMIN_PASSWORD: 'Dakar2026' };
  it.each([
    ['NODE_ENV unknown', { NODE_ENV: 'staging' }, 'NODE_ENV: NODE_ENV doit valoir development, production ou test.'],
    ['SEED unknown', { SEED: 'always' }, 'SEED: SEED doit valoir auto, demo ou never.'],
    ['DEMO_PAYMENTS not a boolean', { DEMO_PAYMENTS: 'yes' }, 'DEMO_PAYMENTS: DEMO_PAYMENTS doit valoir true ou false.'],
    ['ADMIN_EMAIL not an address', { ...admin, ADMIN_EMAIL: 'patron' }, 'ADMIN_EMAIL: L’adresse email est invalide.'],
    ['ADMIN_PASSWORD too short', { ...admin, ADMIN_PASSWORD: 'Dak2026' }, 'ADMIN_PASSWORD: Mot de passe trop court'],
    ['ADMIN_PASSWORD without a digit', { ...admin, ADMIN_PASSWORD: 'DakarDakar' }, 'ADMIN_PASSWORD: Mot de passe trop faible'],
    ['ADMIN_PASSWORD without a letter', { ...admin, ADMIN_PASSWORD: '2026202620' }, 'ADMIN_PASSWORD: Mot de passe trop faible'],
    ['ADMIN_EMAIL alone', { ADMIN_EMAIL: admin.ADMIN_EMAIL }, 'ADMIN_PASSWORD: ADMIN_PASSWORD est requis avec ADMIN_EMAIL.'],
    [
      'Orange Money without its merchant key',
      { ORANGE_MONEY_CLIENT_ID: 'id', ORANGE_MONEY_CLIENT_SECRET: 'secret' },
      'ORANGE_MONEY_MERCHANT_KEY: ORANGE_MONEY_MERCHANT_KEY est requis avec ORANGE_MONEY_CLIENT_ID et ORANGE_MONEY_CLIENT_SECRET pour activer Orange Money.',
    ],
    [
      'ORANGE_MONEY_API_URL not http',
      { ORANGE_MONEY_API_URL: 'ftp://x' },
      'ORANGE_MONEY_API_URL: ORANGE_MONEY_API_URL doit être une URL http(s)://…',
    ],
    ['ADMIN_PASSWORD alone', { ADMIN_PASSWORD: admin.ADMIN_PASSWORD }, 'ADMIN_EMAIL: ADMIN_EMAIL est requis avec ADMIN_PASSWORD.'],
    ['ADMIN_NAME too short', { ...admin, ADMIN_NAME: 'A' }, 'ADMIN_NAME: Le nom est obligatoire (2 caractères au moins).'],
    ['ADMIN_PHONE not Senegalese', { ...admin, ADMIN_PHONE: '+33 6 12 34 56 78' }, 'ADMIN_PHONE: Le numéro de téléphone est invalide.'],
    ['AUTH_SECRET too short', { AUTH_SECRET: 'court' }, 'AUTH_SECRET: AUTH_SECRET doit compter au moins 32 caractères.'],
    ['DATABASE_URL not postgres', { DATABASE_URL: 'mysql://db/boutique' }, 'DATABASE_URL: DATABASE_URL doit être une URL postgres://'],
  ])('refuses %s, naming the variable in French', (_, source, line) => {
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Configuration invalide :\\n[^]*  ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      loadEnv({ NODE_ENV: 'prod', DEMO_PAYMENTS: '1', ADMIN_EMAIL: 'x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0]),
    ).toEqual(expect.arrayContaining(['NODE_ENV', 'DEMO_PAYMENTS', 'ADMIN_EMAIL']));
  });
});
