import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { $toasts } from '../frame/toast.store.ts';
import * as s from './addresses.store.ts';
import { $addresses } from './profile.store.ts';

const pglite = testDatabases().find((d) => d.name === 'pglite');

describe('the address book store against the real API', () => {
  let t: TestApi;
  let token: string | undefined;
  const { client } = appNetwork(() => t.app, { token: () => token });
  let me: number;
  const toasts = () => $toasts.get().map((x) => [x.message, x.kind]);
  const labels = () => ($addresses.get() ?? []).map((a) => `${a.label}${a.is_default ? '*' : ''}`);

  beforeAll(async () => {
    t = await setupApi(pglite!);
    me = t.ids.user.customer;
    token = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    $toasts.set([]);
    $addresses.set(null);
  });

  it('reads the list, adds, makes default and removes, each answered by a toast', async () => {
    await s.loadAddresses(me, { client });
    expect(labels()).toEqual(['Maison*']);
    const checked = s.checkAddress({ label: 'Bureau', adresse: ' Plateau, Dakar ', telephone: '78 000 00 01', is_default: false });
    expect(checked).toEqual({ data: { label: 'Bureau', adresse: 'Plateau, Dakar', telephone: '221780000001', is_default: false } });
    if (!('data' in checked)) return;
    expect(await s.saveAddress(me, checked.data, undefined, { client })).toBe(true);
    expect(labels()).toEqual(['Maison*', 'Bureau']);
    const bureau = $addresses.get()!.find((a) => a.label === 'Bureau')!;
    await s.makeDefault(me, bureau, { client });
    expect(labels()).toEqual(['Bureau*', 'Maison']);
    await s.deleteAddress(me, bureau, { client });
    expect(labels()).toEqual(['Maison*']);
    expect(toasts()).toEqual([
      ['Adresse « Bureau » enregistrée.', 'success'],
      ['« Bureau » est votre adresse par défaut.', 'success'],
      ['Adresse « Bureau » supprimée.', 'success'],
    ]);
  });

  it('gives the §5 message of each wrong field before sending', () => {
    expect(s.checkAddress({ label: '', adresse: '', telephone: '12' })).toEqual({
      errors: {
        label: 'Le nom de l’adresse est obligatoire (par exemple « Maison »).',
        adresse: "L'adresse est obligatoire.",
        telephone: 'Le numéro de téléphone est invalide.',
      },
    });
  });

  it('toasts the server’s French refusal and keeps the list', async () => {
    await s.loadAddresses(me, { client });
    for (let i = $addresses.get()!.length; i < 5; i++)
      await s.saveAddress(me, { label: `N${i}`, adresse: `Dakar ${i}`, telephone: '221771000001' }, undefined, { client });
    $toasts.set([]);
    expect(await s.saveAddress(me, { label: 'Sixième', adresse: 'Dakar', telephone: '221771000001' }, undefined, { client })).toBe(false);
    expect(toasts()).toEqual([['Vous gardez au plus 5 adresses : supprimez-en une d’abord.', 'error']]);
    expect($addresses.get()).toHaveLength(5);
  });
});
