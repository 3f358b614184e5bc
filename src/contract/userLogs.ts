/**
 * §7 user logs: POST /logs/more. What an entry's `details` hold is in userLogDetails.ts
 * (imported directly, not through index.ts: only the user log's own screens and the server need it).
 */
import { UserLog } from './shapes.ts';
import { z } from './zod.ts';

/** Bounds of the time filter: ms since the epoch. */
const Instant = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * POST /logs/more: entries older than `before` (ms), newest first; user exact, action exact or a
 * dotted prefix; `from`/`to` (ms, both included) bound the entries' time.
 */
export const LogsMoreRequest = z
  .object({
    before: Instant.optional(),
    limit: z.number().int().min(1).max(500).default(100),
    user: z.string().min(1).max(64).optional(),
    action: z.string().min(1).max(64).optional(),
    from: Instant.optional(),
    to: Instant.optional(),
  })
  .strict()
  .refine((body) => body.from === undefined || body.to === undefined || body.from <= body.to, {
    message: 'from must not be after to',
    path: ['to'],
  })
  .optional();
export type LogsMoreRequest = z.infer<typeof LogsMoreRequest>;

/** total: all entries matching user, action and time range, whatever `before`. */
export const LogsMoreResponse = z.object({ data: z.array(UserLog), total: z.number().int().nonnegative() });
export type LogsMoreResponse = z.infer<typeof LogsMoreResponse>;
