/**
 * /tx/trades/{tradeId}: one trade (GET /trades/{tradeId}) with its journey as a timeline, read again
 * as the trades move. Why it is stuck or failed is said first; from there an Admin has the §7
 * operations one click away, each opening /tx/new with the trade's fields filled in.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { mayUse } from '../../config/access.ts';
import { TRADES_PATH, TRADES_RESOURCE } from '../../config/trades.ts';
import { TradeJourneyDetail, type TradeStep } from '../../contract/trades.ts';
import { errorStatus } from '../../dataProvider/apiFetch.ts';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider.ts';
import { durationAgainstExpected, overByText } from '../../domain/durationText.ts';
import { errorText } from '../../ui/errors.ts';
import { useSubscribeToRecordList } from '../../kit/realtimeHooks.ts';
import { TimeText } from '../../ui/TimeText.tsx';
import { TimelineSlice } from '../../ui/TimelineSlice.tsx';
import { TIMELINE_SLICE_MARGIN_MS } from '../../config/timeline.ts';
import { useLive, selectNoTrades, type LiveState } from '../../realtime/index.ts';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import { Timeline } from './Timeline.tsx';
import { TradeOperations } from './TradeOperations.tsx';
import { operationLinks } from './tradeOperations.ts';
import { RouteText, StateChip, tradeAmount } from './columns.tsx';
import { formatUsdChange } from '../../domain/numberFormat.ts';
import { NoTrades } from './TradesList.tsx';
import { TITLE_ROW_CLEAR_OF_TOASTS } from '../../config/layers.ts';

/** The least time between two reads of the trade while the socket says trades are moving. */
const REREAD_MS = 1000;

/** "Bridge on Arbitrum" */
const stepName = (step: TradeStep | undefined) => (step ? `${step.txType} on ${step.network}` : 'an unknown step');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The time, each second: a pending step's duration grows between reads. */
function useSecondTick(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Reads the trade again on the trades' realtime events, at most every REREAD_MS. */
function useRereadOnChange(refetch: () => unknown) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useSubscribeToRecordList(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void refetch();
    }, Math.max(0, last.current + REREAD_MS - Date.now()));
  }, TRADES_RESOURCE);
}

export function TradeShow() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const api = useConsoleDataProvider();
  const { permissions } = usePermissions();
  const unavailable = useLive(selectNoTrades);
  const liveStuck = useLive((s: LiveState) => s.stuckTrades.get(id));
  const now = useSecondTick();
  const { data: trade, error, isPending, refetch, dataUpdatedAt } = useQuery({
    queryKey: ['trades', 'one', id],
    queryFn: async ({ signal }) => TradeJourneyDetail.parse((await api.getOne(TRADES_RESOURCE, { id, signal })).data),
    // A refusal or an unknown trade (4xx) will not change on retry; a network failure may.
    retry: (count, e) => count < 2 && !((errorStatus(e) ?? 500) < 500),
  });
  useRereadOnChange(refetch);

  if (unavailable) return <NoTrades />;

  const stuck = trade !== undefined && (trade.state === 'stuck' || (trade.state === 'running' && liveStuck !== undefined));
  const stuckStep = stuck ? (liveStuck?.step ?? trade.currentStep) : null;
  const troubled = trade && (stuck || trade.state === 'failed') ? trade.steps[stuckStep ?? trade.currentStep] : undefined;
  const sinceReadMs = Math.max(0, now - dataUpdatedAt);
  const stuckDuration = troubled && stuck ? troubled.durationMs + sinceReadMs : 0;
  const stuckExpected = troubled?.expectedMs ?? liveStuck?.expectedMs;
  // While a trade runs its later steps are not recorded yet: "of N" only once it has ended.
  const ended = trade !== undefined && !stuck && (trade.state === 'completed' || trade.state === 'failed');
  const position = trade ? ` ${(stuckStep ?? trade.currentStep) + 1}${ended ? ` of ${trade.steps.length}` : ''}` : '';
  const problem = !trade
    ? null
    : stuck
      ? `Stuck at step${position}, ${stepName(troubled)}: pending for ${durationAgainstExpected(stuckDuration, stuckExpected)}${
          overByText(stuckDuration, stuckExpected) ? `, ${overByText(stuckDuration, stuckExpected)}` : ''
        }.`
      : trade.state === 'failed'
        ? `Failed at step${position}, ${stepName(troubled)}${troubled?.errCode !== undefined ? `: error ${troubled.errCode}, ${tradeErrorMessage(troubled.errCode)}` : ''}.`
        : null;
  // Each operation opens /tx/new, so they are offered to the roles the access table lets open it (§6).
  const operations = trade && problem && mayUse('openTradeOperations', permissions) ? operationLinks(trade, troubled, problem) : [];

  return (
    // Actions stay on the left: the top-right corner is where toasts stack (§2), and the title
    // row's controls wrap before they reach it.
    <Stack component="article" spacing={1.5} aria-label={`Trade ${id}`} sx={{ py: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', ...TITLE_ROW_CLEAR_OF_TOASTS }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(TRADES_PATH)}>
          Trades
        </Button>
        <Typography variant="h6" component="h1" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          Trade {id}
        </Typography>
        {trade && <StateChip state={stuck ? 'stuck' : trade.state} />}
      </Stack>
      {isPending && <LinearProgress aria-label="Loading trade" />}
      {error && <Alert severity="error">Could not load trade {id}: {errorText(error)}</Alert>}
      {problem && (
        <Alert severity="error" variant={stuck ? 'filled' : 'outlined'} aria-label={stuck ? 'Why it is stuck' : 'Why it failed'}>
          {problem}
        </Alert>
      )}
      {operations.length > 0 && (
        <Box component="section" aria-label="Operations on this trade">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {operations.map((op) => (
              <Button key={op.op} component={RouterLink} to={op.href} variant="outlined" size="small" color={op.op === 'refund' ? 'error' : 'primary'}>
                {op.label}…
              </Button>
            ))}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            Each opens New transaction with this trade&apos;s fields filled in; nothing is sent until you confirm there.
          </Typography>
        </Box>
      )}
      {trade && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '140px 1fr', md: 'repeat(3, 120px minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.75, m: 0 }}
        >
          <Field label="Token">{trade.tokenName}</Field>
          <Field label="Route"><RouteText trade={trade} /></Field>
          <Field label="Current step">{ended ? `${trade.currentStep + 1} of ${trade.steps.length}` : `${trade.currentStep + 1} (of ${trade.steps.length} recorded so far)`}</Field>
          <Field label="Started"><TimeText ms={trade.startedAt} /></Field>
          <Field label="Last update"><TimeText ms={trade.updatedAt} /></Field>
          {/* In USD, as Performance and Analytics read it (docs/protocol.md "Stats"). */}
          <Field label="Expected profit">{formatUsdChange(trade.expectedProfit)}</Field>
          <Field label="Amount in">{tradeAmount(trade, 'in')}</Field>
          <Field label="Amount out">{tradeAmount(trade, 'out')}</Field>
          <Field label="Transactions">
            <RouterLink to={`/tx?${new URLSearchParams({ filter: JSON.stringify({ q: trade.tradeId }) }).toString()}`}>All txs of this trade</RouterLink>
          </Field>
        </Box>
      )}
      <TradeOperations operations={trade?.operations} />
      {trade && (
        <Box component="section" aria-labelledby="journey-heading">
          <Typography id="journey-heading" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            Journey
          </Typography>
          <Timeline
            tradeId={trade.tradeId}
            steps={trade.steps}
            ended={ended}
            currentStep={trade.currentStep}
            stuckStep={stuckStep}
            stuckExpectedMs={liveStuck?.expectedMs}
            sinceReadMs={sinceReadMs}
          />
        </Box>
      )}
      {trade && (
        <TimelineSlice
          title="Around this trade"
          from={trade.startedAt - TIMELINE_SLICE_MARGIN_MS}
          to={trade.updatedAt + TIMELINE_SLICE_MARGIN_MS}
        />
      )}
    </Stack>
  );
}
