/** What the CRM last acknowledged per tracked collection (§4, §5): read by the frame at start, written by crm.store.ts. */
import { persistentAtom } from '@nanostores/persistent';
import { crmFingerprint, crmTypes, type TrackedKind } from '../../domain/collections.ts';
import { decodeStored } from './persist.ts';

/** Reads the persisted fingerprints: known kinds with text values only. */
export function readSynced(raw: unknown): Partial<Record<TrackedKind, string>> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const entries = Object.entries(raw);
  return entries.every(([k, v]) => k in crmTypes && typeof v === 'string' && v.length <= 20_000) ? Object.fromEntries(entries) : null;
}

/** Fingerprint of the last state the server acknowledged, per tracked collection; a change made before the reactions ran (or left unsent by a closing page) is sent at the next start. */
export const $crmSynced = persistentAtom<Partial<Record<TrackedKind, string>>>(
  'crmSynced',
  {},
  {
    encode: (v) => JSON.stringify(v),
    decode: (text) => decodeStored(readSynced, text, {}),
  },
);

/** True when `kind` holds lines the CRM has not acknowledged (a change made before the reactions ran, or left unsent). */
export function unacknowledged(kind: TrackedKind, lines: Parameters<typeof crmFingerprint>[1]): boolean {
  return lines.length > 0 && $crmSynced.get()[kind] !== crmFingerprint(kind, lines);
}
