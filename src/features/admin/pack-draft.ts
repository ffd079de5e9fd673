/** The pack form's draft (§3 "Pack"): fields as typed, turned into the admin body; pure, so it is tested without a browser. */
import type { AdminPack, PackInput } from '../../domain/pack-admin.ts';

/** A line as the form holds it: numbers still as typed. */
export interface DraftLine {
  product_id: number;
  name: string;
  quantity: string;
  price_unit: string;
}
/** The whole form. */
export interface PackDraft {
  code: string;
  name: string;
  active: boolean;
  lines: DraftLine[];
}

/** An empty pack, offered to shoppers once saved. */
export const emptyDraft = (): PackDraft => ({ code: '', name: '', active: true, lines: [] });

/** The draft of an existing pack. */
export function draftOf(pack: AdminPack): PackDraft {
  return {
    code: pack.code,
    name: pack.name,
    active: pack.active,
    lines: pack.lines.map((l) => ({
      product_id: l.product_id,
      name: l.name,
      quantity: String(l.quantity),
      price_unit: String(l.price_unit),
    })),
  };
}

/** A number field as typed; an empty one is no number at all (Number('') would be 0, a valid-looking price). */
export const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/\s/g, '')));

/** The body to validate and send; numbers that are not numbers stay NaN so the schema names them. */
export function inputOf(draft: PackDraft): PackInput {
  return {
    code: draft.code,
    name: draft.name,
    active: draft.active,
    lines: draft.lines.map((l) => ({ product_id: l.product_id, quantity: numberOf(l.quantity), price_unit: numberOf(l.price_unit) })),
  };
}

/** The lines as the live total reads them: a line not yet valid counts for nothing. */
export function countedLines(draft: PackDraft): Array<{ quantity: number; price_unit: number }> {
  return inputOf(draft).lines.map((l) =>
    Number.isInteger(l.quantity) && Number.isInteger(l.price_unit) ? l : { quantity: 0, price_unit: 0 },
  );
}
