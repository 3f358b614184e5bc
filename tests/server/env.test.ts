import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/src/env.ts';

describe('environment (server/src/env.ts)', () => {
  it('has the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SIM: 'on',
      SIM_RATE: 1,
      SIM_BENCH_STAMP: 'off',
      STATIC_DIR: './dist',
      LOGIN_RATE_LIMIT: 10,
      DEV_MODE: true,
      DEMO_TXS: 100_000,
      TX_READERS: 2,
      TRUST_PROXY: false,
      ALLOWED_ORIGINS: [],
      // The Host header check (DNS rebinding).
      ALLOWED_HOSTS: [],
      // Alert destinations: no private host unless listed.
      ALERT_ALLOWED_HOSTS: [],
      SOCKETS_PER_SESSION: 8,
      // No request held forever, no client holding every connection.
      REQUEST_TIMEOUT_MS: 20_000,
      MAX_CONNECTIONS: 4_000,
      MAX_CONNECTIONS_PER_ADDRESS: 256,
      // Writes per user.
      WRITE_RATE_LIMIT: 10,
      STUCK_FACTOR: 2,
      STUCK_FLOOR_MS: 60_000,
      STUCK_CHECK_MS: 1000,
      // docs/protocol.md "Alerts delivery": a try times out after 10 s; six tries, the first retry after 20 s.
      ALERT_DELIVERY_TIMEOUT_MS: 10_000,
      ALERT_DELIVERY_MAX_ATTEMPTS: 6,
      ALERT_DELIVERY_BACKOFF_MS: 20_000,
      LOG_LEVEL: 'warn',
    });
  });

  it('Alerts delivery (protocol): ALERT_DELIVERY_TIMEOUT_MS, ALERT_DELIVERY_MAX_ATTEMPTS and ALERT_DELIVERY_BACKOFF_MS are read as numbers and refused out of range', () => {
    expect(parseEnv({ ALERT_DELIVERY_TIMEOUT_MS: '2000', ALERT_DELIVERY_MAX_ATTEMPTS: '3', ALERT_DELIVERY_BACKOFF_MS: '500' })).toMatchObject({
      ALERT_DELIVERY_TIMEOUT_MS: 2000,
      ALERT_DELIVERY_MAX_ATTEMPTS: 3,
      ALERT_DELIVERY_BACKOFF_MS: 500,
    });
    expect(() => parseEnv({ ALERT_DELIVERY_MAX_ATTEMPTS: '0' })).toThrow(/ALERT_DELIVERY_MAX_ATTEMPTS/);
    expect(() => parseEnv({ ALERT_DELIVERY_TIMEOUT_MS: 'soon' })).toThrow(/ALERT_DELIVERY_TIMEOUT_MS/);
    expect(() => parseEnv({ ALERT_DELIVERY_BACKOFF_MS: '1' })).toThrow(/ALERT_DELIVERY_BACKOFF_MS/);
  });

  it('Trades (protocol): STUCK_FACTOR, STUCK_FLOOR_MS and STUCK_CHECK_MS are read as numbers and refused out of range', () => {
    expect(parseEnv({ STUCK_FACTOR: '1.5', STUCK_FLOOR_MS: '30000', STUCK_CHECK_MS: '250' })).toMatchObject({
      STUCK_FACTOR: 1.5,
      STUCK_FLOOR_MS: 30_000,
      STUCK_CHECK_MS: 250,
    });
    expect(() => parseEnv({ STUCK_FACTOR: '0.5' })).toThrow(/STUCK_FACTOR/);
    expect(() => parseEnv({ STUCK_FLOOR_MS: '-1' })).toThrow(/STUCK_FLOOR_MS/);
    expect(() => parseEnv({ STUCK_CHECK_MS: '10' })).toThrow(/STUCK_CHECK_MS/);
  });

  it('SECURITY: TRUST_PROXY reads on, off or the proxies\' addresses', () => {
    expect(parseEnv({ TRUST_PROXY: 'on' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
  });

  it('SECURITY: ALLOWED_ORIGINS is a comma-separated list of origins, normalised', () => {
    expect(parseEnv({ ALLOWED_ORIGINS: 'https://console.example.com, http://10.0.0.5:3000' }).ALLOWED_ORIGINS).toEqual([
      'https://console.example.com',
      'http://10.0.0.5:3000',
    ]);
  });

  it('Alerts delivery (protocol): ALERT_ALLOWED_HOSTS is a comma-separated list of host names, IPs and CIDR ranges, normalised', () => {
    expect(parseEnv({ ALERT_ALLOWED_HOSTS: 'Relay.Internal., 10.0.0.0/8, [fd00::1], 192.168.7.5' }).ALERT_ALLOWED_HOSTS).toEqual([
      'relay.internal',
      '10.0.0.0/8',
      'fd00::1',
      '192.168.7.5',
    ]);
  });

  it('parses numbers and flags, and treats empty values as unset', () => {
    const env = parseEnv({ PORT: '0', SIM: 'off', SIM_SEED: '42', SIM_RATE: '2.5', LOGIN_RATE_LIMIT: '3', DEV_MODE: 'false', ADMIN_KEY: '', DEMO_TXS: '500', TX_READERS: '0' });
    expect(env).toMatchObject({ PORT: 0, SIM: 'off', SIM_SEED: 42, SIM_RATE: 2.5, LOGIN_RATE_LIMIT: 3, DEV_MODE: false, DEMO_TXS: 500, TX_READERS: 0 });
    expect(env.ADMIN_KEY).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SIM', 'maybe'],
    ['SIM_RATE', '0'],
    ['LOGIN_RATE_LIMIT', '0'],
    ['ADMIN_KEY', 'short'],
    ['JWT_SECRET', 'too-short'],
    ['DEV_MODE', 'perhaps'],
    ['DEMO_TXS', '-1'],
    ['DEMO_TXS', 'many'],
    ['TX_READERS', '-1'],
    ['TX_READERS', '1.5'],
    ['TX_READERS', '17'],
    ['TRUST_PROXY', 'proxy.example.com'],
    ['ALLOWED_ORIGINS', 'console.example.com'],
    ['ALLOWED_ORIGINS', 'https://console.example.com/app'],
    ['ALLOWED_ORIGINS', 'ftp://console.example.com'],
    ['SOCKETS_PER_SESSION', '0'],
    ['ALERT_ALLOWED_HOSTS', 'https://relay.internal'],
    ['ALERT_ALLOWED_HOSTS', '10.0.0.0/40'],
    ['ALERT_ALLOWED_HOSTS', 'relay.internal:8080'],
  ])('fails loudly, naming %s=%s', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`invalid environment:[\\s\\S]*${name}`));
  });
});
