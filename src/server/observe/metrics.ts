/**
 * The shop's Prometheus metrics (README "Operating"), kept by prom-client (the Prometheus client for Node.js) in one
 * registry per process and read on `METRICS_PORT`: request durations by route, orders placed and refused, payments by
 * provider and outcome, messages queued, sent, retried and failed, rate-limit refusals, and the process's own (memory, event loop, GC).
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Every metric of this process. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const registers = [registry];
const counter = <T extends string>(name: string, help: string, labelNames: readonly T[]) =>
  new Counter({ name, help, labelNames, registers });

/** Seconds an API request took, by method, route pattern (never the raw path) and status. */
export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Durée des requêtes de l’API, par méthode, route et statut.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

/** Orders placed, by sale type (§3 `type_sale`); a repeated Idempotency-Key is not counted again. */
export const ordersPlaced = counter('boutique_orders_placed_total', 'Commandes enregistrées, par type de vente.', ['type_sale']);

/** Orders refused once their body was valid (stock, prices, products, guest-booking limits), by the status answered. */
export const ordersRefused = counter('boutique_orders_refused_total', 'Commandes refusées, par statut HTTP.', ['status']);

/** What a provider's word about a payment did (apply.ts `Applied`), by provider. */
export const payments = counter('boutique_payments_total', 'Issues des paiements en ligne, par prestataire.', ['provider', 'outcome']);

/** Messages by channel (`email`, `sms`): `queued` in the outbox, `sent`, `retried` after a refusal, `failed` for good. */
export const messages = counter('boutique_messages_total', 'Messages mis en file, envoyés, réessayés ou en échec définitif, par canal.', [
  'channel',
  'outcome',
]);

/** Requests refused by a rate limit (429), by route pattern. */
export const rateLimited = counter('boutique_rate_limit_refusals_total', 'Requêtes refusées par une limite de débit, par route.', [
  'route',
]);
