/**
 * Demo data of the credit flows (§6), written with the demo shop so every credit screen shows something on a fresh
 * install: the demo customer's pending membership request with its two documents, and two credit orders of the demo
 * member — one waiting for its parent account's approval, one confirmed with an instalment paid and one overdue.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { referenceFromBytes } from '../../domain/orders.ts';
import { creditSchedule, dakarDay } from '../../domain/schedule.ts';
import { readCreditTerms } from '../credit/terms.ts';
import type { Db } from './client.ts';
import { creditApplications, creditDocuments } from './schema-credit.ts';
import { orderLines, orders, orderTranches } from './schema-orders.ts';
import { users } from './schema.ts';
import type { SeedProduct } from './seed-products.ts';

/** What the credit demo wrote: the membership request, and the two credit orders' references (empty when it wrote nothing). */
export interface CreditDemoReport {
  requests: number;
  orders: string[];
}

/** The two documents of the demo request: a small photo of an ID card (JPEG) and a one-page payslip (PDF). */
export interface DemoDocuments {
  identity: Uint8Array;
  income: Uint8Array;
}

/** A minimal valid one-page PDF (header, catalog, page, a line of text, cross-reference table and trailer). */
export function minimalPdf(text: string): Uint8Array {
  const stream = `BT /F1 14 Tf 40 100 Td (${text.replace(/[\\()]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** Makes the demo documents (before the seed's transaction: sharp is the slow part, a few milliseconds). */
export async function demoDocuments(): Promise<DemoDocuments> {
  const identity = await sharp({ create: { width: 96, height: 60, channels: 3, background: '#d9e4ef' } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { identity: new Uint8Array(identity), income: minimalPdf('Bulletin de salaire - exemple de demonstration') };
}

const DAY_MS = 86_400_000;
const idOf = async (tx: Db, email: string) =>
  (await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1))[0]?.id ?? null;

/**
 * How many days before `now` the confirmed demo credit was placed: the fewest (from two months) for which, over `months`
 * months, its first two instalments fall due before today and the third after it (one paid, one overdue, the rest to come).
 */
export function overdueCreditAge(total: number, months: number, dueDay: number, now: Date): number {
  const today = dakarDay(now);
  for (let days = 60; days < 120; days++) {
    const s = creditSchedule(total, months, dueDay, new Date(now.getTime() - days * DAY_MS));
    if (s[1]!.due_on! < today && s[2]!.due_on! >= today) return days;
  }
  throw new Error('overdueCreditAge : aucune date ne convient.');
}

/**
 * Writes the credit demo inside the seed's transaction, once: nothing when the demo accounts are missing or the demo
 * member already has an order or the customer a request. Orders are written with the domain's schedule (the shop's
 * credit terms), dates relative to `now`; they take no stock (the demo shop's stock stays as seeded).
 */
export async function seedCreditDemo(
  tx: Db,
  docs: DemoDocuments,
  product: { id: number; row: SeedProduct },
  now: Date,
): Promise<CreditDemoReport> {
  const none: CreditDemoReport = { requests: 0, orders: [] };
  // One after the other: a transaction is one connection, which takes one query at a time.
  const customer = await idOf(tx, 'client@boutique.sn');
  const member = await idOf(tx, 'membre@boutique.sn');
  const parent = await idOf(tx, 'garant@boutique.sn');
  if (!customer || !member || !parent) return none;
  const report: CreditDemoReport = { requests: 0, orders: [] };

  const [asked] = await tx.select({ id: creditApplications.id }).from(creditApplications).where(eq(creditApplications.userId, customer));
  if (!asked) {
    const sentAt = new Date(now.getTime() - DAY_MS);
    const [request] = await tx
      .insert(creditApplications)
      .values({
        userId: customer,
        employer: 'Port autonome de Dakar',
        incomeBracket: '150-300',
        parentId: parent,
        state: 'sent',
        createdAt: sentAt,
      })
      .returning({ id: creditApplications.id });
    await tx.insert(creditDocuments).values([
      {
        applicationId: request!.id,
        kind: 'identity',
        mime: 'image/jpeg',
        fileName: 'carte-identite.jpg',
        data: docs.identity,
        createdAt: sentAt,
      },
      {
        applicationId: request!.id,
        kind: 'income',
        mime: 'application/pdf',
        fileName: 'bulletin-de-salaire.pdf',
        data: docs.income,
        createdAt: sentAt,
      },
    ]);
    // As a request sent from the profile leaves it: « Adhésion en attente ».
    await tx.update(users).set({ adhesion: 'pending' }).where(eq(users.id, customer));
    report.requests = 1;
  }

  const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, member)).limit(1);
  if (ordered) return report;
  const [account] = await tx.select().from(users).where(eq(users.id, member));
  const { dueDay } = await readCreditTerms(tx);
  const price = product.row.creditorderPrice ?? product.row.listPrice;
  const months = 6;
  const waitingAt = new Date(now.getTime() - 2 * 3_600_000);
  const confirmedAge = overdueCreditAge(price, months, dueDay, now);
  const placedAt = new Date(now.getTime() - confirmedAge * DAY_MS);
  const credit = async (at: Date, confirmed: boolean) => {
    const reference = referenceFromBytes(randomBytes(8));
    const approved = confirmed ? new Date(at.getTime() + DAY_MS) : null;
    const [o] = await tx
      .insert(orders)
      .values({
        reference,
        userId: member,
        typeSale: 'creditorder',
        paymentMode: 'domicile',
        paymentStatus: 'unpaid',
        state: confirmed ? 'confirmed' : 'sale',
        amountTotal: price,
        stockTaken: false,
        commitmentDate: at,
        name: account!.name,
        email: account!.email,
        telephone: account!.partnerPhone,
        adresse: 'Liberté 6, rue 12, Dakar',
        months,
        parentId: parent,
        // The one waiting: the shop has said yes, its parent account has not yet.
        shopApprovedAt: confirmed ? approved : at,
        parentApprovedAt: approved,
        confirmedAt: approved,
        createdAt: at,
        updatedAt: approved ?? at,
      })
      .returning({ id: orders.id });
    await tx
      .insert(orderLines)
      .values({ orderId: o!.id, productId: product.id, name: product.row.name, quantity: 1, priceUnit: price, priceSubtotal: price });
    const schedule = creditSchedule(price, months, dueDay, at);
    await tx.insert(orderTranches).values(
      schedule.map((t) => {
        // The confirmed one: its first instalment was deducted from the salary on its day; the second is overdue.
        const paid = confirmed && t.number === 1;
        return {
          orderId: o!.id,
          number: t.number,
          percent: t.percent,
          amount: t.amount,
          dueOn: t.due_on,
          state: paid ? ('paid' as const) : ('due' as const),
          paidAt: paid ? new Date(`${t.due_on}T09:00:00Z`) : null,
          paidVia: paid ? ('payroll' as const) : null,
        };
      }),
    );
    report.orders.push(reference);
  };
  await credit(placedAt, true);
  await credit(waitingAt, false);
  return report;
}
