/** The colour a tx status is shown in: the tx list, the tx detail and the history dialog agree. */

export type StatusColor = 'success' | 'error' | 'warning' | 'info' | 'default';

/** §4 tx statuses: settled well, gave up, needs a look, still moving, deliberately skipped. */
export function statusColor(status: string): StatusColor {
  switch (status) {
    case 'completed':
      return 'success';
    case 'failed':
      return 'error';
    case 'stale':
    case 'sent-back':
      return 'warning';
    case 'created':
    case 'pending':
      return 'info';
    default:
      return 'default';
  }
}
