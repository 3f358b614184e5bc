/**
 * Home's Performance card, for every signed-in user. A period switch (24 h, 7 d, 30 d); profit,
 * trades, success rate and failures for the period; a cumulative profit line and trades per hour or
 * day, completed stacked against failed (src/charts). The figures come from GET /api/stats/trades
 * (docs/protocol.md "Stats"). New trades (the live store's `trades` announcements: txSent,
 * txConfirmed) refetch only the current bucket, at most every PERFORMANCE_REFRESH_MS, merged in. A
 * backend without the stats extension (404): no card, no error toast, one line saying so. Loaded
 * lazily after Home's first paint; the charts come in their own chunk.
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TimeChart } from '../../charts/index.ts';
import { PERFORMANCE_PERIOD, PERFORMANCE_PERIODS, PERFORMANCE_REFRESH_MS, type PerformancePeriod } from '../../config/performance.ts';
import {
  cumulativeProfit, mergeBucket, performanceText, periodRange, successRate, totalsOf, type Bucket,
} from '../../domain/performance.ts';
import { liveStore } from '../../realtime/index.ts';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { LoadBoundary } from '../../ui/retryableLazy.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { Figure } from '../../ui/Figure.tsx';
import { useTimelineMarkers } from '../../ui/timelineMarkers.ts';
import { formatCount, formatPercent, formatUsdChange, formatUsdCompact } from '../../domain/numberFormat.ts';

/** The window also slides with no trade at all (a new hour starts): the current bucket is refetched this often. */
const SLIDE_CHECK_MS = 60_000;
const CHART_HEIGHT = 120;

type Loaded =
  | { status: 'loading' }
  | { status: 'absent' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; period: PerformancePeriod; buckets: Bucket[] };

export default function PerformanceCard({ gridArea }: { gridArea?: string }) {
  const api = useConsoleDataProvider();
  const [period, setPeriod] = useState<PerformancePeriod>('24h');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<{ period: PerformancePeriod; buckets: Bucket[] } | null>(null);

  // The whole period, on mount and when the period changes.
  useEffect(() => {
    let cancelled = false;
    const { ms, bucket, bucketMs } = PERFORMANCE_PERIOD[period];
    const { from, to } = periodRange(Date.now(), ms, bucketMs);
    current.current = null;
    setLoaded((was) => (was.status === 'ready' ? was : { status: 'loading' }));
    api.getTradeStats({ from, to, bucket }).then(
      (answer) => {
        if (cancelled) return;
        if (!answer.provided) {
          setLoaded({ status: 'absent' });
          return;
        }
        current.current = { period, buckets: answer.data.buckets };
        setLoaded({ status: 'ready', period, buckets: answer.data.buckets });
      },
      (error: unknown) => {
        if (cancelled) return;
        setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, period, attempt]);

  // The current bucket only, merged in: on new trades (throttled) and once a minute.
  const refreshCurrent = useCallback(async () => {
    const shown = current.current;
    if (!shown) return;
    const { bucket, bucketMs } = PERFORMANCE_PERIOD[shown.period];
    const start = Math.floor(Date.now() / bucketMs) * bucketMs;
    try {
      const answer = await api.getTradeStats({ from: start, to: start + bucketMs, bucket });
      const fresh = answer.provided ? answer.data.buckets[0] : undefined;
      if (!fresh || current.current !== shown) return;
      const buckets = mergeBucket(shown.buckets, fresh, bucketMs);
      current.current = { period: shown.period, buckets };
      setLoaded({ status: 'ready', period: shown.period, buckets });
    } catch {
      // The next trade or minute tries again; apiFetch has logged the failure (§8).
    }
  }, [api]);

  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        void refreshCurrent();
      }, Math.max(0, last + PERFORMANCE_REFRESH_MS - Date.now()));
    };
    const stop = liveStore.onCollectionChange((change) => {
      if (change.collection === 'trades') request();
    });
    const slide = setInterval(request, SLIDE_CHECK_MS);
    return () => {
      stop();
      clearInterval(slide);
      clearTimeout(timer);
    };
  }, [refreshCurrent]);

  // What happened over the period shown (docs/protocol.md "Timeline"), marked on both charts.
  const shownBuckets = loaded.status === 'ready' ? loaded.buckets : [];
  const firstBucket = shownBuckets[0];
  const lastBucket = shownBuckets.at(-1);
  const markers = useTimelineMarkers(
    loaded.status === 'ready' && firstBucket && lastBucket ? { from: firstBucket.t, to: lastBucket.t + PERFORMANCE_PERIOD[loaded.period].bucketMs - 1 } : null,
    { live: true },
  );

  if (loaded.status === 'absent') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ gridArea, px: 1.5 }} data-performance-absent="">
        Performance: this server does not provide trade statistics, so profit and success rate are not shown here.
      </Typography>
    );
  }

  const ready = loaded.status === 'ready' ? loaded : null;
  // While another period loads, the figures shown keep the words of the period they are for.
  const { words, bucket } = PERFORMANCE_PERIOD[ready?.period ?? period];
  const buckets = ready?.buckets ?? [];
  const totals = totalsOf(buckets);
  const rate = successRate(totals);
  const times = buckets.map((b) => b.t);
  const summary = performanceText(totals, words);

  const per = bucket === 'hour' ? 'hour' : 'day';

  return (
    <Paper variant="outlined" component="section" aria-label="Performance" sx={{ p: 1.5, gridArea, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          Performance
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          aria-label="Period"
          onChange={(_e, next: PerformancePeriod | null) => {
            if (next !== null) setPeriod(next);
          }}
        >
          {PERFORMANCE_PERIODS.map((p) => (
            <ToggleButton key={p} value={p} title={`Figures for ${PERFORMANCE_PERIOD[p].words}`} sx={{ py: 0.25, px: 1 }}>
              {p.replace('h', ' h').replace('d', ' d')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {loaded.status === 'failed' ? (
        <FailureAlert dense detail={loaded.message} onRetry={() => setAttempt((n) => n + 1)} sx={{ my: 1 }}>
          Could not load the performance figures.
        </FailureAlert>
      ) : (
        <>
          <Box
            component="dl"
            aria-busy={ready === null}
            sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 1 }}
          >
            <Figure term="Profit" value={ready ? formatUsdChange(totals.profit) : '…'} tone={totals.profit < 0 ? 'error.main' : undefined} />
            <Figure term="Trades" value={ready ? formatCount(totals.trades) : '…'} />
            <Figure term="Success rate" value={ready ? formatPercent(rate) : '…'} />
            <Figure term="Failures" value={ready ? formatCount(totals.failed) : '…'} tone={totals.failed > 0 ? 'error.main' : undefined} />
          </Box>
          {ready && (
            <LoadBoundary dense>
              <Suspense fallback={<Box sx={{ height: 2 * CHART_HEIGHT + 48 }} />}>
                <Typography variant="caption" color="text.secondary" component="h3" sx={{ mt: 1, display: 'block' }}>
                  Cumulative profit (USD)
                </Typography>
                <TimeChart
                  kind="line"
                  label={`Cumulative profit over ${words}`}
                  description={summary}
                  times={times}
                  series={[{ label: 'Cumulative profit (USD)', values: cumulativeProfit(buckets), color: 'primary' }]}
                  formatValue={formatUsdCompact}
                  bucket={bucket}
                  height={CHART_HEIGHT}
                  markers={markers}
                />
                <Typography variant="caption" color="text.secondary" component="h3" sx={{ mt: 1, display: 'block' }}>
                  Trades per {per}: <Box component="span" sx={{ color: 'success.main' }}>completed</Box> and{' '}
                  <Box component="span" sx={{ color: 'error.main' }}>failed</Box>
                </Typography>
                <TimeChart
                  kind="stackedBars"
                  label={`Trades per ${per} over ${words}, completed and failed`}
                  description={`${formatCount(totals.completed)} completed and ${formatCount(totals.failed)} failed over ${words}.`}
                  times={times}
                  series={[
                    { label: 'Completed', values: buckets.map((b) => b.completed), color: 'success' },
                    { label: 'Failed', values: buckets.map((b) => b.failed), color: 'error' },
                  ]}
                  formatValue={formatCount}
                  bucket={bucket}
                  height={CHART_HEIGHT}
                  markers={markers}
                />
              </Suspense>
            </LoadBoundary>
          )}
        </>
      )}
    </Paper>
  );
}
