/**
 * GET /timeline (docs/protocol.md "Timeline", a console extension), any signed-in role: the
 * server's own events (timeline/plugin.ts) and, for the roles that may read the user log, its
 * entries as `action` events, merged newest first. The cost is bounded: a range of at most
 * TIMELINE_MAX_RANGE_MS, and at most TIMELINE_MAX_EVENTS + 1 rows read from each source per page.
 */
import { mayUse } from '../../../src/config/access.ts';
import { TIMELINE_KINDS } from '../../../src/config/enums.ts';
import { TIMELINE_DEFAULT_RANGE_MS, TIMELINE_MAX_EVENTS, TIMELINE_MAX_RANGE_MS } from '../../../src/config/timeline.ts';
import type { TimelineEvent, TimelineResponse, UserLog } from '../../../src/contract/index.ts';
import { userLogSentence } from '../../../src/domain/userLogText.ts';
import { invalidRequest } from '../lib/httpError.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { sessionOf } from '../plugins/auth.ts';

/** Where an Admin reads an action in full. */
const USER_LOG_PATH = '/settings/userlogs';

const actionEvent = (log: UserLog): TimelineEvent => ({ at: log.time, kind: 'action', text: userLogSentence(log), link: USER_LOG_PATH, ref: log.id });

/**
 * The first TIMELINE_MAX_EVENTS of `events` (newest first), never ending inside a millisecond, so
 * `before: nextBefore` neither repeats nor skips an event; one millisecond holding more than a page
 * is cut (the rest of it is skipped, as docs/protocol.md "Timeline" says).
 */
export function timelinePage(events: readonly TimelineEvent[]): TimelineResponse {
  if (events.length <= TIMELINE_MAX_EVENTS) return { data: [...events] };
  const cutAt = events[TIMELINE_MAX_EVENTS]?.at;
  let end = TIMELINE_MAX_EVENTS;
  while (end > 0 && events[end - 1]?.at === cutAt) end--;
  if (end === 0) end = TIMELINE_MAX_EVENTS;
  const data = events.slice(0, end);
  return { data, nextBefore: data[data.length - 1]?.at };
}

const timelineRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('getTimeline'), handler: async (request) => {
    const { kinds = TIMELINE_KINDS, before } = request.query;
    const to = request.query.to ?? app.clock.now();
    const from = request.query.from ?? Math.max(0, to - TIMELINE_DEFAULT_RANGE_MS);
    // The schema judges from and to when both are sent; here, what the defaults make of one alone.
    if (from > to) throw invalidRequest([{ in: 'querystring', field: 'from', message: 'must not be after to (now, when to is left out)' }]);
    if (to - from > TIMELINE_MAX_RANGE_MS) {
      throw invalidRequest([{ in: 'querystring', field: 'from', message: `the range may cover at most ${TIMELINE_MAX_RANGE_MS / 86_400_000} days` }]);
    }
    const limit = TIMELINE_MAX_EVENTS + 1;
    // `action` rows are never read from the server's own table: the user log alone says what an operator did, and it is Admin's.
    const ownKinds = kinds.filter((kind) => kind !== 'action');
    const withActions = kinds.includes('action') && mayUse('seeActionsInTimeline', sessionOf(request).role);
    const [own, logs] = await Promise.all([
      ownKinds.length > 0 ? app.store.timeline.list({ from, to, before, kinds: ownKinds, limit }) : [],
      withActions ? app.store.userLogs.list({ from, to, before, limit }) : [],
    ]);
    // Stable: within one millisecond the server's events come before the actions, each in its own order.
    const merged = [...own, ...logs.map(actionEvent)].sort((a, b) => b.at - a.at);
    return timelinePage(merged);
  } });
};

export default timelineRoutes;
