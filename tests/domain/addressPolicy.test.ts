/**
 * The destination policy's rules (docs/protocol.md "Alerts delivery"): which address is what, in
 * every spelling a URL or DNS may give it, and what ALERT_ALLOWED_HOSTS opens.
 */
import { describe, expect, it } from 'vitest';
import {
  allowListOf,
  classifyAddress,
  judgeAddress,
  judgeUrl,
  NOTHING_ALLOWED,
  parseAllowedHosts,
  refusedText,
  urlHost,
} from '../../src/domain/addressPolicy.ts';

describe('destination policy: what an address is', () => {
  it.each([
    // Loopback, every spelling: allowed (a relay on the same host).
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    // Link-local and metadata: never.
    ['169.254.169.254', 'never'],
    ['169.254.0.1', 'never'],
    ['::ffff:169.254.169.254', 'never'],
    ['::ffff:a9fe:a9fe', 'never'],
    ['::a9fe:a9fe', 'never'],
    ['::169.254.169.254', 'never'],
    ['64:ff9b::169.254.169.254', 'never'],
    ['fe80::1', 'never'],
    ['FE80::1', 'never'],
    ['fe80::1%eth0', 'never'],
    ['febf:ffff::1', 'never'],
    ['fd00:ec2::254', 'never'],
    ['100.100.100.200', 'never'],
    // Unroutable: never.
    ['0.0.0.0', 'never'],
    ['0.1.2.3', 'never'],
    ['::', 'never'],
    ['::ffff:0.0.0.0', 'never'],
    ['224.0.0.1', 'never'],
    ['239.255.255.250', 'never'],
    ['ff02::1', 'never'],
    ['255.255.255.255', 'never'],
    ['::ffff:255.255.255.255', 'never'],
    ['240.0.0.1', 'never'],
    // Private: unless listed.
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    // Public: the ranges' neighbours.
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['100.128.0.1', 'public'],
    ['169.255.0.1', 'public'],
    ['1.1.1.1', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::ffff:1.1.1.1', 'public'],
    ['128.0.0.1', 'public'],
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)?.verdict).toBe(verdict);
  });

  it('a host name or garbage is not an address', () => {
    expect(classifyAddress('relay.internal')).toBeNull();
    expect(classifyAddress('127.1')).toBeNull();
    expect(classifyAddress('')).toBeNull();
  });
});

describe('destination policy: URLs as an Admin may spell them', () => {
  it.each([
    ['http://127.1/hook', '127.0.0.1'],
    ['http://2130706433/hook', '127.0.0.1'],
    ['http://0x7f000001/hook', '127.0.0.1'],
    ['http://0177.0.0.1/hook', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ['http://[::1]:8080/hook', '::1'],
  ])('loopback %s is allowed (read as %s)', (url, ip) => {
    expect(urlHost(url)).toEqual({ ip });
    expect(judgeUrl(url, NOTHING_ALLOWED)).toEqual({ allowed: true });
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data', 'link-local address 169.254.169.254'],
    ['http://2852039166/', 'link-local address 169.254.169.254'],
    ['http://0xa9fea9fe/', 'link-local address 169.254.169.254'],
    ['http://169.254.43518/', 'link-local address 169.254.169.254'],
    ['http://0251.0376.0251.0376/', 'link-local address 169.254.169.254'],
    ['http://[::ffff:169.254.169.254]/', 'link-local address ::ffff:a9fe:a9fe'],
    ['http://[::169.254.169.254]/', 'link-local address ::a9fe:a9fe'],
    ['http://[fe80::1]/', 'link-local address fe80::1'],
    ['http://[fd00:ec2::254]/', 'cloud metadata address fd00:ec2::254'],
    ['http://100.100.100.200/', 'cloud metadata address 100.100.100.200'],
    ['http://0.0.0.0:8080/', 'unspecified address 0.0.0.0'],
    ['http://0/', 'unspecified address 0.0.0.0'],
    ['http://[::]/', 'unspecified address ::'],
    ['http://224.0.0.1/', 'multicast address 224.0.0.1'],
    ['http://255.255.255.255/', 'broadcast address 255.255.255.255'],
    ['http://10.0.0.1/', 'private address 10.0.0.1, not listed in ALERT_ALLOWED_HOSTS'],
    ['http://167772161/', 'private address 10.0.0.1, not listed in ALERT_ALLOWED_HOSTS'],
    ['http://192.168.1.1/', 'private address 192.168.1.1, not listed in ALERT_ALLOWED_HOSTS'],
    ['http://172.16.0.1/', 'private address 172.16.0.1, not listed in ALERT_ALLOWED_HOSTS'],
    ['http://100.64.0.1/', 'shared (carrier-grade NAT) address 100.64.0.1, not listed in ALERT_ALLOWED_HOSTS'],
    ['http://[fd00::1]/', 'unique local address fd00::1, not listed in ALERT_ALLOWED_HOSTS'],
    ['http://[::ffff:10.0.0.1]/', 'private address ::ffff:a00:1, not listed in ALERT_ALLOWED_HOSTS'],
  ])('%s is refused: %s', (url, reason) => {
    expect(judgeUrl(url, NOTHING_ALLOWED)).toEqual({ allowed: false, reason });
  });

  it('a host name is judged when resolved, not when saved', () => {
    expect(urlHost('https://Hooks.Slack.com./services/x')).toEqual({ name: 'hooks.slack.com' });
    expect(judgeUrl('http://metadata.google.internal/', NOTHING_ALLOWED)).toEqual({ allowed: true });
    expect(judgeUrl('not a url', NOTHING_ALLOWED)).toEqual({ allowed: false, reason: 'not a URL' });
  });

  it('the refusal reads "refused by policy: <why>"', () => {
    expect(refusedText('link-local address 169.254.169.254')).toBe('refused by policy: link-local address 169.254.169.254');
  });
});

describe('destination policy: ALERT_ALLOWED_HOSTS', () => {
  const allow = allowListOf(parseAllowedHosts('relay.internal, 192.168.7.0/24, 10.1.2.3, fd00:1::/32, 100.64.0.0/10'));

  it('opens the private addresses and names it lists, and no other', () => {
    expect(judgeAddress('192.168.7.20', allow)).toEqual({ allowed: true });
    expect(judgeAddress('::ffff:192.168.7.20', allow)).toEqual({ allowed: true });
    expect(judgeAddress('10.1.2.3', allow)).toEqual({ allowed: true });
    expect(judgeAddress('fd00:1::5', allow)).toEqual({ allowed: true });
    expect(judgeAddress('100.64.3.4', allow)).toEqual({ allowed: true });
    expect(judgeAddress('192.168.8.1', allow).allowed).toBe(false);
    expect(judgeAddress('10.1.2.4', allow).allowed).toBe(false);
    // A listed name opens whatever private address it resolves to.
    expect(judgeAddress('10.9.9.9', allow, 'Relay.Internal.')).toEqual({ allowed: true });
    expect(judgeAddress('10.9.9.9', allow, 'other.internal').allowed).toBe(false);
  });

  it('never opens link-local, metadata or unroutable addresses, whatever it lists', () => {
    const everything = allowListOf(parseAllowedHosts('0.0.0.0/0, ::/0, 169.254.169.254, meta.internal'));
    expect(judgeAddress('169.254.169.254', everything, 'meta.internal')).toEqual({ allowed: false, reason: 'link-local address 169.254.169.254' });
    expect(judgeAddress('100.100.100.200', everything)).toEqual({ allowed: false, reason: 'cloud metadata address 100.100.100.200' });
    expect(judgeAddress('fe80::1', everything).allowed).toBe(false);
    expect(judgeAddress('0.0.0.0', everything).allowed).toBe(false);
    expect(judgeAddress('10.0.0.1', everything)).toEqual({ allowed: true });
  });

  it('is read normalised: names lower case without a trailing dot, addresses as URL reads them', () => {
    expect(parseAllowedHosts(' Relay.Internal. ,10.0.0.0/8,[fd00::1], 10.1 ,, ')).toEqual(['relay.internal', '10.0.0.0/8', 'fd00::1', '10.0.0.1']);
    expect(parseAllowedHosts('')).toEqual([]);
  });

  it.each(['http://relay.internal', 'relay.internal:8080', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/x', 'relay internal', 'relay.internal/path', 'a@b'])(
    'refuses %s, naming it',
    (entry) => {
      expect(() => parseAllowedHosts(`relay.ok, ${entry}`)).toThrow(entry);
    },
  );
});
