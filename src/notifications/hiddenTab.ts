/**
 * While the tab is hidden: the title counts the unread failures and warnings recorded since it was
 * hidden ("(2) Operator Console"), and, once the operator allowed it in the preferences, trade
 * failures and disconnects raise a browser notification. Visible again, the title is plain.
 */
import { APP_LABEL } from '../config/constants.ts';
import { SIGNAL_KIND_LABELS, type SignalKind } from '../config/signals.ts';
import { isAlarm, titleWithCount, titleWithoutCount, wantsBrowserNotification } from '../domain/signals.ts';
import type { SignalEntry, SignalJournal } from './centre/journal.ts';
import type { SignalPrefsStore } from './signalPrefs.ts';

type TabDocument = Pick<Document, 'hidden' | 'title' | 'addEventListener' | 'removeEventListener'>;

export type BrowserNotify = (title: string, body: string, tag: string) => void;

/** The browser's Notification, when it exists and the operator granted it; otherwise nothing. */
export const browserNotify: BrowserNotify = (title, body, tag) => {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification(title, { body, tag });
  } catch {
    // some browsers allow notifications only from a service worker: the title still counts
  }
};

export interface HiddenTabDeps {
  journal: Pick<SignalJournal, 'getView' | 'subscribe' | 'onRecord'>;
  prefs: Pick<SignalPrefsStore, 'get' | 'toastAllowed'>;
  doc?: TabDocument;
  notify?: BrowserNotify;
  now?: () => number;
}

const kindLabel = (kind: string) => SIGNAL_KIND_LABELS[kind as SignalKind] ?? kind;

export function watchHiddenTab({ journal, prefs, doc = document, notify = browserNotify, now = Date.now }: HiddenTabDeps): () => void {
  /** Entries with a larger id arrived while hidden (ids are ms × 1000 and up); null while visible. */
  let hiddenAfter: number | null = null;
  let base = titleWithoutCount(doc.title) || APP_LABEL;

  const update = () => {
    if (hiddenAfter === null) return;
    const { entries, readUpTo } = journal.getView();
    const after = Math.max(hiddenAfter, readUpTo);
    let count = 0;
    for (const entry of entries) {
      if (entry.id <= after) break; // newest first
      if (isAlarm(entry.severity)) count++;
    }
    doc.title = titleWithCount(base, count);
  };

  const onVisibility = () => {
    if (doc.hidden) {
      base = titleWithoutCount(doc.title) || base;
      hiddenAfter = now() * 1000 - 1;
      update();
    } else {
      hiddenAfter = null;
      doc.title = base;
    }
  };

  const onRecord = (entry: SignalEntry) => {
    if (!doc.hidden || !prefs.get().browserNotifications) return;
    if (!wantsBrowserNotification(entry.kind, entry.severity) || !prefs.toastAllowed(entry.kind)) return;
    notify(`${APP_LABEL}: ${kindLabel(entry.kind)}`, entry.text, entry.kind);
  };

  if (doc.hidden) onVisibility();
  doc.addEventListener('visibilitychange', onVisibility);
  const stopViews = journal.subscribe(update);
  const stopRecords = journal.onRecord(onRecord);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    stopViews();
    stopRecords();
    if (hiddenAfter !== null) doc.title = base;
  };
}
