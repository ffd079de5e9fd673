/** The demonstration provider's checkout page, `/api/payments/demo/{id}` ('Paiement de démonstration'): paid, failed or abandoned, then back to `/payment-state`. */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { formatFCFA } from '../../domain/money.ts';
import type { AppEnv } from '../context.ts';
import { demoOutcomes, isDemo, type DemoOutcome } from './demo.ts';

// The page's own styles; nothing else may load, and its forms post only here.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
const CHOICES: Record<DemoOutcome, string> = {
  paid: 'Payer (paiement réussi)',
  failed: 'Simuler un paiement refusé',
  abandoned: 'Abandonner le paiement',
};

const page = (body: unknown) => html`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Paiement de démonstration</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.warn{background:#fef3c7;border:2px solid #b45309;border-radius:.5rem;padding:.75rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;background:#fff;border-radius:.5rem;padding:1rem}dt{color:#475569}dd{margin:0;font-weight:700}
button{display:block;width:100%;min-height:3rem;margin:.75rem 0;border-radius:.5rem;border:2px solid #1d4ed8;font-size:1.05rem;font-weight:700;background:#fff;color:#1d4ed8}
button.pay{background:#1d4ed8;color:#fff}</style></head>
<body><main>${body}</main></body></html>`;

/** The demonstration sub-app, mounted at `/api/payments/demo` (answers 404 when Wave is the provider or online payment is off). */
export function demoRoutes() {
  return new Hono<AppEnv>()
    .get('/:id', (c) => {
      const provider = c.var.deps.payments?.provider;
      const s = isDemo(provider) ? provider.describe(c.req.param('id')) : null;
      c.header('Content-Security-Policy', PAGE_CSP);
      c.header('Cache-Control', 'no-store');
      if (!s)
        return c.html(
          page(
            html`<h1>Paiement de démonstration</h1><p>Cette session de paiement n’existe pas ou plus.</p><p><a href="/tracking-order">Suivre une commande</a></p>`,
          ),
          404,
        );
      const open = s.status === 'open' || s.status === 'failed';
      return c.html(
        page(html`<h1>Paiement de démonstration</h1>
<p class="warn" role="note">Aucun argent n’est débité : cette page remplace Wave tant que la boutique n’a pas de clé Wave (WAVE_API_KEY).</p>
<dl><dt>Commande</dt><dd>${s.reference}</dd><dt>Montant</dt><dd>${formatFCFA(s.amount)}</dd></dl>
${
  open
    ? html`<form method="post">${demoOutcomes.map((o) => html`<button type="submit" name="outcome" value="${o}"${o === 'paid' ? html` class="pay"` : ''}>${CHOICES[o]}</button>`)}</form>`
    : html`<p>Cette session est terminée.</p><p><a href="/payment-state?ref=${encodeURIComponent(s.reference)}">Voir l’état du paiement</a></p>`
}`),
      );
    })
    .post('/:id', async (c) => {
      const { payments, now, selfRequest } = c.var.deps;
      const provider = payments?.provider;
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const outcome = demoOutcomes.find((o) => o === form.outcome);
      if (!isDemo(provider) || !outcome) return c.json({ message: 'Choix de démonstration inconnu.' }, 400);
      const id = c.req.param('id');
      const shown = provider.describe(id);
      const settled = provider.settle(id, outcome, now());
      if (!settled || !shown) return c.json({ message: 'Cette session de paiement n’est plus ouverte.' }, 409);
      // The same signed webhook Wave would send, through our own route: the whole path runs.
      if (settled.body) {
        const res = await selfRequest!('/api/payments/wave/webhook', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Wave-Signature': settled.signature! },
          body: settled.body,
        });
        if (!res.ok) return c.json({ message: 'Le webhook de démonstration a été refusé.' }, 502);
      }
      return c.redirect(`/payment-state?ref=${encodeURIComponent(shown.reference)}`, 303);
    });
}
