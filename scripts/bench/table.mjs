// The bench's one table: metric | figure | budget | ✓ or ✗, and the summary line.

/** A table row; `ok` is true/false when a budget applies, undefined for figures shown for information. */
export const row = (metric, figure, budget = '—', ok = undefined) => ({ metric, figure, budget, ok });

/** Prints the rows aligned and returns how many budgets were held and how many went over. */
export function printTable(rows) {
  const head = { metric: 'Mesure', figure: 'Valeur', budget: 'Budget', ok: '' };
  const width = (key) => Math.max(...[head, ...rows].map((r) => String(r[key]).length));
  const [wm, wf, wb] = ['metric', 'figure', 'budget'].map(width);
  const line = (r, mark) => `${String(r.metric).padEnd(wm)} | ${String(r.figure).padStart(wf)} | ${String(r.budget).padEnd(wb)} | ${mark}`;
  console.log(`\n${line(head, '')}`);
  console.log(`${'-'.repeat(wm)}-+-${'-'.repeat(wf)}-+-${'-'.repeat(wb)}-+--`);
  for (const r of rows) console.log(line(r, r.ok === true ? '✓' : r.ok === false ? '✗' : ''));
  const held = rows.filter((r) => r.ok === true).length;
  const over = rows.filter((r) => r.ok === false).length;
  console.log(`\n${held} budget${held > 1 ? 's' : ''} tenu${held > 1 ? 's' : ''}, ${over} dépassé${over > 1 ? 's' : ''}`);
  return { held, over };
}
