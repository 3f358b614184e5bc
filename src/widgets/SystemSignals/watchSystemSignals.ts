/**
 * Tells the operator, through the toast port, of a trade that became stuck and of a service that
 * went down or came back (kinds tradeStuck, serviceDown, serviceUp; their levels decide toast and
 * bell). A plain factory over its dependencies: tests pass fakes and look themselves.
 */
import { durationText } from '../../domain/durationText.ts';
import { serviceViews } from '../../domain/services.ts';
import { systemChanges, type SystemLook } from '../../domain/systemSignals.ts';
import type { Toaster } from '../../notifications/toaster.ts';
import type { LiveState } from '../../realtime/index.ts';

export interface SystemSignalDeps {
  toaster: Pick<Toaster, 'show' | 'close'>;
  getState: () => Pick<LiveState, 'stuckTrades' | 'connectedServices'>;
  now: () => number;
}

export const stuckToastId = (tradeId: string) => `stuck:${tradeId}`;
export const serviceDownToastId = (name: string) => `service-down:${name}`;

export function createSystemSignalWatch({ toaster, getState, now }: SystemSignalDeps): () => void {
  let last: SystemLook | null = null;
  return () => {
    const state = getState();
    const at = now();
    const views = serviceViews(state.connectedServices, at);
    const look: SystemLook = {
      stuck: new Set(state.stuckTrades.keys()),
      down: new Set(views.filter((v) => v.state === 'down').map((v) => v.name)),
    };
    const { newlyStuck, movedOn, newlyDown, backUp } = systemChanges(last, look);
    last = look;
    for (const tradeId of newlyStuck) {
      const stuck = state.stuckTrades.get(tradeId);
      const pending = stuck ? ` for ${durationText(stuck.pendingMs + (at - stuck.since))}` : '';
      toaster.show(`Trade ${tradeId.slice(0, 8)} stuck at step ${(stuck?.step ?? 0) + 1}${pending}`, {
        variant: 'warning',
        autoHideDuration: null,
        id: stuckToastId(tradeId),
        kind: 'tradeStuck',
        link: { href: `/tx/trades/${encodeURIComponent(tradeId)}`, label: `Trade ${tradeId.slice(0, 8)}` },
      });
    }
    // A trade that moved on: its toast goes (the centre keeps the entry of when it was stuck).
    for (const tradeId of movedOn) toaster.close(stuckToastId(tradeId));
    for (const name of newlyDown) {
      toaster.show(`Service ${name} is down`, { variant: 'error', autoHideDuration: null, id: serviceDownToastId(name), kind: 'serviceDown' });
    }
    for (const name of backUp) {
      // Its down toast goes: what it said is no longer true.
      toaster.close(serviceDownToastId(name));
      toaster.show(`Service ${name} is back up`, { variant: 'success', autoHideDuration: 10_000, kind: 'serviceUp' });
    }
  };
}
