/**
 * §6 payroll deduction, admins only: `GET /api/admin/comptes-parents` (the parent accounts), `GET /api/admin/prelevements`
 * (a parent account's month as a CSV file for Excel, or JSON for the screen) and `POST /api/admin/prelevements` (record it paid).
 */
import { stringify } from 'csv-stringify/sync';
import { asc, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { formatFCFA } from '../../domain/money.ts';
import {
  type PayrollAnswer,
  payrollBodySchema,
  payrollDue,
  payrollQuerySchema,
  payrollRecords,
  payrollRecordedText,
} from '../../domain/payroll.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { payrollLines, recordPayroll } from '../credit/payroll.ts';
import { users } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const answerOf = (parentId: number, mois: string, lines: Awaited<ReturnType<typeof payrollLines>>): PayrollAnswer => ({
  parent_id: parentId,
  mois,
  lines: lines.map(({ orderId: _o, number: _n, ...l }) => l),
  due: payrollDue(lines),
});

/** The payroll sub-app, mounted at `/api/admin`. */
export const adminPayrollRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/comptes-parents', async (c) => {
    const rows = await c.var.deps.db
      .select({ id: users.id, name: users.name, organisation: users.organisation })
      .from(users)
      .where(isNotNull(users.organisation))
      .orderBy(asc(users.organisation));
    return c.json(rows);
  })
  .get('/prelevements', validate('query', payrollQuerySchema), async (c) => {
    const { parent_id, mois, format } = c.req.valid('query');
    const lines = await payrollLines(c.var.deps.db, parent_id, mois);
    if (format === 'json') return c.json(answerOf(parent_id, mois, lines));
    // A BOM and semicolons: what French Excel expects to open a UTF-8 file with its accents.
    const csv = stringify(payrollRecords(lines), { bom: true, delimiter: ';', record_delimiter: 'windows', escape_formulas: true });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="prelevements-${parent_id}-${mois}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/prelevements', validate('json', payrollBodySchema), async (c) => {
    const { parent_id, mois } = c.req.valid('json');
    const { db, now } = c.var.deps;
    const { recorded, amount } = await recordPayroll(db, parent_id, mois, c.var.principal!, now());
    const lines = await payrollLines(db, parent_id, mois);
    return c.json({ ...answerOf(parent_id, mois, lines), recorded, message: payrollRecordedText(recorded, amount, formatFCFA) });
  });
