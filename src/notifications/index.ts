export { NotificationsProvider, useToaster, MAX_TOASTS } from './NotificationsProvider.tsx';
export { playSound, createSoundPlayer, type PlaySound } from './sounds.ts';
export { getVolume, setVolume } from './volume.ts';
export { createNotistackToaster, type Toaster, type ToastOptions, type ToastVariant } from './toaster.ts';
export { createLiveNotifier, type LiveNotifier, type LiveNotifierDeps } from './liveNotifier.tsx';
export { createFetchTrade, type FetchTrade } from './profit.ts';
export { tradeErrorMessage, tradeErrorToastText, TRADE_ERROR_MESSAGES } from './errorCodes.ts';
export { TradeToast, NetworkAvatar } from './TradeToast.tsx';
export { RaNotificationBridge, NoRaNotification } from './RaNotificationBridge.tsx';
