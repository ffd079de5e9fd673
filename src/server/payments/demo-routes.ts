/** The demonstration provider's checkout page, `/api/payments/demo/{id}` ('Paiement de démonstration'): paid, failed or abandoned, then back to `/payment-state` (or « Mes échéances » for an instalment). */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { formatFCFA } from '../../domain/money.ts';
import type { AppEnv } from '../context.ts';
import type { Deps } from '../context.ts';
import { demoOutcomes, isDemo, type DemoOutcome, type DemoProvider } from './demo.ts';
import { allProviders } from './providers.ts';

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

/** The demonstration provider (Wave's or Orange Money's) that opened session `id`. */
function demoOf(deps: Deps, id: string): DemoProvider | null {
  return allProviders(deps.payments).find((p): p is DemoProvider => isDemo(p) && p.describe(id) !== null) ?? null;
}

const STANDS_FOR = {
  wave: 'cette page remplace Wave tant que la boutique n’a pas de clé Wave (WAVE_API_KEY)',
  orange: 'cette page remplace Orange Money tant que la boutique n’a pas ses identifiants Orange Money (ORANGE_MONEY_CLIENT_ID)',
} as const;

/** The demonstration sub-app, mounted at `/api/payments/demo` (answers 404 when no demonstration provider opened the session). */
export function demoRoutes() {
  return new Hono<AppEnv>()
    .get('/:id', (c) => {
      const provider = demoOf(c.var.deps, c.req.param('id'));
      const s = provider?.describe(c.req.param('id')) ?? null;
      c.header('Content-Security-Policy', PAGE_CSP);
      c.header('Cache-Control', 'no-store');
      if (!s || !provider)
        return c.html(
          page(
            html`<h1>Paiement de démonstration</h1><p>Cette session de paiement n’existe pas ou plus.</p><p><a href="/tracking-order">Suivre une commande</a></p>`,
          ),
          404,
        );
      const open = s.status === 'open' || s.status === 'failed';
      return c.html(
        page(html`<h1>Paiement de démonstration</h1>
<p class="warn" role="note">Aucun argent n’est débité : ${STANDS_FOR[provider.method]}.</p>
<dl><dt>Commande</dt><dd>${s.reference}</dd><dt>Montant</dt><dd>${formatFCFA(s.amount)}</dd></dl>
${
  open
    ? html`<form method="post">${demoOutcomes.map((o) => html`<button type="submit" name="outcome" value="${o}"${o === 'paid' ? html` class="pay"` : ''}>${CHOICES[o]}</button>`)}</form>`
    : html`<p>Cette session est terminée.</p><p><a href="/payment-state?ref=${encodeURIComponent(s.reference)}">Voir l’état du paiement</a></p>`
}`),
      );
    })
    .post('/:id', async (c) => {
      const { now, selfRequest } = c.var.deps;
      const id = c.req.param('id');
      const provider = demoOf(c.var.deps, id);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const outcome = demoOutcomes.find((o) => o === form.outcome);
      if (!allProviders(c.var.deps.payments).some(isDemo) || !outcome) return c.json({ message: 'Choix de démonstration inconnu.' }, 400);
      if (!provider) return c.json({ message: 'Cette session de paiement n’est plus ouverte.' }, 409);
      const shown = provider.describe(id);
      const settled = provider.settle(id, outcome, now());
      if (!settled || !shown) return c.json({ message: 'Cette session de paiement n’est plus ouverte.' }, 409);
      // The same message Wave (signed webhook) or Orange Money (notification) would send, through our own route: the whole path runs.
      if (settled.body) {
        const res = await selfRequest!(settled.path, { method: 'POST', headers: settled.headers, body: settled.body });
        if (!res.ok) return c.json({ message: 'Le webhook de démonstration a été refusé.' }, 502);
      }
      // Back where the session was opened for (the payment screen, or « Mes échéances » for an instalment), on this site.
      const back = new URL(settled.redirect, 'http://boutique.invalid');
      return c.redirect(`${back.pathname}${back.search}${back.hash}`, 303);
    });
}
