/**
 * The kit's success notices: what a save or delete did, naming the record. A
 * save's notice also closes the validation toast of an earlier try: RaNotificationBridge reads the
 * `closes` option (react-admin's NotificationOptions admits any key).
 */
import { FORM_INVALID_TOAST_ID } from '../config/signals.ts';

export const SAVED_NOTIFY_OPTIONS = { type: 'success', closes: [FORM_INVALID_TOAST_ID] } as const;

/** "token" → "Token": a record label at the start of a sentence. */
export const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
