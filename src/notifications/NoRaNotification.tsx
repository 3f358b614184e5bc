/** Admin's own notification area is replaced by RaNotificationBridge (toasts in one place, §2). */
export function NoRaNotification() {
  return null;
}
