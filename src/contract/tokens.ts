/** §7 tokens: the bodies of POST and PUT /tokens, and a stored token. */
import { PerNetworkBody } from './addresses.ts';
import { RecordName, RecordVersion } from './base.ts';
import { distinct, listQuery } from './builders.ts';
import { Token } from './shapes.ts';
import { z } from './zod.ts';

/**
 * POST /tokens: a token; `bridges` name existing bridges. Fields not listed are kept as sent, but
 * `id` (react-admin's copy of tokenName, which ra-data-simple-rest sends back) is never stored.
 */
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
 * §7's plain "token body" allows. tokenName must match the path.
 */
export const TokenUpdateBody = TokenBody;
export type TokenUpdateBody = z.infer<typeof TokenUpdateBody>;

/** A stored token as the server returns it (REST and socket events alike). */
export const TokenRecord = Token.extend({ version: RecordVersion });
export type TokenRecord = z.infer<typeof TokenRecord>;

/** A token as the REST routes answer it: `id` repeats tokenName, for react-admin clients (ra-data-simple-rest). */
export const TokenResource = TokenRecord.extend({ id: RecordName });
export type TokenResource = z.infer<typeof TokenResource>;

/** GET /tokens: the list convention (docs/protocol.md "Lists"), by name unless told otherwise. */
export const TokenListQuery = listQuery(
  ['tokenName', 'version'],
  'tokenName',
  'ASC',
  z.object({ q: z.string().max(64).optional(), tokenName: z.string().max(128).optional() }).strict(),
);
export type TokenListQuery = z.infer<typeof TokenListQuery>;
export const TokenListResponse = z.object({ data: z.array(TokenResource), total: z.number().int().nonnegative() });
export type TokenListResponse = z.infer<typeof TokenListResponse>;
