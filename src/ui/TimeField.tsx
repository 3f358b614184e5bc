import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { parseTime, TIME_INPUT_FORMAT, timeParts, zoneLabel } from '../domain/time.ts';
import { useTimeZoneMode } from './timeZone.ts';

export interface TimeFieldProps {
  label: string;
  /** The instant (ms) the field holds; null when empty. */
  value: number | null;
  /**
   * Which end of a range the field is: a typed day, minute or second starts a range at its first
   * millisecond and ends one at its last, so "to 23:41" keeps 23:41:30.
   */
  edge: 'start' | 'end';
  onChange: (value: number | null) => void;
  /** A problem the caller sees (the end before the start). */
  error?: string | null;
  width?: number;
}

/**
 * A date and time typed as every time is shown ("2026-11-24 23:41:07", the zone in its label) and read
 * in the header's zone; shown back the same way. Not the browser's datetime-local picker: that one
 * writes 12-hour times in some locales and always means the browser's zone. What was typed is applied
 * on Enter or on leaving the field; text that is not a time stays, with the format to use.
 */
export function TimeField({ label, value, edge, onChange, error = null, width = 220 }: TimeFieldProps) {
  const mode = useTimeZoneMode();
  // A draft belongs to the value and zone it was typed against: a change of either (Clear filters,
  // the header's switch) shows the new value instead.
  const shownFor = `${value}|${mode}`;
  const [draft, setDraft] = useState<{ text: string; for: string; invalid: boolean } | null>(null);
  const typing = draft !== null && draft.for === shownFor ? draft : null;
  const shown = value === null ? null : timeParts(value, mode);
  const text = typing?.text ?? shown?.text ?? '';

  const commit = () => {
    if (typing === null) return;
    if (typing.text.trim() === '') {
      setDraft(null);
      if (value !== null) onChange(null);
      return;
    }
    const span = parseTime(typing.text, mode);
    if (span === null) {
      setDraft({ ...typing, invalid: true });
      return;
    }
    setDraft(null);
    const next = edge === 'start' ? span.start : span.end;
    if (next !== value) onChange(next);
  };

  const problem = typing?.invalid ? `Use ${TIME_INPUT_FORMAT}` : error;
  // The zone the field reads and shows in, in its name: the value's own (summer or winter), else today's.
  const zone = shown?.zone ?? zoneLabel(Date.now(), mode);
  return (
    <TextField
      fullWidth={false}
      size="small"
      label={`${label} (${zone})`}
      value={text}
      placeholder={TIME_INPUT_FORMAT}
      onChange={(event) => setDraft({ text: event.target.value, for: shownFor, invalid: false })}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={problem !== null}
      helperText={problem ?? undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      sx={{ width, '& input': { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
