/** Test helpers: unsigned session tokens and in-memory stand-ins for IndexedDB and localStorage. */
import type { KeyStore, StringStorage } from '../../src/authProvider/secureStorage.ts';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped token (the console never checks signatures; the server does). */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

export function sessionToken(name: string, role: string | undefined): string {
  return makeToken(role === undefined ? { name, exp: inOneHour() } : { name, role, exp: inOneHour() });
}

export class MemoryKeyStore implements KeyStore {
  key: CryptoKey | undefined;
  async get() {
    return this.key;
  }
  async put(key: CryptoKey) {
    this.key = key;
  }
  async delete() {
    this.key = undefined;
  }
}

export class MemoryStorage implements StringStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
