/**
 * The session token at rest (§6: kept encrypted in browser storage under USER_API_KEY).
 *
 * Scheme: AES-GCM (256-bit) with a non-extractable CryptoKey generated once per browser profile and
 * kept in IndexedDB (db "operator-console", store "keys"). localStorage[USER_API_KEY] holds
 * base64(iv || ciphertext) with a fresh 96-bit iv per write; GCM's tag makes any tampering fail
 * decryption, which reads as "not signed in".
 *
 * What it protects: the localStorage value on its own (pasted in a ticket, read from devtools, a
 * localStorage-only export or sync) is useless without this profile's IndexedDB key, and script
 * cannot export that key. What it does not protect (SECURITY.md): a copy of the whole
 * profile, disk image or backup carries the IndexedDB key with the value, and opens signed in
 * until the token expires (at most 60 min) or its user signs out; and script running in this
 * origin (XSS) can decrypt with the key just as the app does, which is the Content Security
 * Policy's job. Only the token is stored, never the access key.
 */
import { API_KEY_STORAGE_KEY } from '../config/constants.ts';

/** Where the CryptoKey lives. IndexedDB in the browser; an in-memory fake in tests. */
export interface KeyStore {
  get(): Promise<CryptoKey | undefined>;
  put(key: CryptoKey): Promise<void>;
  delete(): Promise<void>;
}

export type StringStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SecureStorageDeps {
  /** Web Crypto (globalThis.crypto in browsers and Node 20). */
  crypto: Crypto;
  keyStore: KeyStore;
  storage: StringStorage;
}

export interface SecureTokenStorage {
  save(token: string): Promise<void>;
  /** The stored token, or null when there is none or it cannot be decrypted (then it is removed). */
  load(): Promise<string | null>;
  /** Removes the stored value and the key. */
  clear(): Promise<void>;
}

const IV_BYTES = 12;
const ALGORITHM = { name: 'AES-GCM', length: 256 } as const;

export function createSecureTokenStorage({ crypto, keyStore, storage }: SecureStorageDeps): SecureTokenStorage {
  async function getOrCreateKey(): Promise<CryptoKey> {
    const existing = await keyStore.get();
    if (existing) return existing;
    const key = await crypto.subtle.generateKey(ALGORITHM, false, ['encrypt', 'decrypt']);
    await keyStore.put(key);
    return key;
  }

  return {
    async save(token) {
      const key = await getOrCreateKey();
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(token));
      const packed = new Uint8Array(IV_BYTES + cipher.byteLength);
      packed.set(iv, 0);
      packed.set(new Uint8Array(cipher), IV_BYTES);
      storage.setItem(API_KEY_STORAGE_KEY, toBase64(packed));
    },

    async load() {
      const stored = storage.getItem(API_KEY_STORAGE_KEY);
      if (stored === null) return null;
      const key = await keyStore.get();
      try {
        if (!key) throw new Error('no key');
        const packed = fromBase64(stored);
        if (packed.length <= IV_BYTES) throw new Error('too short');
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: packed.slice(0, IV_BYTES) },
          key,
          packed.slice(IV_BYTES),
        );
        return new TextDecoder().decode(plain);
      } catch {
        // A value from another profile, a lost key or tampering: it can never be read, so drop it.
        storage.removeItem(API_KEY_STORAGE_KEY);
        return null;
      }
    },

    async clear() {
      storage.removeItem(API_KEY_STORAGE_KEY);
      await keyStore.delete();
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const DB_NAME = 'operator-console';
const STORE_NAME = 'keys';
const KEY_ID = 'session-token';

/** The browser KeyStore: one record in IndexedDB. CryptoKey objects are structured-cloneable. */
export function indexedDbKeyStore(factory: () => IDBFactory = () => indexedDB): KeyStore {
  const open = (): Promise<IDBDatabase> =>
    new Promise((resolve, reject) => {
      const request = factory().open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });

  async function run<T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = op(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME));
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    } finally {
      db.close();
    }
  }

  return {
    get: () => run<CryptoKey | undefined>('readonly', (s) => s.get(KEY_ID)),
    put: (key) => run<void>('readwrite', (s) => s.put(key, KEY_ID)),
    delete: () => run<void>('readwrite', (s) => s.delete(KEY_ID)),
  };
}
