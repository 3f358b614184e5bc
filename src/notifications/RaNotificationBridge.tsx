import { useEffect, useRef } from 'react';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { useToaster } from './NotificationsProvider.tsx';
import { FORM_INVALID_TOAST_ID } from '../config/signals.ts';

const DEFAULT_MS = 4000;

/** react-admin's message key for a submit with invalid fields ("The form is not valid…"). */
const INVALID_FORM_MESSAGE = 'ra.message.invalid_form';

/**
 * react-admin's notifications (useNotify) go to the one toast area of §2 (top-right, newest on
 * top) instead of react-admin's own bottom snackbar, so operators look in one place.
 *
 * Each notification is shown exactly once. takeNotification is not used: it answers the head of the
 * list its render saw, and keeps answering it until React renders again, so draining it in a loop
 * never ended (a frozen tab on every toast); and its plain setNotifications(rest) would drop a
 * notification added after that render. Instead every payload not yet shown is shown, then removed
 * from the queue by identity with an updater, which keeps any added meanwhile.
 */
export function RaNotificationBridge() {
  const { notifications, setNotifications } = useNotificationContext();
  const toaster = useToaster();
  const translate = useTranslate();
  // StrictMode runs a mount effect twice over the same list: what was shown is remembered, not re-shown.
  const shown = useRef(new WeakSet<NotificationPayload>());
  useEffect(() => {
    const fresh = notifications.filter((n) => !shown.current.has(n));
    if (fresh.length === 0) return;
    for (const notification of fresh) {
      shown.current.add(notification);
      const { message, type, notificationOptions } = notification;
      // The console's option (react-admin's NotificationOptions admits any key): close these toasts
      // first. A save that went through closes the validation toast of an earlier try.
      (notificationOptions?.closes as string[] | undefined)?.forEach(toaster.close);
      const text =
        typeof message === 'string'
          ? translate(message, { _: message, ...(notificationOptions?.messageArgs as object | undefined) })
          : message;
      const hide = notificationOptions?.autoHideDuration;
      const id = message === INVALID_FORM_MESSAGE ? FORM_INVALID_TOAST_ID : undefined;
      // The console's own notices ("Saved", a form not valid) answer what the operator just did:
      // a kind of their own, so a save does not read as the system's notify of that severity.
      toaster.show(text, { variant: type, autoHideDuration: hide === undefined ? DEFAULT_MS : hide, id, kind: 'notice' });
    }
    setNotifications((queue) => queue.filter((n) => !shown.current.has(n)));
  }, [notifications, setNotifications, toaster, translate]);
  return null;
}
