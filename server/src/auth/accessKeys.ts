/**
 * Access keys are stored only as scrypt hashes, never as themselves. Each key has two:
 * - `hash`, under a random salt of its own: `scrypt$N$r$p$<salt base64url>$<hash base64url>`;
 * - `lookup`, under the database's key-lookup salt (one random salt per database, kept in meta): the
 *   same derivation, so a sign-in derives one lookup from the key it was given and finds the one
 *   row that has it. A sign-in costs one scrypt however many keys are stored, and a database that
 *   leaks still costs a guesser one scrypt per guess.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
export const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Well above N·r·128 (16 MB) of the params above. */
export const SCRYPT_MAXMEM = 256 * 1024 * 1024;

function derive(key: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(key, salt, length, options, (err, derived) => (err ? reject(err) : resolve(derived)));
  });
}

export function formatHash(salt: Buffer, hash: Buffer): string {
  return ['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** A fresh random salt (the database's key-lookup salt is one of these). */
export function newSalt(): Buffer {
  return randomBytes(SALT_BYTES);
}

/** The key's scrypt hash under `salt`; a random one of its own when omitted. */
export async function hashAccessKey(key: string, salt: Buffer = newSalt()): Promise<string> {
  const hash = await derive(key, salt, KEY_LENGTH, { ...SCRYPT_PARAMS, maxmem: SCRYPT_MAXMEM });
  return formatHash(salt, hash);
}

export async function verifyAccessKey(key: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM };
  if (![options.N, options.r, options.p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const derived = await derive(key, Buffer.from(salt, 'base64url'), expected.length, options);
  return timingSafeEqual(derived, expected);
}

/** A fresh random access key (192 bits), printable and URL-safe. */
export function generateAccessKey(): string {
  return randomBytes(24).toString('base64url');
}
