/**
 * Access keys are stored only as scrypt hashes with a per-key random salt:
 * `scrypt$N$r$p$<salt base64url>$<hash base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(key: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(key, salt, length, options, (err, derived) => (err ? reject(err) : resolve(derived)));
  });
}

export async function hashAccessKey(key: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(key, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyAccessKey(key: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 };
  if (![options.N, options.r, options.p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const derived = await derive(key, Buffer.from(salt, 'base64url'), expected.length, options);
  return timingSafeEqual(derived, expected);
}

/** A fresh random access key (192 bits), printable and URL-safe. */
export function generateAccessKey(): string {
  return randomBytes(24).toString('base64url');
}
