/**
 * Whose signal state a storage name holds: the notification centre, its unread count and the
 * preferences are each user's own, not shared by everyone signing in to the same browser (an
 * Operator's first sign-in must not show the Admin's "99+"). Every such name carries the signed-in
 * user's name.
 */

/** The separator between a storage name and its owner; a user name is encoded, so it holds no ':'. */
const OWNER_SEPARATOR = ':';

/**
 * The storage name (localStorage key, IndexedDB database) of `base` for `user`: `signalPrefs:admin`.
 * Names are encoded, so "a:b" and "a" with "b" never share one; '' (no user known) has its own.
 */
export function ownedStorageName(base: string, user: string): string {
  return `${base}${OWNER_SEPARATOR}${encodeURIComponent(user)}`;
}

/**
 * The user a session token names, from its decoded claims; '' when it names none (a token the
 * console cannot read: the frame is not shown for it anyway).
 */
export function signalOwnerOf(claims: { name?: unknown } | null): string {
  return claims && typeof claims.name === 'string' ? claims.name : '';
}
