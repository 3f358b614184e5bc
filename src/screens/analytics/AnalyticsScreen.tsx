/**
 * The Analytics screen, for every signed-in user. Over a range (24 h, 7 d, 30 d as on Home, or the
 * operator's own, typed in the header's time zone): the period's figures with a cumulative profit
 * line and trades per hour or day (src/charts), then the same figures grouped by token, by bridge,
 * by route and by error code (§8 message), each a sortable table beside a chart. A row opens
 * /tx/trades filtered to its group and range. Everything comes from GET /api/stats/trades
 * (docs/protocol.md "Stats"); a backend without it (404) gets one sentence saying so, no error
 * toast.
 */
import { Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TimeChart } from '../../charts/index.ts';
import { PERFORMANCE_PERIOD } from '../../config/performance.ts';
import { ANALYTICS_RANGES, STATS_GROUPS, type AnalyticsRange, type StatsGroup } from '../../config/stats.ts';
import type { TradeStatsResponse } from '../../contract/index.ts';
import { useTradeStats } from '../../dataProvider/index.ts';
import { bucketWords, customRange, type StatsRange } from '../../domain/analytics.ts';
import { cumulativeProfit, performanceText, periodRange, successRate } from '../../domain/performance.ts';
import { formatCount, formatPercent, formatUsdChange } from '../../domain/numberFormat.ts';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { LoadBoundary } from '../../ui/retryableLazy.tsx';
import { TimeField } from '../../ui/TimeField.tsx';
import { useFormatTime } from '../../ui/timeZone.ts';
import { GroupTable, type GroupRow } from './GroupTable.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { useTimelineMarkers } from '../../ui/timelineMarkers.ts';

const RANGE_TEXT: Record<AnalyticsRange, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d', custom: 'Custom' };
const GROUP_TITLE: Record<StatsGroup, string> = { token: 'By token', bridge: 'By bridge', route: 'By route', errCode: 'By error code' };

/** What the operator reads for a group's key. */
function nameOf(group: StatsGroup, key: string): string {
  if (group === 'errCode') return `${key}: ${tradeErrorMessage(Number(key))}`;
  if (group === 'bridge' && key === '') return 'no bridge (sells)';
  return key;
}

/** The period's totals and its two charts. */
function Overview({ answer, periodWords }: { answer: TradeStatsResponse; periodWords: string }) {
  const { totals, buckets, bucket } = answer;
  // What happened over the range (docs/protocol.md "Timeline"), marked on both charts; `to` is exclusive here, included there.
  const markers = useTimelineMarkers({ from: answer.from, to: answer.to - 1 });
  const times = useMemo(() => buckets.map((b) => b.t), [buckets]);
  const profitSeries = useMemo(() => [{ label: 'Profit (USD)', values: cumulativeProfit(buckets), color: 'primary' as const }], [buckets]);
  const tradeSeries = useMemo(
    () => [
      { label: 'Completed', values: buckets.map((b) => b.completed), color: 'success' as const },
      { label: 'Failed', values: buckets.map((b) => b.failed), color: 'error' as const },
    ],
    [buckets],
  );
  const summary = performanceText(totals, periodWords);
  return (
    <Paper component="section" aria-label="The period" variant="outlined" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Box component="dl" sx={{ m: 0, mb: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
        <Figure term="Profit" value={formatUsdChange(totals.profit)} tone={totals.profit < 0 ? 'error.main' : undefined} />
        <Figure term="Trades" value={formatCount(totals.trades)} />
        <Figure term="Success rate" value={formatPercent(successRate(totals))} />
        <Figure term="Failed" value={formatCount(totals.failed)} tone={totals.failed > 0 ? 'error.main' : undefined} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <LoadBoundary>
          <Suspense fallback={<Box sx={{ height: 160 }} />}>
            <TimeChart kind="line" label="Cumulative profit" description={summary} times={times} series={profitSeries} formatValue={formatUsdChange} bucket={bucket} markers={markers} />
            <TimeChart
              kind="stackedBars"
              label={`Trades ${bucketWords(bucket)}, completed and failed`}
              description={`Trades ${bucketWords(bucket)} over ${periodWords}: ${formatCount(totals.completed)} completed, ${formatCount(totals.failed)} failed, ${formatCount(totals.running)} running.`}
              times={times}
              series={tradeSeries}
              formatValue={formatCount}
              bucket={bucket}
              markers={markers}
            />
          </Suspense>
        </LoadBoundary>
      </Box>
    </Paper>
  );
}

function Group({ group, range, periodWords }: { group: StatsGroup; range: StatsRange; periodWords: string }) {
  const stats = useTradeStats({ ...range, groupBy: group });
  const rows: GroupRow[] = useMemo(
    () => (stats.data?.provided ? (stats.data.data.groups ?? []).map((g) => ({ ...g, name: nameOf(group, g.key) })) : []),
    [stats.data, group],
  );
  if (stats.isError) {
    return (
      <FailureAlert detail={stats.error.message} onRetry={() => void stats.refetch()} sx={{ m: 0 }}>
        Could not load the figures {GROUP_TITLE[group].toLowerCase()}.
      </FailureAlert>
    );
  }
  if (!stats.data?.provided) return null;
  return <GroupTable group={group} title={GROUP_TITLE[group]} rows={rows} range={range} periodWords={periodWords} />;
}

export default function AnalyticsScreen() {
  const formatTime = useFormatTime();
  const [choice, setChoice] = useState<AnalyticsRange>('24h');
  const [asked, setAsked] = useState(() => Date.now());
  const [custom, setCustom] = useState<{ from: number | null; to: number | null }>(() => ({ from: Date.now() - 2 * PERFORMANCE_PERIOD['24h'].ms, to: Date.now() }));

  const picked = useMemo((): StatsRange | { problem: string } => {
    if (choice === 'custom') return customRange(custom.from, custom.to);
    const { ms, bucket, bucketMs } = PERFORMANCE_PERIOD[choice];
    return { ...periodRange(asked, ms, bucketMs), bucket };
  }, [choice, custom, asked]);
  const range = 'problem' in picked ? null : picked;
  const periodWords =
    range === null ? '' : choice === 'custom' ? `${formatTime(range.from)} to ${formatTime(range.to - 1)}` : PERFORMANCE_PERIOD[choice].words;
  // The overview is the token answer's totals and buckets: every grouped answer carries them.
  const overview = useTradeStats(range === null ? null : { ...range, groupBy: 'token' });

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={choice}
          aria-label="Range"
          onChange={(_e, next: AnalyticsRange | null) => {
            if (next === null) return;
            setChoice(next);
            setAsked(Date.now());
          }}
        >
          {ANALYTICS_RANGES.map((r) => (
            <ToggleButton key={r} value={r} sx={{ px: 1.5, color: 'text.primary' }}>
              {RANGE_TEXT[r]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {choice === 'custom' && (
          <>
            <TimeField label="From" edge="start" value={custom.from} onChange={(from) => setCustom((c) => ({ ...c, from }))} />
            <TimeField label="To" edge="end" value={custom.to} onChange={(to) => setCustom((c) => ({ ...c, to }))} error={'problem' in picked ? picked.problem : null} />
          </>
        )}
        {choice !== 'custom' && (
          <Button size="small" onClick={() => setAsked(Date.now())}>
            Refresh
          </Button>
        )}
      </Box>
      {range !== null && (
        <Typography variant="body2" color="text.secondary">
          From {formatTime(range.from)} to {formatTime(range.to - 1)}, counted {bucketWords(range.bucket)}; a trade counts when it started.
        </Typography>
      )}
      {'problem' in picked && choice === 'custom' && <Alert severity="warning">{picked.problem}</Alert>}
      {overview.data?.provided === false ? (
        <Alert severity="info" sx={{ maxWidth: 720 }}>
          This backend does not provide stats. It answered 404 Not Found to GET /api/stats/trades, the stats extension of the console's
          protocol, so there are no figures to show here.
        </Alert>
      ) : overview.isError ? (
        <FailureAlert detail={overview.error.message} onRetry={() => void overview.refetch()} sx={{ m: 0 }}>
          Could not load the figures.
        </FailureAlert>
      ) : overview.data === undefined || range === null ? (
        range === null ? null : <Typography color="text.secondary">Loading...</Typography>
      ) : (
        <>
          <Overview answer={overview.data.data} periodWords={periodWords} />
          {STATS_GROUPS.map((group) => (
            <Group key={group} group={group} range={range} periodWords={periodWords} />
          ))}
        </>
      )}
    </Box>
  );
}
