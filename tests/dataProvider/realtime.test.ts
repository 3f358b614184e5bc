/** The data provider's realtime API (react-admin's subscribe / unsubscribe / publish) as an in-page channel. */
import { describe, expect, it, vi } from 'vitest';
import { createRealtimeChannel, listTopic, recordTopic, type RealtimeEvent } from '../../src/dataProvider/realtime.ts';

describe('the realtime channel', () => {
  it('topics are react-admin\'s resource/{name} and resource/{name}/{id}', () => {
    expect(listTopic('settings/tokens')).toBe('resource/settings/tokens');
    expect(recordTopic('settings/tokens', 'USDC')).toBe('resource/settings/tokens/USDC');
  });

  it('publish tells every subscriber of the topic, and only of that topic, with the topic and a date', async () => {
    const channel = createRealtimeChannel();
    const a = vi.fn();
    const b = vi.fn();
    const other = vi.fn();
    await channel.subscribe('resource/x', a);
    await channel.subscribe('resource/x', b);
    await channel.subscribe('resource/y', other);
    expect(await channel.publish('resource/x', { type: 'updated', payload: { ids: ['1'] } })).toEqual({ data: null });
    const event = a.mock.calls[0]?.[0] as RealtimeEvent;
    expect(event).toMatchObject({ type: 'updated', topic: 'resource/x', payload: { ids: ['1'] } });
    expect(event.date).toBeInstanceOf(Date);
    expect(b).toHaveBeenCalledWith(event);
    expect(other).not.toHaveBeenCalled();
  });

  it('a date given by the publisher is kept', async () => {
    const channel = createRealtimeChannel();
    const cb = vi.fn();
    await channel.subscribe('t', cb);
    const date = new Date(5);
    await channel.publish('t', { type: 'created', payload: { ids: [] }, date });
    expect(cb.mock.calls[0]?.[0]).toMatchObject({ date });
  });

  it('after unsubscribe a callback hears nothing; the others still do', async () => {
    const channel = createRealtimeChannel();
    const a = vi.fn();
    const b = vi.fn();
    await channel.subscribe('t', a);
    await channel.subscribe('t', b);
    expect(await channel.unsubscribe('t', a)).toEqual({ data: null });
    await channel.publish('t', { type: 'deleted', payload: { ids: ['9'] } });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledOnce();
    await channel.unsubscribe('t', b);
    await channel.unsubscribe('never', b);
    await channel.publish('t', { type: 'deleted', payload: { ids: ['9'] } });
    expect(b).toHaveBeenCalledOnce();
  });

  it('a callback that throws does not stop the others, and is logged with its topic', async () => {
    const logger = { error: vi.fn() };
    const channel = createRealtimeChannel(logger);
    const boom = new Error('boom');
    const before = vi.fn();
    const after = vi.fn();
    await channel.subscribe('t', before);
    await channel.subscribe('t', () => {
      throw boom;
    });
    await channel.subscribe('t', after);
    await expect(channel.publish('t', { type: 'updated', payload: { ids: [] } })).resolves.toEqual({ data: null });
    expect(before).toHaveBeenCalledOnce();
    expect(after).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledWith('realtime subscriber of t failed:', boom);
  });

  it('a callback that unsubscribes itself while called does not make another one miss the event', async () => {
    const channel = createRealtimeChannel();
    const second = vi.fn();
    const first = vi.fn(() => void channel.unsubscribe('t', first));
    await channel.subscribe('t', first);
    await channel.subscribe('t', second);
    await channel.publish('t', { type: 'updated', payload: { ids: [] } });
    expect(second).toHaveBeenCalledOnce();
  });
});
