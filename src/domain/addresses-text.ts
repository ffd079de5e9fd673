/** The profile's delivery addresses (§2 profile), zod-free so the screens can show the limit without loading the validator. */

/** How many delivery addresses a profile keeps at most. */
export const MAX_ADDRESSES = 5;
