/**
 * A trade's journey: one node per step, in the order its txs were sent, as an ordered list a screen
 * reader reads node by node. Each node: the network's icon, the tx type, its status in the tx status
 * colours, how long it took against what such steps take, its hash on the network's explorer and
 * its transaction page. The current step is highlighted; a stuck one is in the danger colour and says
 * how long it is over.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { explorerTxUrl } from '../../config/networks.ts';
import type { TradeStep } from '../../contract/trades.ts';
import { durationAgainstExpected, overByText } from '../../domain/durationText.ts';
import { shortHash } from '../../domain/shortHash.ts';
import { statusColor } from '../../domain/txStatus.ts';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import { NetworkIcon } from '../../ui/NetworkIcon.tsx';
import { shortId } from './tradeState.ts';

export interface TimelineProps {
  tradeId: string;
  steps: readonly TradeStep[];
  currentStep: number;
  /** The trade has ended (completed or failed): its steps are all there is. */
  ended: boolean;
  /** The step the trade is stuck at, if it is. */
  stuckStep: number | null;
  /** What the stuck step is expected to take when the step itself does not say (the tradeStuck event's). */
  stuckExpectedMs?: number;
  /** Time since the steps were read: a pending step has been pending that much longer. */
  sinceReadMs: number;
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

function StepNode({ step, index, count, of, current, stuck, expectedMs, sinceReadMs }: {
  step: TradeStep;
  index: number;
  count: number;
  /** The trade's number of steps, once it has ended; while it runs, later steps are not known yet. */
  of: number | null;
  current: boolean;
  stuck: boolean;
  expectedMs: number | undefined;
  sinceReadMs: number;
}) {
  const duration = step.status === 'pending' ? step.durationMs + sinceReadMs : step.durationMs;
  const over = stuck ? overByText(duration, expectedMs) : null;
  const colour = stuck ? 'error' : statusColor(step.status);
  const dot = colour === 'default' ? 'text.disabled' : `${colour}.main`;
  // A skipped step was never sent: it has no hash and no transaction to open, whatever the backend filled in.
  const notSent = step.status === 'skip';
  const explorer = step.hash && !notSent ? explorerTxUrl(step.network, step.hash) : null;
  const last = index === count - 1;
  return (
    <Box
      component="li"
      aria-current={current ? 'step' : undefined}
      data-step-status={stuck ? 'stuck' : step.status}
      sx={{ display: 'grid', gridTemplateColumns: '36px minmax(0, 1fr)', columnGap: 1.5 }}
    >
      {/* The node and the line to the next one. */}
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden="true">
        <Box
          sx={{
            width: 32, height: 32, borderRadius: '50%', border: 3, borderColor: dot, display: 'grid', placeItems: 'center',
            bgcolor: 'background.paper', boxShadow: current ? (t) => `0 0 0 3px ${t.palette.primary.main}` : undefined,
          }}
        >
          <NetworkIcon network={step.network} size={20} />
        </Box>
        {!last && <Box sx={{ flex: 1, width: 3, minHeight: 16, bgcolor: step.status === 'completed' ? 'success.main' : 'divider' }} />}
      </Box>
      <Box
        sx={{
          px: 1, py: 0.5, borderRadius: 1, mb: last ? 0 : 1.5,
          // A light tint (action.hover), so the chip, links and coloured text on it keep AA contrast
          // (action.selected brought the light theme's primary and warning text under 4.5:1).
          ...(current && { bgcolor: 'action.hover', boxShadow: (t) => `inset 3px 0 ${t.palette.primary.main}` }),
          ...(stuck && { outline: 2, outlineColor: 'error.main', outlineStyle: 'solid' }),
        }}
      >
        {/* Words with their spaces, so a screen reader reads the node as a sentence. */}
        <Typography component="div">
          <Typography component="span" variant="body2" color="text.secondary">
            Step {index + 1}
            {of === null ? '' : ` of ${of}`}:
          </Typography>{' '}
          <strong>{step.txType}</strong> on {step.network}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({step.side} side)
          </Typography>{' '}
          <Chip size="small" label={stuck ? 'stuck' : step.status} color={colour} variant={stuck ? 'filled' : 'outlined'} sx={{ height: 20 }} />
          {current && (
            <>
              {' '}
              <Typography component="span" variant="body2" color="primary" sx={{ fontWeight: 700 }}>
                current step
              </Typography>
            </>
          )}
        </Typography>
        <Typography variant="body2" color={stuck ? 'error' : 'text.primary'} sx={{ fontWeight: stuck ? 700 : 400 }}>
          {step.status === 'created' || step.status === 'skip'
            ? step.status === 'skip' ? 'Not sent: an earlier step failed' : 'Not sent yet'
            : `${step.status === 'pending' ? 'Pending for ' : 'Took '}${durationAgainstExpected(duration, step.expectedMs ?? expectedMs)}`}
          {over && `, ${over}`}
          {step.expectedMs === undefined && expectedMs === undefined && step.status !== 'created' && step.status !== 'skip' && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' '}(no such step has completed yet to compare with)
            </Box>
          )}
        </Typography>
        {step.errCode !== undefined && (
          <Typography variant="body2" color="error">
            Error {step.errCode}: {tradeErrorMessage(step.errCode)}
          </Typography>
        )}
        {notSent ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, typography: 'body2' }}>
          {explorer && step.hash ? (
            <Link href={explorer} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 24 }} aria-label={`Tx ${shortHash(step.hash)} on ${hostOf(explorer)} (opens a new tab)`}>
              <span style={{ fontFamily: 'monospace' }}>{shortHash(step.hash)}</span> on {hostOf(explorer)}
            </Link>
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {step.hash ? <span style={{ fontFamily: 'monospace' }}>{shortHash(step.hash)}</span> : 'No hash yet'}
            </Typography>
          )}
          <Link component={RouterLink} to={`/tx/${encodeURIComponent(step.txId)}`} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }} aria-label={`Transaction page of step ${index + 1} (${shortId(step.txId)})`}>
            Transaction page
          </Link>
        </Box>
        )}
      </Box>
    </Box>
  );
}

export function Timeline({ tradeId, steps, ended, currentStep, stuckStep, stuckExpectedMs, sinceReadMs }: TimelineProps) {
  if (steps.length === 0) return <Typography color="text.secondary">No steps recorded for this trade yet.</Typography>;
  return (
    <Box component="ol" aria-label={`Journey of trade ${tradeId}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {steps.map((step, index) => (
        <StepNode
          key={`${step.txId}:${index}`}
          step={step}
          index={index}
          count={steps.length}
          of={ended ? steps.length : null}
          current={index === currentStep}
          stuck={index === stuckStep}
          expectedMs={index === stuckStep ? (step.expectedMs ?? stuckExpectedMs) : undefined}
          sinceReadMs={sinceReadMs}
        />
      ))}
    </Box>
  );
}
