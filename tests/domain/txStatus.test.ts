import { describe, expect, it } from 'vitest';
import { TX_STATUSES } from '../../src/config/enums.ts';
import { statusColor } from '../../src/domain/txStatus.ts';

describe('§4 tx status colours', () => {
  it('§4 completed is success, failed is error, stale and sent-back need a look, created and pending are still moving', () => {
    expect(statusColor('completed')).toBe('success');
    expect(statusColor('failed')).toBe('error');
    expect(statusColor('stale')).toBe('warning');
    expect(statusColor('sent-back')).toBe('warning');
    expect(statusColor('created')).toBe('info');
    expect(statusColor('pending')).toBe('info');
  });

  it('§4 skip, and a status the console does not know, are plain', () => {
    expect(statusColor('skip')).toBe('default');
    expect(statusColor('something new')).toBe('default');
  });

  it('every §4 status has its colour', () => {
    expect(TX_STATUSES.map(statusColor)).toEqual(['info', 'info', 'success', 'error', 'warning', 'default', 'warning']);
  });
});
