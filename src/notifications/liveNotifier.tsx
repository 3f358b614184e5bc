/**
 * What the realtime socket hands over to notifications: notify, sound, txSent and txConfirmed
 * (§4, §7, §8, §9). A plain factory over its dependencies so tests pass fakes.
 */
import {
  DINDILIN_INTERVAL_MS, DINDILIN_MAX_TIMES, DINDILIN_MIN_TIMES, ERROR_CODE_TOAST_MS, LONG_NOTIFY_AUTOCLOSE,
  TX_TOAST_AUTOCLOSE_MS,
} from '../config/constants.ts';
import type { SoundName } from '../config/enums.ts';
import type { SignalKind } from '../config/signals.ts';
import type { SignalLink } from './centre/journal.ts';
import { tradeErrorMessage, tradeErrorToastText } from '../config/errorCodes.ts';
import { checkProfit, type FetchTrade } from './profit.ts';
import { signalPrefs } from './signalPrefs.ts';
import type { LiveNotifier } from '../realtime/index.ts';
import type { Toaster } from './toaster.ts';
import { TradeToast, tradeToastText } from './TradeToast.tsx';

/** The notifier the realtime connection is given (declared by realtime, implemented here). */
export type { LiveNotifier } from '../realtime/index.ts';

export interface LiveNotifierDeps {
  toaster: Toaster;
  playSound: (name: SoundName) => void;
  fetchTrade: FetchTrade;
  /** In [0, 1), like Math.random. */
  random?: () => number;
  setTimeout?: (cb: () => void, ms: number) => unknown;
  logger?: Pick<Console, 'warn'>;
  /** Whether a sound of this kind may play now (the operator's mutes and snooze); null: a sound of no kind. */
  soundAllowed?: (kind: SignalKind | null) => boolean;
}

/** The toast id of the SENDING toast of a trade, replaced by its confirmation. */
export const sendingToastId = (tradeId: string) => `tx-sending:${tradeId}`;

/** The centre's link for a trade: the transactions list searched for its tradeId. */
export function tradeLink(tradeId: string): SignalLink {
  return { href: `/tx?filter=${encodeURIComponent(JSON.stringify({ q: tradeId }))}`, label: `Transactions of trade ${tradeId.slice(0, 8)}` };
}

/** §9: 14..21 inclusive, uniformly. */
export function dindilinTimes(random: () => number): number {
  const span = DINDILIN_MAX_TIMES - DINDILIN_MIN_TIMES + 1;
  return DINDILIN_MIN_TIMES + Math.min(span - 1, Math.floor(random() * span));
}

export function createLiveNotifier(deps: LiveNotifierDeps): LiveNotifier {
  const { toaster, playSound, fetchTrade } = deps;
  const random = deps.random ?? Math.random;
  const later = deps.setTimeout ?? ((cb: () => void, ms: number) => globalThis.setTimeout(cb, ms));
  const logger = deps.logger ?? console;
  const soundAllowed = deps.soundAllowed ?? ((kind: SignalKind | null) => signalPrefs().soundAllowed(kind));
  const play = (kind: SignalKind | null, name: SoundName) => {
    if (soundAllowed(kind)) playSound(name);
  };

  return {
    notify({ msg, type, autoClose }) {
      // autoClose false keeps the toast open; so does a non-positive number, which the toast stack
      // would otherwise close at once.
      toaster.show(msg, { variant: type, autoHideDuration: autoClose === false || autoClose <= 0 ? null : autoClose, kind: type });
      if (autoClose === LONG_NOTIFY_AUTOCLOSE && soundAllowed(type)) {
        const times = dindilinTimes(random);
        for (let i = 0; i < times; i++) {
          if (i === 0) playSound('dindilin');
          else later(() => playSound('dindilin'), i * DINDILIN_INTERVAL_MS);
        }
      }
    },

    sound({ name }) {
      // A sound of its own belongs to no kind: only a snooze keeps it quiet.
      play(null, name);
    },

    txSent(p) {
      const trade = { tokenName: p.tokenName, txTypes: p.txTypes, networkBuy: p.networkBuy, networkSell: p.networkSell, bridgeName: p.bridge.name };
      toaster.show(
        <TradeToast
          state="SENDING"
          tokenName={p.tokenName}
          txTypes={p.txTypes}
          networkBuy={p.networkBuy}
          networkSell={p.networkSell}
          bridgeName={p.bridge.name}
        />,
        {
          variant: 'info',
          autoHideDuration: TX_TOAST_AUTOCLOSE_MS,
          id: sendingToastId(p.tradeId),
          kind: 'tradeSent',
          text: tradeToastText({ state: 'SENDING', ...trade }),
          link: tradeLink(p.tradeId),
        },
      );
    },

    txConfirmed({ txs, errCode }) {
      const entries = Object.entries(txs);
      // One toast per trade, not per tx: a trade of five txs is one thing to an operator, and
      // five toasts per trade bury everything else. CONFIRM only when every tx of it succeeded.
      const trades = new Map<string, (typeof entries)[number][1][]>();
      const hasErrCode = errCode !== undefined && errCode !== null;
      let failureRecorded = false;
      for (const [, tx] of entries) trades.set(tx.tradeId, [...(trades.get(tx.tradeId) ?? []), tx]);
      for (const [tradeId, group] of trades) {
        const first = group[0]!;
        const success = group.every((tx) => tx.success);
        const trade = {
          state: success ? ('CONFIRM' as const) : ('FAIL' as const),
          tokenName: first.tokenName,
          txTypes: group.map((tx) => (tx.success ? tx.txType : `${tx.txType} (failed)`)),
          networkBuy: first.networkBuy,
          networkSell: first.networkSell,
          bridgeName: first.bridge.name,
        };
        toaster.close(sendingToastId(tradeId));
        // The centre's one entry of a failure names its cause, when the event says it (§8).
        const cause = !success && hasErrCode ? `: ${tradeErrorMessage(errCode)}` : '';
        toaster.show(<TradeToast {...trade} />, {
          variant: success ? 'success' : 'error',
          autoHideDuration: TX_TOAST_AUTOCLOSE_MS,
          id: `tx-confirmed:${tradeId}`,
          kind: success ? 'tradeConfirmed' : 'tradeFailed',
          text: `${tradeToastText(trade)}${cause}`,
          link: tradeLink(tradeId),
        });
        if (!success) failureRecorded = true;
        for (const tx of group) void checkProfit(tx, fetchTrade, () => play('tradeConfirmed', 'profit'), logger);
      }
      if (hasErrCode) {
        const first = entries[0]?.[1];
        toaster.show(tradeErrorToastText(first?.tokenName ?? '', errCode), {
          variant: 'error',
          autoHideDuration: ERROR_CODE_TOAST_MS,
          kind: 'tradeFailed',
          recorded: !failureRecorded,
          ...(first ? { link: tradeLink(first.tradeId) } : {}),
        });
      }
    },
  };
}
