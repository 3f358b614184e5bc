/**
 * A transaction hash cut to its start and end wherever a screen has no room for the whole of it
 * ("0x3f2a9c…be41d0"): the transactions list, the history popup, a trade's journey. One cut
 * everywhere, so an operator matches a hash seen on one screen with the same hash on another.
 * docs/product.md sets no rule for it (§9 names no such length): the lengths are the console's own.
 */

/** Characters kept from the start of a cut hash: "0x" and six digits of an EVM hash. */
export const SHORT_HASH_HEAD = 8;
/** Characters kept from its end. */
export const SHORT_HASH_TAIL = 6;
/**
 * The longest hash shown whole. The cut form is 15 characters long (head, "…", tail): cutting a hash
 * of 16 characters or fewer would hide digits and save at most one character.
 */
export const SHORT_HASH_MAX = 16;

/** The hash's first and last characters around "…"; a hash of at most SHORT_HASH_MAX characters whole. */
export function shortHash(hash: string): string {
  return hash.length > SHORT_HASH_MAX ? `${hash.slice(0, SHORT_HASH_HEAD)}…${hash.slice(-SHORT_HASH_TAIL)}` : hash;
}
