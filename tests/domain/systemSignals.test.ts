import { describe, expect, it } from 'vitest';
import { systemChanges } from '../../src/domain/systemSignals.ts';

const look = (stuck: string[], down: string[]) => ({ stuck: new Set(stuck), down: new Set(down) });

describe('what the live state says once (docs/guide.md "The notification centre")', () => {
  it('the first look tells what is already wrong, and nothing back up', () => {
    expect(systemChanges(null, look(['t1'], ['eventer']))).toEqual({ newlyStuck: ['t1'], movedOn: [], newlyDown: ['eventer'], backUp: [] });
  });

  it('a state that lasts is told once; a service seen down and then up is back up', () => {
    const first = look(['t1'], ['eventer']);
    expect(systemChanges(first, look(['t1', 't2'], ['eventer']))).toEqual({ newlyStuck: ['t2'], movedOn: [], newlyDown: [], backUp: [] });
    expect(systemChanges(first, look([], []))).toEqual({ newlyStuck: [], movedOn: ['t1'], newlyDown: [], backUp: ['eventer'] });
  });
});
