/**
 * What the realtime connection needs from the rest of the console, declared here so realtime
 * imports nothing of notifications (docs/architecture.md "Dependencies point one way"): the app's
 * wiring hands in a toaster and a notifier (src/notifications implements both).
 */
import type { ReactNode } from 'react';
import type { ServerEventPayload } from '../contract/index.ts';

/** Shows and closes the connection's toasts (the reconnecting and disconnected warnings). */
export interface RealtimeToaster {
  /** `text`: the message in plain words, where the message is an element. */
  show(message: ReactNode, options: { variant: 'warning' | 'error'; autoHideDuration: number | null; id?: string; text?: string }): void;
  close(id: string): void;
  closeAll(): void;
}

/** Turns the socket's notify, sound and tx events into toasts and sounds. */
export interface LiveNotifier {
  notify(p: ServerEventPayload<'notify'>): void;
  sound(p: ServerEventPayload<'sound'>): void;
  txSent(p: ServerEventPayload<'txSent'>): void;
  txConfirmed(p: ServerEventPayload<'txConfirmed'>): void;
}
