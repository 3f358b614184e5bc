import { useEffect } from 'react';
import { ORIGIN_PING_MS } from '../../config/constants.ts';

/** §7: while the session timer is above 0, the page pings its own origin every 60 s. */
export function useOriginKeepAlive(active: boolean, ping: () => Promise<unknown> = pingOrigin): void {
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => {
      ping().catch(() => undefined); // a missed keep-alive is harmless; the socket reports real outages
    }, ORIGIN_PING_MS);
    return () => clearInterval(id);
  }, [active, ping]);
}

function pingOrigin(): Promise<Response> {
  return fetch(window.location.origin, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
}
