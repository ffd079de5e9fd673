/** §3 "CRM record": the record of a tracked collection, apart from the collection rules every page loads (only the reactions send it). */
import { collectionTotal, crmTypes, locationText, unitPrice, type Line, type LocationData, type TrackedKind } from './collections.ts';
import type { CrmRecord } from './crm.ts';

/** Who the record is about. */
export interface CrmContact {
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** Builds the CRM record of a tracked collection; null when it is empty (nothing is sent). */
export function buildCrmRecord(
  kind: TrackedKind,
  lines: readonly Line[],
  guestId: string,
  location: LocationData | null,
  contact: CrmContact,
  date: string,
): CrmRecord | null {
  if (lines.length === 0) return null;
  return {
    guest_id: guestId,
    location,
    localisation: locationText(location),
    ...contact,
    type: crmTypes[kind],
    total: collectionTotal(kind, lines),
    date,
    produits: lines.map((l) => ({
      id: l.product.id,
      nom: l.product.name,
      quantité: l.quantity,
      prix: unitPrice(kind, l.product),
      location: l.location,
      panier: kind,
      date: l.date,
    })),
  };
}
