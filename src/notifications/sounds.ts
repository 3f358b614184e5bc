/**
 * §9 sounds, synthesised with Web Audio (no audio files): beep (played twice, 200 ms apart),
 * call, dindilin, error, plop, profit. Volume = volumeSlider × per-sound factor. Any playback
 * failure (no AudioContext, autoplay policy) is ignored, as §8 says.
 */
import { BEEP_REPEAT_GAP_MS } from '../config/constants.ts';
import { SOUND_FACTORS, type SoundName } from '../config/enums.ts';
import { getVolume } from './volume.ts';

interface Tone {
  /** Start offset within the sound, seconds. */
  at: number;
  duration: number;
  type: OscillatorType;
  freq: number;
  /** Frequency to glide to by the end of the tone. */
  toFreq?: number;
}

/** Each sound is a few short tones, distinct enough to tell apart without looking. */
const TONES: Record<SoundName, readonly Tone[]> = {
  beep: [{ at: 0, duration: 0.12, type: 'square', freq: 880 }],
  call: [
    { at: 0, duration: 0.15, type: 'triangle', freq: 523 },
    { at: 0.18, duration: 0.15, type: 'triangle', freq: 784 },
    { at: 0.36, duration: 0.15, type: 'triangle', freq: 523 },
  ],
  dindilin: [
    { at: 0, duration: 0.06, type: 'sine', freq: 1568 },
    { at: 0.05, duration: 0.08, type: 'sine', freq: 2093 },
  ],
  error: [{ at: 0, duration: 0.35, type: 'sawtooth', freq: 311, toFreq: 110 }],
  plop: [{ at: 0, duration: 0.1, type: 'sine', freq: 700, toFreq: 140 }],
  profit: [
    { at: 0, duration: 0.1, type: 'triangle', freq: 523 },
    { at: 0.1, duration: 0.1, type: 'triangle', freq: 659 },
    { at: 0.2, duration: 0.1, type: 'triangle', freq: 784 },
    { at: 0.3, duration: 0.25, type: 'triangle', freq: 1047 },
  ],
};

/** Peak gain at 100% volume; square/sawtooth are loud, so everything stays well below 1. */
const PEAK_GAIN = 0.25;

export type AudioContextFactory = () => AudioContext | null;

type AudioContextCtor = new () => AudioContext;

function browserAudioContextFactory(): AudioContextFactory {
  let ctx: AudioContext | null = null;
  return () => {
    if (ctx) return ctx;
    const g = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextCtor };
    const Ctor: AudioContextCtor | undefined = g.AudioContext ?? g.webkitAudioContext;
    if (!Ctor) return null;
    ctx = new Ctor();
    return ctx;
  };
}

export interface SoundPlayerDeps {
  audioContext?: AudioContextFactory;
  volume?: () => number;
  setTimeout?: (cb: () => void, ms: number) => unknown;
}

export type PlaySound = (name: SoundName) => void;

export function createSoundPlayer(deps: SoundPlayerDeps = {}): PlaySound {
  const audioContext = deps.audioContext ?? browserAudioContextFactory();
  const volume = deps.volume ?? (() => getVolume());
  const later = deps.setTimeout ?? ((cb: () => void, ms: number) => globalThis.setTimeout(cb, ms));

  const playOnce = (name: SoundName): void => {
    try {
      const gainValue = volume() * SOUND_FACTORS[name] * PEAK_GAIN;
      if (!(gainValue > 0)) return;
      const ctx = audioContext();
      if (!ctx) return;
      if (ctx.state === 'suspended') ctx.resume().catch(() => undefined); // autoplay policy: ignored
      const t0 = ctx.currentTime;
      for (const tone of TONES[name]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        const start = t0 + tone.at;
        const end = start + tone.duration;
        osc.type = tone.type;
        osc.frequency.setValueAtTime(tone.freq, start);
        if (tone.toFreq) osc.frequency.exponentialRampToValueAtTime(tone.toFreq, end);
        // Short attack and exponential release so tones do not click.
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(gainValue, start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        osc.connect(gain);
        gain.connect(ctx.destination);
        osc.start(start);
        osc.stop(end + 0.02);
      }
    } catch {
      // §8: sound playback failures are ignored.
    }
  };

  return (name) => {
    playOnce(name);
    if (name === 'beep') later(() => playOnce('beep'), BEEP_REPEAT_GAP_MS);
  };
}

/** The app's sound player (one AudioContext, created on first use). */
export const playSound: PlaySound = createSoundPlayer();
