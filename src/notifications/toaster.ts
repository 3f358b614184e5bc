/**
 * The toast port: what realtime, the live notifier, react-admin's notifications and alert rules call.
 * Each toast shown through it goes where its kind's level says (docs/guide.md "Preferences"): it is
 * recorded in the notification centre first when the level reaches the bell (so a toast that
 * closed, or was never shown because of its level or a snooze, can still be found), then shown on
 * the stack when the level has a toast and nothing is snoozed. Logical ids: a toast shown
 * again under the same id replaces the open one; close(id) closes it.
 */
import { isValidElement, type ReactNode } from 'react';
import type { SignalKind } from '../config/signals.ts';
import { kindOfToast, mergeKey, severityOf, type ToastVariantName } from '../domain/signals.ts';
import type { SignalJournal, SignalLink } from './centre/journal.ts';
import type { SignalPrefsStore } from './signalPrefs.ts';
import type { ToastStack } from './toastStack.ts';

export type ToastVariant = ToastVariantName;

export interface ToastOptions {
  variant: ToastVariant;
  /** Milliseconds until it closes by itself; null keeps it open until closed. */
  autoHideDuration: number | null;
  /** Logical id: showing again under it replaces the open toast; close(id) closes it. */
  id?: string;
  /** Which kind of signal (preferences, the centre's filter); by default from the variant (and `realtime:` ids: connection). */
  kind?: SignalKind;
  /** Plain text for the centre and for merging identical toasts; a string message is its own text. */
  text?: string;
  /** Where the centre's entry leads (an app path). */
  link?: SignalLink;
  /**
   * false: another entry of the centre already says this (an error code's toast, whose words its
   * trade's failure entry carries), so one failure is one entry and counts once.
   */
  recorded?: boolean;
}

export interface Toaster {
  show(message: ReactNode, options: ToastOptions): void;
  close(id: string): void;
  closeAll(): void;
}

/** The words of a message, for the centre: strings and the children of elements, never markup. */
export function plainText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return '';
}

export interface ToasterDeps {
  stack: ToastStack;
  journal: Pick<SignalJournal, 'record'>;
  prefs: Pick<SignalPrefsStore, 'toastAllowed' | 'bellAllowed'>;
}

export function createToaster({ stack, journal, prefs }: ToasterDeps): Toaster {
  return {
    show(message, { variant, autoHideDuration, id, kind: given, text: givenText, link, recorded = true }) {
      const kind = given ?? kindOfToast(variant, id);
      const text = givenText ?? plainText(message);
      const listed = prefs.bellAllowed(kind);
      if (recorded && listed) {
        journal.record({ kind, severity: severityOf(variant), text: text || 'Notification without text', ...(link ? { link } : {}) });
      }
      if (!prefs.toastAllowed(kind)) {
        // No toast at its level, or snoozed. What it would have replaced goes all the same.
        if (id !== undefined) stack.close(id);
        return;
      }
      stack.show(message, { variant, autoHideDuration, id, mergeKey: mergeKey(kind, text), listed });
    },
    close: (id) => stack.close(id),
    closeAll: () => stack.closeAll(),
  };
}
