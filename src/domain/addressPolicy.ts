/**
 * Where alert deliveries may go (docs/protocol.md "Alerts delivery", the destination policy): which
 * address is what, and whether a destination may be sent to it given ALERT_ALLOWED_HOSTS.
 *
 * - Link-local and cloud metadata addresses, and those nothing can be sent to (0.0.0.0/8, multicast,
 *   broadcast, reserved), are always refused: a destination there only probes what the server can
 *   reach (the metadata service hands out the machine's cloud credentials).
 * - Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are refused unless
 *   ALERT_ALLOWED_HOSTS lists the address (an IP or a CIDR range) or the destination's host name.
 * - Loopback (127/8, ::1) is allowed: a relay may run on the same host.
 * - Anything else (the public internet) is allowed.
 *
 * IPv6 spellings of an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d and the NAT64
 * prefix 64:ff9b::/96) are judged as the IPv4 address they carry. Addresses are read by node's own
 * parsers (net.isIP, net.BlockList; a URL's host by WHATWG URL, which turns 127.1, 2130706433 and
 * 0x7f000001 into 127.0.0.1), never by hand. node:net's isIP and BlockList are pure computations
 * (no I/O); only the server imports this module, never the console. The DNS look-up and the request
 * are the server's (server/src/alerts/outbound.ts).
 */
import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';

interface Range {
  address: string;
  prefix: number;
  family: Family;
}

/** Each class of address: its name in a refusal ("link-local address 169.254.169.254") and its ranges. */
interface AddressClass {
  label: string;
  verdict: 'loopback' | 'never' | 'private';
  ranges: readonly Range[];
}

const v4 = (address: string, prefix: number): Range => ({ address, prefix, family: 'ipv4' });
const v6 = (address: string, prefix: number): Range => ({ address, prefix, family: 'ipv6' });

/**
 * An IPv4 range with the IPv6 forms that reach the same address: IPv4-compatible (::a.b.c.d) and
 * NAT64 (64:ff9b::a.b.c.d, where a NAT64 gateway forwards it to the IPv4 address). IPv4-mapped
 * (::ffff:a.b.c.d) needs no entry: BlockList matches it against the IPv4 range itself.
 */
const v4AndEmbedded = (address: string, prefix: number): Range[] => [
  v4(address, prefix),
  v6(`::${address}`, 96 + prefix),
  v6(`64:ff9b::${address}`, 96 + prefix),
];

/** In the order judged: the first class an address falls in is its class. */
const CLASSES: readonly AddressClass[] = [
  // ::1 first: it is also the IPv4-compatible spelling of 0.0.0.1, which is unroutable.
  { label: 'loopback', verdict: 'loopback', ranges: [v4('127.0.0.0', 8), v6('::127.0.0.0', 104), v6('::1', 128)] },
  { label: 'link-local', verdict: 'never', ranges: [...v4AndEmbedded('169.254.0.0', 16), v6('fe80::', 10)] },
  // Cloud metadata services outside the link-local range: AWS over IPv6, Alibaba Cloud.
  { label: 'cloud metadata', verdict: 'never', ranges: [v6('fd00:ec2::254', 128), ...v4AndEmbedded('100.100.100.200', 32)] },
  { label: 'unspecified', verdict: 'never', ranges: [...v4AndEmbedded('0.0.0.0', 8), v6('::', 128)] },
  { label: 'broadcast', verdict: 'never', ranges: v4AndEmbedded('255.255.255.255', 32) },
  { label: 'multicast', verdict: 'never', ranges: [...v4AndEmbedded('224.0.0.0', 4), v6('ff00::', 8)] },
  { label: 'reserved', verdict: 'never', ranges: v4AndEmbedded('240.0.0.0', 4) },
  {
    label: 'private',
    verdict: 'private',
    ranges: [...v4AndEmbedded('10.0.0.0', 8), ...v4AndEmbedded('172.16.0.0', 12), ...v4AndEmbedded('192.168.0.0', 16)],
  },
  { label: 'shared (carrier-grade NAT)', verdict: 'private', ranges: v4AndEmbedded('100.64.0.0', 10) },
  // Unique local (fc00::/7) and the site-local range it replaced (fec0::/10), still routed in some networks.
  { label: 'unique local', verdict: 'private', ranges: [v6('fc00::', 7), v6('fec0::', 10)] },
];

const blockListOf = (ranges: readonly Range[]): BlockList => {
  const list = new BlockList();
  for (const { address, prefix, family } of ranges) list.addSubnet(address, prefix, family);
  return list;
};

const COMPILED = CLASSES.map((c) => ({ ...c, list: blockListOf(c.ranges) }));

/** An address as node reads it: brackets and an IPv6 zone (fe80::1%eth0) dropped, lower case. */
function bare(address: string): string {
  return address.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '').toLowerCase();
}

const familyOf = (address: string): Family | null => {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
};

export type AddressVerdict = 'loopback' | 'never' | 'private' | 'public';

/** What an IP address is: its verdict and its label ("link-local"); null when it is not an IP address. */
export function classifyAddress(address: string): { verdict: AddressVerdict; label: string } | null {
  const ip = bare(address);
  const family = familyOf(ip);
  if (!family) return null;
  const found = COMPILED.find((c) => c.list.check(ip, family));
  return found ? { verdict: found.verdict, label: found.label } : { verdict: 'public', label: 'public' };
}

// ---------- ALERT_ALLOWED_HOSTS ----------

/** ALERT_ALLOWED_HOSTS as the policy reads it: host names, and the IPs and CIDR ranges as one list. */
export interface AllowList {
  names: ReadonlySet<string>;
  ranges: BlockList;
}

/** A DNS name (letters, digits, hyphens; underscores, as some LAN names have), after URL's normalisation. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as the policy compares it: lower case, without a trailing dot. */
export const hostNameKey = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/** One entry, normalised: "10.0.0.0/8", "192.168.1.5", "fd00::/8", "relay.internal"; null when it is none of these. */
function allowEntry(raw: string): string | null {
  const slash = raw.indexOf('/');
  if (slash !== -1) {
    const address = bare(raw.slice(0, slash));
    const prefix = raw.slice(slash + 1);
    const family = familyOf(address);
    if (!family || !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 'ipv4' ? 32 : 128)) return null;
    return `${address}/${Number(prefix)}`;
  }
  const address = bare(raw);
  if (familyOf(address)) return address;
  // A name is read as a URL's host would be (lower case, IDN to punycode; 10.1 is 10.0.0.1): the
  // same spelling a destination URL is compared in.
  const url = URL.canParse(`http://${raw}/`) ? new URL(`http://${raw}/`) : null;
  if (!url || url.port !== '' || url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  const host = bare(url.hostname);
  if (familyOf(host)) return host;
  const name = hostNameKey(host);
  return HOST_NAME.test(name) ? name : null;
}

/** ALERT_ALLOWED_HOSTS: comma-separated host names, IPs or CIDR ranges, normalised; throws naming what is not one. */
export function parseAllowedHosts(text: string): string[] {
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const bad = entries.filter((entry) => allowEntry(entry) === null);
  if (bad.length > 0) {
    throw new Error(`${bad.join(', ')}: not a host name, IP address or CIDR range (such as relay.internal, 10.0.0.5 or 10.0.0.0/8)`);
  }
  return entries.map((entry) => allowEntry(entry) ?? entry);
}

/** The parsed list, ready to judge with. Entries that are not valid are skipped (parseAllowedHosts refuses them first). */
export function allowListOf(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const raw of entries) {
    const entry = allowEntry(raw);
    if (entry === null) continue;
    const [address = '', prefix] = entry.split('/');
    const family = familyOf(address);
    if (!family) names.add(entry);
    else ranges.addSubnet(address, prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix), family);
  }
  return { names, ranges };
}

export const NOTHING_ALLOWED: AllowList = allowListOf([]);

// ---------- The verdict ----------

/** Why a destination is refused, in an operator's words: "link-local address 169.254.169.254". */
export type Refusal = { allowed: false; reason: string };
export type Judgement = { allowed: true } | Refusal;

/** The words every refusal starts with, in a test send's answer and in the delivery log. */
export const refusedText = (reason: string): string => `refused by policy: ${reason}`;

/**
 * Whether a destination may be sent to `address` (an IP address, as a URL names it or as DNS
 * resolved its host). `hostName` is the destination's host name when it has one: a private address
 * is allowed when ALERT_ALLOWED_HOSTS lists the address, a range holding it, or that name.
 */
export function judgeAddress(address: string, allow: AllowList, hostName?: string): Judgement {
  const ip = bare(address);
  const family = familyOf(ip);
  const kind = classifyAddress(ip);
  if (!family || !kind) return { allowed: false, reason: `${address} is not an IP address` };
  switch (kind.verdict) {
    case 'loopback':
    case 'public':
      return { allowed: true };
    case 'never':
      return { allowed: false, reason: `${kind.label} address ${ip}` };
    case 'private': {
      const listed = allow.ranges.check(ip, family) || (hostName !== undefined && allow.names.has(hostNameKey(hostName)));
      return listed ? { allowed: true } : { allowed: false, reason: `${kind.label} address ${ip}, not listed in ALERT_ALLOWED_HOSTS` };
    }
  }
}

/** A URL's host as the policy reads it: an IP address (brackets dropped) or a host name (lower case, no trailing dot). */
export function urlHost(url: string): { ip: string } | { name: string } | null {
  if (!URL.canParse(url)) return null;
  const host = bare(new URL(url).hostname);
  return familyOf(host) ? { ip: host } : { name: hostNameKey(host) };
}

/**
 * A destination URL as saved: a host that is an IP address (in any spelling URL reads) is judged
 * now; a host name is judged when it is resolved, at each send (its addresses may change).
 */
export function judgeUrl(url: string, allow: AllowList): Judgement {
  const host = urlHost(url);
  if (!host) return { allowed: false, reason: 'not a URL' };
  return 'ip' in host ? judgeAddress(host.ip, allow) : { allowed: true };
}
