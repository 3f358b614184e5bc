/**
 * Destination secrets at rest (SECRETS_KEY): each secret field is kept in SQLite as AES-256-GCM
 * ciphertext that says what it is, `{"enc":"v1","iv":…,"tag":…,"data":…}` (base64), with a random
 * 12-byte IV per value and its auth tag checked on every read. The destination's id and the field's
 * name are authenticated with it (GCM's additional data), so a value copied into another destination
 * or field fails like a tampered one. Anything that is not such an object is a plain value, read as
 * it is: databases written before the key was set keep working. node:crypto does the cryptography.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { StoredDestination } from './destination.ts';

/** AES-256: a 32-byte key. */
export const SECRETS_KEY_BYTES = 32;
/** GCM's recommended IV length: 12 bytes, random for every value. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';
/** The format's version, stored with each value so a later format can tell them apart. */
export const SEALED_VERSION = 'v1';

export interface Sealed {
  enc: typeof SEALED_VERSION;
  iv: string;
  tag: string;
  data: string;
}

/** Why a stored value could not be read, in words an operator can act on. */
export class UnreadableSecret extends Error {
  override readonly name = 'UnreadableSecret';
}

/**
 * SECRETS_KEY as an operator gives it: 64 hex characters, or the base64 of 32 bytes (`openssl rand
 * -base64 32`). Anything else is refused, so a typo never becomes a weaker or different key.
 */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value, 'base64');
    if (key.length === SECRETS_KEY_BYTES) return key;
  }
  throw new Error(`must be ${SECRETS_KEY_BYTES} bytes as 64 hex characters or base64 (openssl rand -base64 32)`);
}

/** Whether a stored value is an encrypted one (of any version: an unknown one is then refused, not sent as text). */
export function isSealed(value: unknown): value is { enc: unknown } {
  return typeof value === 'object' && value !== null && 'enc' in value;
}

/** `plain` encrypted under `key`; `context` (the destination's id and field) is authenticated with it. */
export function seal(key: Buffer, plain: string, context: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { enc: SEALED_VERSION, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

const base64 = (value: unknown): Buffer | null => (typeof value === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(value) ? Buffer.from(value, 'base64') : null);

/**
 * A stored value as text: a plain string as it is; an encrypted one decrypted, its tag checked.
 * Throws UnreadableSecret when it cannot be: no key, another key, altered, or an unknown format.
 */
export function unseal(key: Buffer | undefined, stored: unknown, context: string): string {
  if (typeof stored === 'string') return stored;
  if (!isSealed(stored)) throw new UnreadableSecret('not a value this server stores');
  const { enc, iv, tag, data } = stored as Partial<Record<keyof Sealed, unknown>>;
  if (enc !== SEALED_VERSION) throw new UnreadableSecret(`stored in an unknown format (${String(enc)})`);
  if (!key) throw new UnreadableSecret('stored encrypted, and SECRETS_KEY is not set');
  const ivBytes = base64(iv);
  const tagBytes = base64(tag);
  const dataBytes = base64(data);
  if (ivBytes?.length !== IV_BYTES || tagBytes?.length !== TAG_BYTES || !dataBytes) throw new UnreadableSecret('stored encrypted, but not well formed (altered?)');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(dataBytes), decipher.final()]).toString('utf8');
  } catch {
    // GCM says only that the tag does not match: the key differs, or the value was altered.
    throw new UnreadableSecret('could not be decrypted: encrypted with another SECRETS_KEY, or altered');
  }
}

// ---------- A destination's row ----------

/** The fields that hold a destination's secret: a webhook or Slack URL, a Telegram bot token. */
const SECRET_FIELDS = { url: 'URL', botToken: 'bot token' } as const;
type SecretField = keyof typeof SECRET_FIELDS;
const contextOf = (id: string, field: SecretField) => `alert_destinations/${id}/${field}`;

/** A destination as its row's JSON keeps it: with a key, each secret field encrypted; without, as it is. */
export function destinationRow(destination: StoredDestination, key: Buffer | undefined): string {
  const { unreadable: _notStored, ...row } = destination;
  if (!key) return JSON.stringify(row);
  const sealed: Record<string, unknown> = { ...row };
  for (const field of Object.keys(SECRET_FIELDS) as SecretField[]) {
    const value = row[field];
    if (value !== undefined) sealed[field] = seal(key, value, contextOf(row.id, field));
  }
  return JSON.stringify(sealed);
}

/**
 * A destination read from its row: its secrets as text. A secret that cannot be read is left out and
 * `unreadable` says which and why, so the server starts, says so, and sends nothing to it, rather
 * than failing or sending it something else.
 */
export function destinationFromRow(data: string, key: Buffer | undefined): StoredDestination {
  const row = JSON.parse(data) as Record<string, unknown> & { id: string };
  const problems: string[] = [];
  for (const [field, words] of Object.entries(SECRET_FIELDS) as [SecretField, string][]) {
    if (row[field] === undefined) continue;
    try {
      row[field] = unseal(key, row[field], contextOf(row.id, field));
    } catch (err) {
      delete row[field];
      problems.push(`its ${words} ${err instanceof UnreadableSecret ? err.message : 'could not be read'}`);
    }
  }
  return { ...(row as unknown as StoredDestination), ...(problems.length > 0 ? { unreadable: problems.join('; ') } : {}) };
}

/**
 * A row's JSON with the secrets it still holds as plain text encrypted (a database written before
 * SECRETS_KEY was set); null when there are none. Values already encrypted are left as they are,
 * readable or not.
 */
export function sealPlainFields(data: string, key: Buffer): string | null {
  const row = JSON.parse(data) as Record<string, unknown> & { id: string };
  let changed = false;
  for (const field of Object.keys(SECRET_FIELDS) as SecretField[]) {
    const value = row[field];
    if (typeof value !== 'string') continue;
    row[field] = seal(key, value, contextOf(row.id, field));
    changed = true;
  }
  return changed ? JSON.stringify(row) : null;
}
