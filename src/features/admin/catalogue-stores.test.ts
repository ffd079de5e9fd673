import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { appNetwork } from '../../../tests/fixtures/app-network.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { packInputSchema } from '../../domain/pack-admin.ts';
import { $toasts } from '../frame/toast.store.ts';
import { $labels, createLabel, deleteLabel, loadLabels, renameLabel } from './labels.store.ts';
import { countedLines, draftOf, inputOf } from './pack-draft.ts';
import { $adminPacks, loadAdminPacks, savePack, searchPackProducts, setPackActive } from './packs.store.ts';
import { $productEditor, loadProductEditor, removeProduct } from './products.store.ts';

const [pglite] = testDatabases();
const toasts = () => $toasts.get().map((t) => [t.message, t.kind]);

describe('the back office’s catalogue stores, against the API', () => {
  let t: TestApi;
  let admin: string;
  const { client } = appNetwork(() => t.app, { token: () => admin });
  const via = () => ({ client });
  const names = (kind: 'category' | 'tag') => {
    const v = $labels.get();
    return v.status === 'ready' ? v.data[kind].map((l) => `${l.name}:${l.products}`) : v.status;
  };

  beforeAll(async () => {
    t = await setupApi(pglite!);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());
  beforeEach(() => $toasts.set([]));

  it('loads both lists with counts, creates and renames, and hands back the server’s refusal of a used category', async () => {
    await loadLabels(via());
    expect(names('category')).toContain('TELEVISION:3');
    expect(names('tag')).toEqual(['Nouveauté:1', 'Ramadan:3', 'Tabaski:2']);
    expect(await deleteLabel('category', t.ids.category.TELEVISION!, via())).toBe(
      'La catégorie « TELEVISION » est utilisée par 3 produits : retirez-les d’abord.',
    );
    expect(toasts()).toEqual([['La catégorie « TELEVISION » est utilisée par 3 produits : retirez-les d’abord.', 'error']]);
    expect(names('category')).toContain('TELEVISION:3');
    expect(await createLabel('tag', 'Korité', via())).toBeNull();
    expect(names('tag')).toContain('Korité:0');
    expect(await renameLabel('tag', t.ids.tag.Tabaski!, 'korité', via())).toBe('L’étiquette « korité » existe déjà.');
    expect(toasts().at(-2)).toEqual(['Étiquette créée.', 'success']);
  });

  it('creates a pack, keeps it first in the list, and switches it off', async () => {
    await loadAdminPacks(via());
    const refused = await savePack(
      null,
      { code: 'PACK-TEST', name: 'Doublon', active: true, lines: [{ product_id: t.ids.product.frigo!, quantity: 1, price_unit: 1000 }] },
      via(),
    );
    expect(refused).toEqual({ message: 'Le code « PACK-TEST » est déjà celui du pack « Pack Test Tabaski ».', field: 'code' });
    const saved = await savePack(
      null,
      { code: 'PACK-NEUF', name: 'Pack neuf', active: true, lines: [{ product_id: t.ids.product.frigo!, quantity: 2, price_unit: 1000 }] },
      via(),
    );
    if (!('pack' in saved)) throw new Error(saved.message);
    expect(saved.pack.total).toBe(2000);
    const list = $adminPacks.get();
    expect(list.status === 'ready' && list.data.map((p) => p.code)).toEqual(['PACK-NEUF', 'PACK-OLD', 'PACK-TEST']);
    expect(await setPackActive(saved.pack, false, via())).toBe(true);
    const after = $adminPacks.get();
    expect(after.status === 'ready' && after.data[0]!.active).toBe(false);
    expect(toasts().at(-1)).toEqual(['« Pack neuf » n’est plus proposé.', 'success']);
  });

  it('finds products for sale by name at the price a shopper pays', async () => {
    const found = await searchPackProducts('samsung', new AbortController().signal, via());
    expect(found).toEqual([{ id: t.ids.product.tvSamsung, name: 'Téléviseur LED Samsung 43 pouces', price: 189000 }]);
    expect(await searchPackProducts('télécommande', new AbortController().signal, via())).toEqual([]);
  });

  it('deletes a product no order names, and for one in an order shows it withdrawn from sale with the server’s words', async () => {
    const spare = await t.json('/api/produits', { method: 'POST', token: admin, body: { name: 'Grille-pain Sokany', list_price: 9000 } });
    expect(await removeProduct(spare.body.id, via())).toEqual({ outcome: 'deleted', id: spare.body.id, message: 'Produit supprimé.' });
    const customer = (await t.login('customer')).access_token;
    const placed = await t.json('/api/commandes', {
      method: 'POST',
      token: customer,
      body: { order_lines: [{ id: t.ids.product.cuisiniere!, quantity: 1 }], adresse: 'Rue 10, Médina' },
    });
    expect(placed.status).toBe(201);
    await loadProductEditor(t.ids.product.cuisiniere!, via());
    const removal = await removeProduct(t.ids.product.cuisiniere!, via());
    expect(removal).toMatchObject({
      outcome: 'retired',
      message: 'Le produit « Cuisinière Royal 4 feux » figure dans des commandes : il est retiré de la vente au lieu d’être supprimé.',
    });
    const editor = $productEditor.get();
    expect(editor.status === 'ready' && [editor.data.product?.sale_ok, editor.data.audit[0]?.action]).toEqual([false, 'retire']);
    expect(toasts()).toEqual([]);
  });
});

describe('the pack form’s draft', () => {
  const pack = {
    id: 1,
    code: 'PACK-X',
    name: 'Pack X',
    active: true,
    total: 3000,
    lines: [{ product_id: 4, name: 'Mixeur', quantity: 2, price_unit: 1500, sale_ok: true, stock: 12 }],
  };

  it('turns an empty number field into no number, which the schema names, not into 0', () => {
    const draft = draftOf(pack);
    expect(inputOf(draft)).toEqual({
      code: 'PACK-X',
      name: 'Pack X',
      active: true,
      lines: [{ product_id: 4, quantity: 2, price_unit: 1500 }],
    });
    const blank = { ...draft, lines: [{ ...draft.lines[0]!, price_unit: ' ' }] };
    expect(packInputSchema.safeParse(inputOf(blank)).error?.issues[0]?.message).toBe('Le prix unitaire doit être un nombre.');
    expect(countedLines(blank)).toEqual([{ quantity: 0, price_unit: 0 }]);
    expect(countedLines({ ...draft, lines: [{ ...draft.lines[0]!, quantity: '3', price_unit: '12 500' }] })).toEqual([
      { product_id: 4, quantity: 3, price_unit: 12500 },
    ]);
  });
});
