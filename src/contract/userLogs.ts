/** SPEC §7 user logs: POST /logs/more. */
import { UserLog } from './shapes.ts';
import { z } from './zod.ts';

/** POST /logs/more: entries older than `before` (ms), newest first; user exact, action exact or a dotted prefix. */
export const LogsMoreRequest = z
  .object({
    before: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(500).default(100),
    user: z.string().min(1).max(64).optional(),
    action: z.string().min(1).max(64).optional(),
  })
  .strict()
  .optional();
export type LogsMoreRequest = z.infer<typeof LogsMoreRequest>;

/** total: all entries matching user and action, whatever `before`. */
export const LogsMoreResponse = z.object({ data: z.array(UserLog), total: z.number().int().nonnegative() });
export type LogsMoreResponse = z.infer<typeof LogsMoreResponse>;
