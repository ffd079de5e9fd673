/** Typed calls of spec §7 "CRM and search tracking": `POST /api/termeRecherche` and `POST /api/termeRecherche/sans-resultat`. */
import * as z from '../domain/zod.ts';
import type { SearchSource } from '../domain/search-source.ts';
import { callApi, type CallOptions } from './api.ts';

/** Reports a search term and the listing it came from; `guestId` lets the server count per visitor. */
export async function postSearchTerm(terme: string, source: SearchSource, guestId?: string, opts?: CallOptions): Promise<void> {
  await callApi(z.unknown(), 'Erreur lors de l’enregistrement du terme de recherche', '/api/termeRecherche', {
    ...opts,
    method: 'POST',
    body: { terme, source },
    headers: guestId ? { 'Guest-Id': guestId } : {},
    keepalive: true,
  });
}

/** Reports a suggestion search that found nothing (the server counts it only if the catalogue indeed has nothing for it). */
export async function postSearchMiss(terme: string, guestId?: string, opts?: CallOptions): Promise<void> {
  await callApi(z.unknown(), 'Erreur lors de l’enregistrement de la recherche sans résultat', '/api/termeRecherche/sans-resultat', {
    ...opts,
    method: 'POST',
    body: { terme },
    headers: guestId ? { 'Guest-Id': guestId } : {},
    keepalive: true,
  });
}
