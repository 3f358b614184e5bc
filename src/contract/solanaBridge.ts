/** §7 Solana bridge configuration (x is a path segment, e.g. wormhole): entries, edits and the CSV import. */
import { PerNetworkBody } from './addresses.ts';
import { RecordName } from './base.ts';
import { finite } from './builders.ts';
import { z } from './zod.ts';

/** x is the bridgeName (a path segment): any bridge name is a valid x. */
export const SolanaBridgeKind = RecordName;

/** One token of a Solana bridge config: per-network entries {address, decimals}. */
export const SolanaBridgeRecord = z.object({
  x: z.string(),
  token: z.string(),
  data: z.record(z.string(), z.looseObject({ address: z.string(), decimals: z.number().int() })),
  createdAt: finite,
  updatedAt: finite,
});
export type SolanaBridgeRecord = z.infer<typeof SolanaBridgeRecord>;

/** Entries a list answers without paging, and at most with it: a bridge can hold 100,000s (one import adds ~40,000). */
export const SOLANA_LIST_PER_PAGE_DEFAULT = 100;
export const SOLANA_LIST_PER_PAGE_MAX = 1000;

/** GET /solana-bridge/{x}: paging of the list (1-based page); without it, the first page of the default size. */
export const SolanaBridgeListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(SOLANA_LIST_PER_PAGE_MAX).default(SOLANA_LIST_PER_PAGE_DEFAULT),
  })
  .strict();

export const SolanaBridgeListResponse = z.object({ data: z.array(SolanaBridgeRecord), total: z.number().int().nonnegative() });
export type SolanaBridgeListResponse = z.infer<typeof SolanaBridgeListResponse>;

/** POST /solana-bridge/{x}: a new token entry. */
export const SolanaBridgeCreateRequest = z.object({ token: RecordName, data: PerNetworkBody }).strict();
export type SolanaBridgeCreateRequest = z.infer<typeof SolanaBridgeCreateRequest>;

/** PUT /solana-bridge/{x}/{token}: replaces the entry's data (other fields of the record are ignored). */
export const SolanaBridgeUpdateRequest = z.object({ data: PerNetworkBody });
export type SolanaBridgeUpdateRequest = z.infer<typeof SolanaBridgeUpdateRequest>;

/** Largest CSV accepted by the import (its request body may be a little larger). */
export const SOLANA_IMPORT_MAX_CHARS = 8 * 1024 * 1024;

/** POST /solana-bridge/{x}/import: CSV text with the header token,network,address,decimals. */
export const SolanaBridgeImportRequest = z.object({ csv: z.string().min(1).max(SOLANA_IMPORT_MAX_CHARS) }).strict();
export type SolanaBridgeImportRequest = z.infer<typeof SolanaBridgeImportRequest>;

/** row: the line number in the CSV text (the header is line 1). Valid rows are imported even when others fail. */
export const SolanaBridgeImportResponse = z.object({
  imported: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int().min(1), message: z.string() })),
});
export type SolanaBridgeImportResponse = z.infer<typeof SolanaBridgeImportResponse>;
