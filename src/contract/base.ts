/** What every part of the contract shares: record names and versions, network names, the list page limit, issue summaries. */
import { NETWORKS } from '../config/networks.ts';
import { z } from './zod.ts';

/**
 * Names that identify records (tokenName, bridgeName, configName, AWS groups, Solana bridge tokens).
 * They travel as path segments, so no slashes, whitespace or control characters.
 */
export const RecordName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9$][A-Za-z0-9$._+-]*$/, 'letters, digits and $ . _ + - only, not starting with a punctuation mark');

/** The version a record had when it was loaded; a PUT must send it back (no lost updates). */
export const RecordVersion = z.number().int().min(1);

/** 409 when a PUT carries a stale version: `details.current` is the record as it is now. */
export const VERSION_CONFLICT_ERROR = 'conflict: record changed since you loaded it';
export const VersionConflictBody = z.object({ error: z.literal(VERSION_CONFLICT_ERROR), details: z.object({ current: z.unknown() }) });

export const NetworkName = z.enum(NETWORKS);

/** The largest page any list route answers (GET /txs/ and friends); exports read it too. */
export const LIST_MAX_PER_PAGE = 500;

/** "path: message; ..." of the first few zod issues, for a log line or a message. */
export function summarizeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  if (error.issues.length > max) parts.push(`… ${error.issues.length - max} more`);
  return parts.join('; ');
}
