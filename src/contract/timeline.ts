/**
 * docs/protocol.md "Timeline" (a console extension; the reference server implements it): one list,
 * latest first, of what happened: health changes and block heads going stale, workers and sell
 * only, trades failing, alerts, and (for Admins) the user log. A backend without it answers 404.
 */
import { TIMELINE_MAX_RANGE_MS } from '../config/timeline.ts';
import { TIMELINE_KINDS, TIMELINE_SEVERITIES } from '../config/enums.ts';
import { finite } from './builders.ts';
import { z } from './zod.ts';

export const TimelineKind = z.enum(TIMELINE_KINDS);
export const TimelineSeverity = z.enum(TIMELINE_SEVERITIES);

/** A console path (`/tx/trades/{id}`), never a URL of another site: the console links it in place. */
const ConsolePath = z.string().max(512).regex(/^\/(?!\/)[^\s\\]*$/, 'must be a console path such as /tx/trades/{id}');

export const TimelineEvent = z.object({
  /** When it happened, epoch ms. */
  at: finite,
  kind: TimelineKind,
  severity: TimelineSeverity.optional(),
  /** One sentence in the operator's words; plain text. */
  text: z.string().max(1000),
  link: ConsolePath.optional(),
  /** What it is about (a tradeId, an alert's id, a network, a user log entry's id). */
  ref: z.string().max(256).optional(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

export const TimelineResponse = z.object({
  data: z.array(TimelineEvent),
  /** Present when older events may remain: send it back as `before` for the next page. */
  nextBefore: finite.optional(),
});
export type TimelineResponse = z.infer<typeof TimelineResponse>;

/** A time in a query string: whole ms since the epoch, as digits. */
const epochMs = z.coerce.number().int().min(0).max(8.64e15);

/** `kinds=health,worker`: distinct kinds; repeats are read once. */
const kindList = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
    const kinds: z.infer<typeof TimelineKind>[] = [];
    for (const name of names) {
      const parsed = TimelineKind.safeParse(name);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `unknown kind "${name.slice(0, 32)}": one of ${TIMELINE_KINDS.join(', ')}` });
        return z.NEVER;
      }
      if (!kinds.includes(parsed.data)) kinds.push(parsed.data);
    }
    if (kinds.length === 0) {
      ctx.addIssue({ code: 'custom', message: `name at least one of ${TIMELINE_KINDS.join(', ')}` });
      return z.NEVER;
    }
    return kinds;
  });

/**
 * GET /timeline query. `from` and `to` bound `at`, both included (`to` defaults to now, `from` to a
 * day before `to`); `before` asks for events strictly older than it (a page's `nextBefore`).
 */
export const TimelineQuery = z
  .object({
    from: epochMs.optional(),
    to: epochMs.optional(),
    kinds: kindList.optional(),
    before: epochMs.optional(),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => q.from === undefined || q.to === undefined || q.to - q.from <= TIMELINE_MAX_RANGE_MS, {
    path: ['from'],
    message: `the range may cover at most ${TIMELINE_MAX_RANGE_MS / 86_400_000} days`,
  });
export type TimelineQuery = z.infer<typeof TimelineQuery>;
