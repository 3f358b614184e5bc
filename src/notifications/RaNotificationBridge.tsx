import { useEffect } from 'react';
import { useNotificationContext, useTranslate } from 'react-admin';
import { useToaster } from './NotificationsProvider.tsx';

const DEFAULT_MS = 4000;

/**
 * react-admin's notifications (useNotify) go to the one toast area of SPEC §2 (top-right, newest on
 * top) instead of react-admin's own bottom snackbar, so operators look in one place.
 */
export function RaNotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  const toaster = useToaster();
  const translate = useTranslate();
  useEffect(() => {
    for (let next = takeNotification(); next; next = takeNotification()) {
      const { message, type, notificationOptions } = next;
      const text =
        typeof message === 'string'
          ? translate(message, { _: message, ...(notificationOptions?.messageArgs as object | undefined) })
          : message;
      const hide = notificationOptions?.autoHideDuration;
      toaster.show(text, { variant: type, autoHideDuration: hide === undefined ? DEFAULT_MS : hide });
    }
  }, [notifications, takeNotification, toaster, translate]);
  return null;
}
