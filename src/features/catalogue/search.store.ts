/** Header search: suggestions (§5 "Search") and search-term reports; the API client loads with the first search. */
import { atom } from 'nanostores';
import type { Product } from '../../domain/catalogue.ts';
import type { SearchSource } from '../../domain/search-source.ts';
import type { CallOptions } from '../../lib/api.ts';

/** Suggestions under the header search bar (§5 "Search"). */
export interface SuggestionState {
  term: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  products: Product[];
}

/** The header's settled search (≥ 2 characters, or empty) and the listing it is for, so that listing follows it live. */
export const $typedSearch = atom<{ term: string; listing: string } | null>(null);

/** At most this many suggestions (§9). */
const MAX_SUGGESTIONS = 5;
/** Suggestions start at this many characters (§5). */
export const MIN_SEARCH = 2;

const idle: SuggestionState = { term: '', status: 'idle', products: [] };
/** Current suggestions. */
export const $suggestions = atom<SuggestionState>(idle);
let suggestAbort: AbortController | undefined;
let catalogueApi: Promise<typeof import('../../lib/catalogue-api.ts')> | undefined;

/** Starts loading the search's API client once the box has the focus, so the first suggestions (§5 "Search") wait only for their answer. */
export function warmSearch(): Promise<typeof import('../../lib/catalogue-api.ts')> {
  // A load that failed (offline, a deploy in between) is tried again by the next search.
  catalogueApi ??= import('../../lib/catalogue-api.ts').catch((error: unknown) => {
    catalogueApi = undefined;
    throw error;
  });
  return catalogueApi;
}

/** Looks up suggestions for `term` (below 2 characters: none); late answers to older terms are dropped. */
export async function suggest(term: string, via: CallOptions = {}): Promise<void> {
  suggestAbort?.abort();
  const abort = new AbortController();
  suggestAbort = abort;
  const needle = term.trim();
  if (needle.length < MIN_SEARCH) return $suggestions.set(idle);
  $suggestions.set({ term: needle, status: 'loading', products: $suggestions.get().products });
  try {
    const { filterProducts } = await warmSearch();
    const page = await filterProducts({ search: needle, limit: MAX_SUGGESTIONS }, 'all', { ...via, signal: abort.signal });
    if (abort !== suggestAbort) return;
    $suggestions.set({ term: needle, status: 'done', products: page.products.slice(0, MAX_SUGGESTIONS) });
    if (page.products.length === 0) void reportMiss(needle, via);
  } catch {
    if (abort !== suggestAbort) return;
    $suggestions.set({ term: needle, status: 'error', products: [] });
  }
}

/** Closes the suggestions and forgets any answer still on its way. */
export function clearSuggestions(): void {
  suggestAbort?.abort();
  suggestAbort = undefined;
  $suggestions.set(idle);
}

// A word the box found nothing for is reported once per page, however often it is typed again.
const missesReported = new Set<string>();

/** Runs a tracking call with the API client and the visitor's id, once both are loaded; a failure is ignored. */
async function track(send: (api: typeof import('../../lib/search-terms-api.ts'), guestId: string) => Promise<void>): Promise<void> {
  try {
    const [api, { ensureGuestId }] = await Promise.all([import('../../lib/search-terms-api.ts'), import('../collections/guest.store.ts')]);
    await send(api, ensureGuestId());
  } catch {
    // Tracking must never get in the shopper's way.
  }
}

/** Reports a suggestion search that found nothing ("Sans résultat" in the back office); a failure is ignored. */
async function reportMiss(term: string, via: CallOptions): Promise<void> {
  const key = term.toLowerCase();
  if (missesReported.has(key)) return;
  missesReported.add(key);
  await track((api, guestId) => api.postSearchMiss(term, guestId, via));
}

/** Reports a search term (`POST /api/termeRecherche`); a failure is logged by the client and otherwise ignored. */
export async function reportSearchTerm(terme: string, source: SearchSource, via: CallOptions = {}): Promise<void> {
  const text = terme.trim();
  if (text) await track((api, guestId) => api.postSearchTerm(text, source, guestId, via));
}
