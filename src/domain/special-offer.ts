/** Who is offered the special-offer popup (§4 "Special-offer popup", §9 offer on a first purchase): new visitors only. */

/** What the browser knows of the person looking at a cart page. */
export interface OfferViewer {
  /** A session exists (logged in, customer or member). */
  loggedIn: boolean;
  /** An order was placed from this browser (any kind, with or without an account). */
  orderedHere: boolean;
}

/** §4: the first-purchase offer goes only to a visitor who is not logged in and never ordered from this browser. */
export function seesSpecialOffer(v: OfferViewer): boolean {
  return !v.loggedIn && !v.orderedHere;
}
