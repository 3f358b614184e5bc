/** SPEC §7 tokens: the bodies of POST and PUT /tokens, and a stored token. */
import { PerNetworkBody } from './addresses.ts';
import { RecordName, RecordVersion } from './base.ts';
import { distinct } from './builders.ts';
import { Token } from './shapes.ts';
import { z } from './zod.ts';

/** POST /tokens: a token; `bridges` name existing bridges. Fields not listed are kept as sent. */
export const TokenBody = z.looseObject({
  tokenName: RecordName,
  networkData: PerNetworkBody,
  bridges: distinct(RecordName).optional(),
  /** Ignored on create (a new token starts at version 1). */
  version: RecordVersion.optional(),
});
export type TokenBody = z.infer<typeof TokenBody>;

/**
 * PUT /tokens/{tokenName}: the token, with the version it was loaded at (a stale one is refused with
 * 409; the console always sends it). Without a version the write is applied to whatever is stored, as
 * SPEC §7's plain "token body" allows. tokenName must match the path.
 */
export const TokenUpdateBody = TokenBody;
export type TokenUpdateBody = z.infer<typeof TokenUpdateBody>;

/** A stored token as the server returns it (REST and socket events alike). */
export const TokenRecord = Token.extend({ version: RecordVersion });
export type TokenRecord = z.infer<typeof TokenRecord>;
