/** §6 credit members: who may order on credit, and who may filter the listing by credit products. */

/** The user fields the rule reads. */
interface Adherent {
  adhesion?: string | null;
  parent_id?: number | null;
}

/** An accepted adhesion opens credit orders (§6); the session must also be verified, which the caller checks. */
export const isCreditMember = (user: Adherent | null | undefined): boolean => user?.adhesion === 'accepted';

/** A credit member attached to a parent account may also filter the listing by credit products (§2 "Filter panel"). */
export const canFilterCredit = (user: Adherent | null | undefined): boolean => isCreditMember(user) && user?.parent_id != null;
