/** Filters of /tx: status, side, type, network, §8 error code, token, free text and a createdAt range, in one compact bar. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { tradeErrorMessage } from '../../notifications/index.ts';
import { TimeField } from '../../widgets/shared/TimeField.tsx';
import { EMPTY_TX_FILTER, ERROR_CODE_OPTIONS, instantText, rangeProblem, timeOf, type TxFilterValues } from './txFilter.ts';

/** Typed filters reach the server once typing pauses, not per keystroke (each is a query on 100,000 rows). */
export const TEXT_FILTER_DEBOUNCE_MS = 300;

interface SelectFilter {
  key: 'status' | 'side' | 'txType' | 'network' | 'errCode';
  label: string;
  options: readonly string[];
  width: number;
  /** How an option reads, when not as its value. */
  text?: (option: string) => string;
}

const SELECTS: readonly SelectFilter[] = [
  { key: 'status', label: 'Status', options: TX_STATUSES, width: 130 },
  { key: 'side', label: 'Side', options: TX_SIDES, width: 100 },
  { key: 'txType', label: 'Type', options: TX_TYPES, width: 150 },
  { key: 'network', label: 'Network', options: NETWORKS, width: 140 },
  // The code and the toast's message for it: operators know failures by either.
  { key: 'errCode', label: 'Error', options: ERROR_CODE_OPTIONS, width: 200, text: (code) => `${code}: ${tradeErrorMessage(Number(code))}` },
];

function DebouncedText({ label, value, placeholder, width, onChange }: { label: string; value: string; placeholder?: string; width: number; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  // A reset from outside (Clear filters) shows at once.
  useEffect(() => setText(value), [value]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (text === value) return;
    timer.current = setTimeout(() => onChange(text), TEXT_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text, value, onChange]);
  // Leaving the field (a click on a row, a sort, Tab) or Enter applies what was typed at once, so a
  // timer left running can never land after the next action and undo it.
  const flush = () => {
    clearTimeout(timer.current);
    if (text !== value) onChange(text);
  };
  return (
    <TextField
      fullWidth={false}
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={flush}
      onKeyDown={(e) => {
        if (e.key === 'Enter') flush();
      }}
      sx={{ width }}
    />
  );
}

export interface TxFiltersProps {
  values: TxFilterValues;
  onChange: (next: TxFilterValues) => void;
  /** List actions (columns, export) after the filters. */
  actions?: ReactNode;
}

export function TxFilters({ values, onChange, actions }: TxFiltersProps) {
  const set = (patch: Partial<TxFilterValues>) => onChange({ ...values, ...patch });
  const range = rangeProblem(values);
  const any = Object.values(values).some((v) => v !== '');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} role="search" aria-label="Transaction filters">
      {SELECTS.map(({ key, label, options, width, text }) => (
        <TextField fullWidth={false} key={key} select size="small" label={label} value={values[key]} onChange={(e) => set({ [key]: e.target.value })} sx={{ width }}>
          <MenuItem value="">Any</MenuItem>
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {text ? text(o) : o}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <DebouncedText label="Token" value={values.tokenName} width={130} onChange={(tokenName) => set({ tokenName })} />
      <DebouncedText label="Search" placeholder="token, hash, tradeId or id" value={values.q} width={210} onChange={(q) => set({ q })} />
      {/* The range wraps as one piece. */}
      <Stack direction="row" spacing={1}>
        <TimeField label="From" edge="start" value={timeOf(values.from) ?? null} onChange={(ms) => set({ from: instantText(ms) })} />
        <TimeField label="To" edge="end" value={timeOf(values.to) ?? null} onChange={(ms) => set({ to: instantText(ms) })} error={range} />
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 40 }}>
        <Button onClick={() => onChange(EMPTY_TX_FILTER)} disabled={!any}>
          Clear filters
        </Button>
        {actions}
      </Box>
    </Stack>
  );
}
