/** Sounds of one kind of signal, quiet while the operator muted that kind's sound or snoozed everything. */
import type { SoundName } from '../config/enums.ts';
import type { SignalKind } from '../config/signals.ts';
import { signalPrefs } from './signalPrefs.ts';
import { playSound } from './sounds.ts';

export function soundOfKind(kind: SignalKind, play: (name: SoundName) => void = playSound): (name: SoundName) => void {
  return (name) => {
    if (signalPrefs().soundAllowed(kind)) play(name);
  };
}

/** The realtime connection's sounds (§4: the error sound on a disconnect). */
export const connectionSound = soundOfKind('connection');
