import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOLUME_STORAGE_KEY } from '../../src/config/constants.ts';
import { SOUND_NAMES } from '../../src/config/enums.ts';
import { createSoundPlayer } from '../../src/notifications/sounds.ts';
import { getVolume, setVolume } from '../../src/notifications/volume.ts';
import { memoryStorage } from '../realtime/fixtures.ts';

/** Just enough of the Web Audio graph to see what gets scheduled. */
function fakeAudio(state: AudioContextState = 'running') {
  const peaks: number[] = [];
  const started: number[] = [];
  const param = (record = false) => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn((v: number) => {
      if (record && v > 0.001) peaks.push(v);
    }),
  });
  const ctx = {
    state,
    currentTime: 0,
    destination: {},
    resume: vi.fn(() => Promise.resolve()),
    createOscillator: () => ({
      type: 'sine',
      frequency: param(),
      connect: vi.fn(),
      start: (t: number) => started.push(t),
      stop: vi.fn(),
    }),
    createGain: () => ({ gain: param(true), connect: vi.fn() }),
  };
  return { ctx: ctx as unknown as AudioContext, peaks, started, resume: ctx.resume };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('§9 sounds', () => {
  it('every sound synthesises at least one tone', () => {
    for (const name of SOUND_NAMES) {
      const audio = fakeAudio();
      createSoundPlayer({ audioContext: () => audio.ctx, volume: () => 1 })(name);
      expect(audio.started.length, name).toBeGreaterThan(0);
    }
  });

  it('§9 beep plays twice, 200 ms apart', () => {
    const audio = fakeAudio();
    const play = createSoundPlayer({ audioContext: () => audio.ctx, volume: () => 1 });
    play('beep');
    expect(audio.started).toHaveLength(1);
    vi.advanceTimersByTime(199);
    expect(audio.started).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(audio.started).toHaveLength(2);
  });

  it('§9 volume is volumeSlider × per-sound factor (plop 0.5)', () => {
    const full = fakeAudio();
    createSoundPlayer({ audioContext: () => full.ctx, volume: () => 0.8 })('profit');
    const plop = fakeAudio();
    createSoundPlayer({ audioContext: () => plop.ctx, volume: () => 0.8 })('plop');
    expect(plop.peaks[0]).toBeCloseTo((full.peaks[0] as number) * 0.5);
  });

  it('volume 0 plays nothing', () => {
    const audio = fakeAudio();
    createSoundPlayer({ audioContext: () => audio.ctx, volume: () => 0 })('error');
    expect(audio.started).toHaveLength(0);
  });

  it('§8 playback failures are ignored: no AudioContext, a throwing one, a blocked resume', async () => {
    expect(() => createSoundPlayer({ audioContext: () => null })('call')).not.toThrow();
    expect(() =>
      createSoundPlayer({
        audioContext: () => {
          throw new Error('NotAllowedError');
        },
      })('call'),
    ).not.toThrow();
    const blocked = fakeAudio('suspended');
    blocked.resume.mockImplementation(() => Promise.reject(new Error('autoplay blocked')));
    expect(() => createSoundPlayer({ audioContext: () => blocked.ctx, volume: () => 1 })('plop')).not.toThrow();
    await vi.runAllTimersAsync();
    expect(blocked.resume).toHaveBeenCalled();
  });

  it('the default player works where there is no Web Audio at all (node)', async () => {
    const { playSound } = await import('../../src/notifications/sounds.ts');
    expect(() => playSound('beep')).not.toThrow();
    vi.advanceTimersByTime(500);
  });
});

describe('§9 volume setting (volumeSlider, 0..1, default 100%)', () => {
  it('defaults to 1 when unset or unreadable', () => {
    expect(getVolume(memoryStorage())).toBe(1);
    expect(getVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: 'loud' }))).toBe(1);
    expect(getVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: '' }))).toBe(1);
    expect(getVolume(null)).toBe(1);
  });

  it('reads and clamps stored values', () => {
    expect(getVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: '0.25' }))).toBe(0.25);
    expect(getVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: '0' }))).toBe(0);
    expect(getVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: '7' }))).toBe(1);
    expect(getVolume(memoryStorage({ [VOLUME_STORAGE_KEY]: '-1' }))).toBe(0);
  });

  it('setVolume stores a clamped value and ignores NaN', () => {
    const storage = memoryStorage();
    setVolume(0.4, storage);
    expect(getVolume(storage)).toBe(0.4);
    setVolume(3, storage);
    expect(storage.getItem(VOLUME_STORAGE_KEY)).toBe('1');
    setVolume(Number.NaN, storage);
    expect(storage.getItem(VOLUME_STORAGE_KEY)).toBe('1');
  });
});
