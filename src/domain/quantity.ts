/**
 * §4 "Collections" and §7 "Orders": the household cap, the most units of one product a single order may take (one order
 * line, one line of the cart, pre-order or credit cart, one pack line). The setting to change: the order schema, the
 * collections, the pack form and every French message read it.
 */
export const householdCap = 10;

/** §3 "CRM record": the most units of one product a CRM record may report; looser than the cap, a record sells nothing. */
export const maxQuantity = 99;

/** The sentence a shopper reads when a collection line is already at the household cap. */
export const capNotice = (name: string) => `${householdCap} « ${name} » au plus par commande : c’est la limite par foyer.`;

/** The short reason a '+' stopped at the cap carries (its title). */
export const capHint = `${householdCap} au plus par commande`;
