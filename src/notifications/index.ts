/**
 * What the whole app may import: sounds, volume, error texts, types. The toast machinery (the stack,
 * trade toasts, the live notifier, the notification centre) is imported from its own modules by the signed-in frame only, so
 * the /login bundle does not carry it (docs/decisions.md "Bundle budgets and lazy chunks").
 */
export { playSound, createSoundPlayer, type PlaySound } from './sounds.ts';
export { getVolume, setVolume } from './volume.ts';
export type { Toaster, ToastOptions, ToastVariant } from './toaster.ts';
export type { SignalEntry, SignalInput, SignalLink } from './centre/journal.ts';
export type { LiveNotifier, LiveNotifierDeps } from './liveNotifier.tsx';
export type { FetchTrade } from './profit.ts';
export { tradeErrorMessage, tradeErrorToastText, TRADE_ERROR_MESSAGES } from '../config/errorCodes.ts';
export { NoRaNotification } from './NoRaNotification.tsx';
