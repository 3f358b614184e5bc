/**
 * Now and then a system notice (notify, info) and, rarely, a quiet sound; never the background
 * command. None while the simulation is quiet: a test's notices are then the only ones.
 */
import { jittered, type SimContext } from './context.ts';
import { CADENCE } from './profiles.ts';

const NOTICES = [
  'Analytics file rotated',
  'Worker pool cache refreshed',
  'Nonce manager resynced',
  'Jupiter quote cache rebuilt',
  'Eventer resubscribed to all networks',
  'Daily stats saved',
];

const NOTICE_AUTOCLOSE_MS = 5000;

export function simulateNotices(ctx: SimContext): void {
  const rng = ctx.stream('notices');
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.notifyEveryMs),
    () => {
      if (!ctx.quiet()) ctx.sinks.emit('notify', { msg: rng.pick(NOTICES), type: 'info', autoClose: NOTICE_AUTOCLOSE_MS });
    },
  );
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.soundEveryMs),
    () => {
      if (!ctx.quiet()) ctx.sinks.emit('sound', { name: 'plop' });
    },
  );
}
