/**
 * Which host names the server answers to (DNS rebinding, SECURITY.md). A page of another site can
 * point its own name at this server's address (DNS rebinding): the browser then treats the server
 * as that site's origin, sends no foreign Origin, and lets the page read the answers. What it
 * cannot change is the Host header, which still carries the attacker's name. So a request is
 * answered only when every host it names is one the server serves:
 * - an IP address (`127.0.0.1`, `[::1]`, `192.168.1.5`): a rebinding needs a DNS name, and a LAN
 *   console reached by its address keeps working whatever interface it is bound to;
 * - `localhost`;
 * - the bound address when it is a name (HOST), the hosts of ALLOWED_ORIGINS, and ALLOWED_HOSTS.
 * Ports are not compared: the rebinding page names its own host whatever the port, and a console
 * reached through a forwarded port (container, SSH tunnel, proxy) sees a port other than its own.
 * Behind TRUST_PROXY, X-Forwarded-Host is judged too (every name in it): a proxy may send its
 * upstream's address as Host and the browser's name there. Judging more headers can only refuse
 * more, so a client that writes X-Forwarded-Host itself gains nothing by it.
 */
import { isIP } from 'node:net';

/** Names every server answers to, besides IP addresses. */
const OWN_NAMES: readonly string[] = ['localhost'];

/** A DNS name: labels of letters, digits and hyphens (an underscore too, as some LAN names have). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** The name part of a Host header value (`name`, `name:port`, `[v6]`, `[v6]:port`), lower case, without a trailing dot; null when malformed. */
export function hostNameOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  let name: string;
  let port: string;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1) return null;
    name = value.slice(1, end);
    port = value.slice(end + 1);
    if (isIP(name) !== 6) return null;
  } else {
    const colon = value.indexOf(':');
    name = colon === -1 ? value : value.slice(0, colon);
    port = colon === -1 ? '' : value.slice(colon);
  }
  if (port !== '' && !/^:\d{1,5}$/.test(port)) return null;
  if (name.endsWith('.')) name = name.slice(0, -1);
  return name === '' ? null : name;
}

/** The host names of a comma-separated list (ALLOWED_HOSTS), lower case; throws on anything that is not a bare host name. */
export function parseHostList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
    .map((part) => {
      const name = part.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
      if (isIP(name) === 0 && !HOST_NAME.test(name)) {
        throw new Error(`${part} is not a host name (a name such as console.example.com, without scheme or port)`);
      }
      return name;
    });
}

/** The host names of origins (ALLOWED_ORIGINS): a console served there calls the API by that name too. */
function namesOfOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase());
}

export interface HostRules {
  /** ALLOWED_HOSTS and the bound address when it is a name. */
  allowedHosts: readonly string[];
  /** ALLOWED_ORIGINS: their host names are served too. */
  allowedOrigins: readonly string[];
  /** TRUST_PROXY is set: X-Forwarded-Host is judged as well as Host. */
  trustProxy: boolean;
}

/** Judges a request's Host (and, behind a proxy, X-Forwarded-Host) headers against the names served. */
export function hostJudge(rules: HostRules): (headers: { host?: string; 'x-forwarded-host'?: string | string[] }) => boolean {
  const served = new Set([...OWN_NAMES, ...rules.allowedHosts, ...namesOfOrigins(rules.allowedOrigins)]);
  const servedName = (header: string): boolean => {
    const name = hostNameOf(header);
    return name !== null && (isIP(name) !== 0 || served.has(name));
  };
  return (headers) => {
    // A browser always sends Host: a request without one cannot show it was meant for this server.
    if (headers.host === undefined || !servedName(headers.host)) return false;
    if (!rules.trustProxy) return true;
    const forwarded = [headers['x-forwarded-host'] ?? []]
      .flat()
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter((value) => value !== '');
    return forwarded.every(servedName);
  };
}

/** The refusal's status (RFC 9110 §15.5.20: the request was sent to a server that does not serve that name) and text. */
export const HOST_REFUSED_STATUS = 421;
export const HOST_REFUSED_MESSAGE = 'this server does not answer to that host name (its administrator can add the name to ALLOWED_HOSTS)';
