/** Typed calls of spec §7 "CRM and search tracking": `POST /api/termeRecherche` and `POST /api/termeRecherche/sans-resultat`. */
import * as z from '../domain/zod.ts';
import type { SearchSource } from '../domain/search-source.ts';
import { callApi, type CallOptions } from './api.ts';

// Both reports name the visitor (`Guest-Id`) so the server counts per visitor, and outlive a navigation.
async function report(message: string, path: string, body: object, guestId?: string, opts?: CallOptions): Promise<void> {
  await callApi(z.unknown(), message, path, {
    ...opts,
    method: 'POST',
    body,
    headers: guestId ? { 'Guest-Id': guestId } : {},
    keepalive: true,
  });
}

/** Reports a search term and the listing it came from; `guestId` lets the server count per visitor. */
export function postSearchTerm(terme: string, source: SearchSource, guestId?: string, opts?: CallOptions): Promise<void> {
  return report('Erreur lors de l’enregistrement du terme de recherche', '/api/termeRecherche', { terme, source }, guestId, opts);
}

/** Reports a suggestion search that found nothing (the server counts it only if the catalogue indeed has nothing for it). */
export function postSearchMiss(terme: string, guestId?: string, opts?: CallOptions): Promise<void> {
  const path = '/api/termeRecherche/sans-resultat';
  return report('Erreur lors de l’enregistrement de la recherche sans résultat', path, { terme }, guestId, opts);
}
