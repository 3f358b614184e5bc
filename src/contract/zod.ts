/**
 * zod as every file of the contract builds with it. Not part of the contract, so index.ts does not
 * re-export it. zod decides whether to compile a parser when the schema is built, so each contract
 * file takes `z` from here: the setting below is in place before any of their schemas exists.
 */
import { z } from 'zod';

// In a browser, zod must not compile parsers with `new Function`: the console's CSP forbids eval,
// and even zod's caught probe for it is reported as a CSP violation (SECURITY.md). The server keeps
// the faster compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
