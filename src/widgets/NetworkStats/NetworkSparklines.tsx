/**
 * A network's gas, balance and block interval over the last hour, as three sparklines (src/charts),
 * each with its text alternative. The points come from networkHistory.
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Sparkline from '../../charts/Sparkline.tsx';
import { describeSpark } from '../../charts/sparkSeries.ts';
import type { SparkSeries } from '../../charts/types.ts';
import { historyOf, sparklinesOff } from './networkHistory.ts';
import { formatAmount, formatSeconds } from '../../domain/numberFormat.ts';
import { gasText } from '../../domain/gasUnit.ts';

export const SPARK_TITLES = { gas: 'Gas', balance: 'Balance', blockInterval: 'Block interval' } as const;
/** The phone cards' captions over each line (the table says it in its column header). */
const CAPTIONS = { gas: 'Gas 1 h', balance: 'Balance 1 h', blockInterval: 'Blocks 1 h' } as const;

/**
 * Memoised on its plain props: a row re-renders on every gas or balance change (up to once a frame
 * per network at 2,500 events/s), and the lines follow their own series (src/charts), so React has
 * nothing to do here after the first render.
 */
export const NetworkSparklines = memo(function NetworkSparklines({
  network,
  native,
  width = 64,
  captions = false,
}: {
  network: string;
  native?: string;
  width?: number;
  captions?: boolean;
}) {
  if (sparklinesOff) return null;
  const describeGas = (s: SparkSeries) => describeSpark(s, (v) => gasText(v, network));
  const describeBalance = (s: SparkSeries) => describeSpark(s, (v) => formatAmount(v, native));
  const describeBlocks = (s: SparkSeries) => describeSpark(s, formatSeconds);
  const sparks = [
    ['gas', describeGas, 'primary'],
    ['balance', describeBalance, 'success'],
    ['blockInterval', describeBlocks, 'info'],
  ] as const;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'flex-end', verticalAlign: 'middle' }}>
      {sparks.map(([kind, describe, color]) => (
        <Box key={kind} component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          {captions && (
            <Box component="span" aria-hidden sx={{ typography: 'caption', color: 'text.secondary', lineHeight: 1.2 }}>
              {CAPTIONS[kind]}
            </Box>
          )}
          <Sparkline source={historyOf(kind, network)} label={`${SPARK_TITLES[kind]} on ${network}, last hour`} describe={describe} color={color} width={width} height={20} />
        </Box>
      ))}
    </Box>
  );
});
