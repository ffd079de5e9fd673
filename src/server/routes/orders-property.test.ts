import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { PRODUCTS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { setStock } from '../../../tests/fixtures/orders.ts';
import { householdCap } from '../../domain/quantity.ts';
import { orderLines, orders } from '../db/schema-orders.ts';

type SaleType = 'order' | 'preorder' | 'creditorder';

// The test's own stock: everything plentiful, except the product not here yet (only it may be pre-ordered).
const OUT_OF_STOCK = 'tvLg';

/** The test's own price list, written from the fixture catalogue (not from the code under test); undefined: not orderable so. */
function cataloguePrice(key: string, type: SaleType): number | undefined {
  const p = PRODUCTS.find((x) => x.key === key)!;
  if (p.saleOk === false) return undefined;
  if (type === 'preorder') return key === OUT_OF_STOCK ? p.preorder : undefined;
  if (type === 'creditorder') return p.credit;
  return p.promo ?? p.list;
}

const tampered = fc.constantFrom<unknown>(0, -1, 1.5, 1e12, 'abc', null, undefined, 2 ** 31, Number.MAX_SAFE_INTEGER, '');

describe.each(testDatabases())('tampered orders on $name', (kind) => {
  let t: TestApi;
  let token: string;

  beforeAll(async () => {
    t = await setupApi(kind);
    token = (await t.login('member')).access_token;
    await setStock(t, Object.fromEntries(Object.values(t.ids.product).map((id) => [id, 1_000_000_000])));
    await setStock(t, { [t.ids.product[OUT_OF_STOCK]!]: 0 });
  });
  afterAll(() => t.close());

  it('stores the catalogue total or nothing, whatever prices and quantities the client sends (1,500 runs)', async () => {
    const keys = PRODUCTS.map((p) => p.key);
    const line = fc.record({
      key: fc.constantFrom(...keys, 'unknown'),
      quantity: fc.oneof({ arbitrary: fc.integer({ min: 1, max: householdCap + 3 }), weight: 5 }, { arbitrary: tampered, weight: 1 }),
      list_price: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), tampered),
    });
    const request = fc.record({
      type: fc.constantFrom<SaleType>('order', 'preorder', 'creditorder'),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    });
    const outcomes = { accepted: 0, refused: 0 };
    const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

    await fc.assert(
      fc.asyncProperty(request, async ({ type, lines }) => {
        const order_lines = lines.map((l) => {
          const out: Record<string, unknown> = { id: l.key === 'unknown' ? 987654 : t.ids.product[l.key] };
          if (l.quantity !== undefined) out.quantity = l.quantity;
          if (l.list_price !== undefined) out.list_price = l.list_price;
          return out;
        });
        const before = await orderCount();
        const res = await t.json('/api/commandes', { method: 'POST', token, body: { type_sale: type, order_lines } });
        expect(res.status).toBeLessThan(500);
        if (res.status !== 201) {
          outcomes.refused++;
          expect(await orderCount()).toBe(before);
          return;
        }
        // Accepted: every line was a whole quantity of an orderable product, and the stored total is the catalogue's.
        const expected = lines.reduce((sum, l) => {
          const price = cataloguePrice(l.key, type);
          expect(price).toBeDefined();
          expect(Number.isInteger(l.quantity) && (l.quantity as number) >= 1 && (l.quantity as number) <= householdCap).toBe(true);
          return sum + price! * (l.quantity as number);
        }, 0);
        const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, res.body.id));
        const storedLines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, res.body.id));
        expect(stored!.amountTotal).toBe(expected);
        expect(storedLines.reduce((s, l) => s + l.priceSubtotal, 0)).toBe(expected);
        expect(res.body.amount_total).toBe(expected);
        expect(await orderCount()).toBe(before + 1);
        outcomes.accepted++;
      }),
      // About 7 % of random requests are orderable: 1,500 runs make « more than 50 accepted » a certainty, not a 1-in-100 draw.
      { numRuns: 1500 },
    );
    // Both sides of the property were really exercised.
    expect(outcomes.accepted).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});
