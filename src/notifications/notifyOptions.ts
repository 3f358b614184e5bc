/**
 * What the console adds to react-admin's useNotify (its NotificationOptions admits any key), read by
 * RaNotificationBridge: `toastId` shows the toast under a logical id; `closes` closes those toasts
 * first. A module of its own, without React, so the kit imports it without the toast machinery.
 */

/** react-admin's message key for a submit with invalid fields ("The form is not valid…"). */
export const INVALID_FORM_MESSAGE = 'ra.message.invalid_form';

/**
 * The toast id the validation toast is shown under, so a later save that goes through closes it
 * (issue 25 finding 6: it stayed on screen after the save succeeded).
 */
export const FORM_INVALID_TOAST_ID = 'form:invalid';

export interface ConsoleNotifyOptions {
  toastId?: string;
  closes?: readonly string[];
}

/** The success toast of a save: it says what was saved, and the stale validation toast closes. */
export const SAVED_NOTIFY_OPTIONS = { type: 'success', closes: [FORM_INVALID_TOAST_ID] } as const;

/** "token" → "Token": a record label at the start of a sentence. */
export const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
