import { INPUT_DIALOG_MIN_WIDTH_OVERRIDE, MESSAGE_DIALOG_MIN_WIDTH_OVERRIDE } from '../config/constants.ts';

/**
 * §2: a width override applies only when the requested width is above 100 (message dialog)
 * or above 400 (input dialog); otherwise the dialog keeps its default width (undefined).
 */
export function dialogWidth(kind: 'message' | 'input', requested: number | undefined): number | undefined {
  if (requested === undefined || !Number.isFinite(requested)) return undefined;
  const floor = kind === 'message' ? MESSAGE_DIALOG_MIN_WIDTH_OVERRIDE : INPUT_DIALOG_MIN_WIDTH_OVERRIDE;
  return requested > floor ? requested : undefined;
}
