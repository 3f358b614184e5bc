/**
 * alerts/secrets.ts: destination secrets at rest (SECRETS_KEY). AES-256-GCM round trip, a tampered
 * value, another key, a value moved to another destination, plain values passed through; the key's
 * accepted spellings; a destination's row sealed and read back.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { destinationFromRow, destinationRow, parseSecretsKey, seal, sealPlainFields, unseal, UnreadableSecret, type Sealed } from '../../server/src/alerts/secrets.ts';
import type { StoredDestination } from '../../server/src/alerts/repo.ts';
import { parseEnv } from '../../server/src/env.ts';

const KEY = randomBytes(32);
const OTHER = randomBytes(32);
const TOKEN = '123456:SECRET-bot-token-zz9';
const CONTEXT = 'alert_destinations/tg/botToken';

/** One base64 field of a sealed value with its first byte changed. */
function flipped(value: Sealed, field: 'iv' | 'tag' | 'data'): Sealed {
  const bytes = Buffer.from(value[field], 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return { ...value, [field]: bytes.toString('base64') };
}

describe('alert destination secrets at rest (SECRETS_KEY)', () => {
  it('round trip: what is sealed says it is (enc v1, iv, tag, data), holds no plain text, and opens to the same text; each seal has its own IV', () => {
    const sealed = seal(KEY, TOKEN, CONTEXT);
    expect(Object.keys(sealed).sort()).toEqual(['data', 'enc', 'iv', 'tag']);
    expect(sealed.enc).toBe('v1');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    expect(JSON.stringify(sealed)).not.toContain('SECRET');
    expect(unseal(KEY, sealed, CONTEXT)).toBe(TOKEN);
    const again = seal(KEY, TOKEN, CONTEXT);
    expect(again.iv).not.toBe(sealed.iv);
    expect(again.data).not.toBe(sealed.data);
    expect(unseal(KEY, seal(KEY, '', CONTEXT), CONTEXT)).toBe('');
  });

  it('tampered: a changed byte of the data, the tag or the IV, or a malformed value, is refused, never read as other text', () => {
    const sealed = seal(KEY, TOKEN, CONTEXT);
    for (const field of ['data', 'tag', 'iv'] as const) {
      expect(() => unseal(KEY, flipped(sealed, field), CONTEXT), field).toThrow(UnreadableSecret);
      expect(() => unseal(KEY, flipped(sealed, field), CONTEXT), field).toThrow('could not be decrypted: encrypted with another SECRETS_KEY, or altered');
    }
    expect(() => unseal(KEY, { ...sealed, tag: sealed.tag.slice(4) }, CONTEXT)).toThrow('not well formed');
    expect(() => unseal(KEY, { ...sealed, data: 42 }, CONTEXT)).toThrow('not well formed');
    expect(() => unseal(KEY, { ...sealed, enc: 'v9' }, CONTEXT)).toThrow('unknown format (v9)');
    expect(() => unseal(KEY, 42, CONTEXT)).toThrow(UnreadableSecret);
  });

  it('another key, no key, or another destination or field: refused, with why', () => {
    const sealed = seal(KEY, TOKEN, CONTEXT);
    expect(() => unseal(OTHER, sealed, CONTEXT)).toThrow('encrypted with another SECRETS_KEY, or altered');
    expect(() => unseal(undefined, sealed, CONTEXT)).toThrow('stored encrypted, and SECRETS_KEY is not set');
    // Copied into another destination's row: its authenticated context differs.
    expect(() => unseal(KEY, sealed, 'alert_destinations/other/botToken')).toThrow(UnreadableSecret);
  });

  it('plain values pass through, with a key or without', () => {
    expect(unseal(KEY, TOKEN, CONTEXT)).toBe(TOKEN);
    expect(unseal(undefined, TOKEN, CONTEXT)).toBe(TOKEN);
  });

  it('a destination row: with a key its URL and bot token are sealed, the rest readable; read back whole; without a key as it is', () => {
    const telegram: StoredDestination = { id: 'tg', name: 'On-call', kind: 'telegram', enabled: true, chatId: '-100', botToken: TOKEN, apiBase: 'https://tg.example' };
    const slack: StoredDestination = { id: 'slack', name: 'Slack', kind: 'slack', enabled: true, url: 'https://hooks.slack.com/services/T0/B0/slack-secret-0001' };
    for (const destination of [telegram, slack]) {
      const row = destinationRow(destination, KEY);
      expect(row).not.toContain(TOKEN);
      expect(row).not.toContain('slack-secret-0001');
      expect(JSON.parse(row)).toMatchObject({ id: destination.id, name: destination.name, kind: destination.kind });
      expect(destinationFromRow(row, KEY)).toEqual(destination);
      expect(destinationRow(destination, undefined)).toBe(JSON.stringify(destination));
      expect(destinationFromRow(destinationRow(destination, undefined), KEY)).toEqual(destination);
    }
    // The marker of an unreadable secret is never stored.
    expect(destinationRow({ ...telegram, unreadable: 'x' }, undefined)).not.toContain('unreadable');
  });

  it('a row read with another key keeps the rest, leaves the secret out and says which and why', () => {
    const row = destinationRow({ id: 'tg', name: 'On-call', kind: 'telegram', enabled: true, chatId: '-100', botToken: TOKEN }, KEY);
    const read = destinationFromRow(row, OTHER);
    expect(read).toEqual({
      id: 'tg',
      name: 'On-call',
      kind: 'telegram',
      enabled: true,
      chatId: '-100',
      unreadable: 'its bot token could not be decrypted: encrypted with another SECRETS_KEY, or altered',
    });
  });

  it('plain secrets of an older row are sealed, sealed ones left as they are; a row without plain secrets is left alone', () => {
    const plain = JSON.stringify({ id: 'hook', name: 'Hook', kind: 'webhook', enabled: true, url: 'https://relay.example/x?token=abc' });
    const sealed = sealPlainFields(plain, KEY);
    expect(sealed).not.toBeNull();
    expect(sealed).not.toContain('token=abc');
    expect(destinationFromRow(sealed ?? '', KEY).url).toBe('https://relay.example/x?token=abc');
    expect(sealPlainFields(sealed ?? '', KEY)).toBeNull();
    expect(sealPlainFields(JSON.stringify({ id: 'x', name: 'x', kind: 'webhook', enabled: true }), KEY)).toBeNull();
  });

  it('SECRETS_KEY: 64 hex characters or base64 of 32 bytes; anything else stops the server with a clear message', () => {
    const hex = KEY.toString('hex');
    expect(parseSecretsKey(hex)).toEqual(KEY);
    expect(parseSecretsKey(hex.toUpperCase())).toEqual(KEY);
    expect(parseSecretsKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseSecretsKey(KEY.toString('base64url'))).toEqual(KEY);
    expect(parseEnv({ SECRETS_KEY: hex }).SECRETS_KEY).toEqual(KEY);
    expect(parseEnv({}).SECRETS_KEY).toBeUndefined();
    expect(parseEnv({ SECRETS_KEY: '' }).SECRETS_KEY).toBeUndefined();
    for (const bad of ['secret', hex.slice(2), `${hex}00`, randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), `${hex.slice(1)}g`, 'a'.repeat(64).replace(/^a/, '+')]) {
      expect(() => parseEnv({ SECRETS_KEY: bad }), bad).toThrow(/SECRETS_KEY: must be 32 bytes as 64 hex characters or base64/);
    }
  });
});
