import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { QUOTE_STALE_BLOCKS, QUOTE_TIMER_REFRESH_MS } from '../../config/constants.ts';
import {
  MALFORMED_QUOTE_MESSAGE, besideInit, chooseToken, formatRoutes, initialPanelState, quoteAge, quoteInput, swapSides, tokenNetworks,
  type QuotePanelInit, type QuotePanelState, type Side,
} from '../../domain/quote.ts';
import type { TokenEntry } from '../../domain/tokenSearch.ts';
import { useFloatingWindow, useWindowOverlay } from '../FloatingWindows/windowContext.ts';
import { useNow } from '../../ui/useNow.ts';
import { useLive } from '../../realtime/index.ts';
import { shortWindow } from './panelLayout.ts';
import { RouteList } from './RouteList.tsx';
import { TokenBox } from './TokenBox.tsx';
import { TokenPicker } from './TokenPicker.tsx';
import { useTokenList } from './useTokenList.ts';
import { usePanelQuote } from './useQuote.ts';
import { formatSeconds } from '../../domain/numberFormat.ts';

/** Typing in the amount waits this long before quoting, so a quote is not fetched per keystroke. */
export const AMOUNT_SETTLE_MS = 250;

export interface QuotePanelProps {
  init: QuotePanelInit;
  /** §2 Ctrl/Cmd-click on an alternative-network icon: open a panel beside this one. */
  onOpenBeside: (init: QuotePanelInit) => void;
  /** Names the panel for assistive technology ("Quote panel 1"). */
  label: string;
  /** Present on the second panel: closes it. */
  onClose?: () => void;
}

/** §2/§4/§5/§8 One swap quote panel. Quote only: nothing here sends a transaction. */
export function QuotePanel({ init, onOpenBeside, label, onClose }: QuotePanelProps) {
  const tokenList = useTokenList();
  const { entries } = tokenList;
  const { visible } = useFloatingWindow();
  const [state, setState] = useState<QuotePanelState>(() => initialPanelState(entries, init));
  const [picker, setPicker] = useState<Side | null>(null);
  const overlayHost = useWindowOverlay(picker !== null);

  // The amount the quote uses: follows typing after a pause, other changes at once.
  const [settledAmount, setSettledAmount] = useState(state.amount);
  useEffect(() => {
    if (state.amount === settledAmount) return;
    const timer = setTimeout(() => setSettledAmount(state.amount), AMOUNT_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [state.amount, settledAmount]);

  const input = quoteInput(state);
  const settled = useMemo(() => quoteInput({ from: state.from, to: state.to, amount: settledAmount }), [state.from, state.to, settledAmount]);
  const query = settled.ok ? settled.query : null;
  const quote = usePanelQuote(query, [state.from, state.to], visible);

  const network = state.from?.network_name ?? null;

  const outcome = input.ok ? quote.outcome : null;
  // The quote's block against the head this console has seen for its network (§2: a quote shows how old its market is).
  const head = useLive((live) => (network === null ? undefined : live.newHeads[network]?.num));
  const age = outcome?.kind === 'quote' ? quoteAge(outcome.block, head, QUOTE_STALE_BLOCKS) : null;
  const staleQuote = age?.stale === true;
  const routes = useMemo(
    () =>
      outcome?.kind === 'quote' && state.to && network !== null
        ? formatRoutes(outcome.routes, { network, toDecimals: state.to.decimals, stale: staleQuote })
        : null,
    [outcome, state.to, network, staleQuote],
  );
  const message = !input.ok
    ? input.message
    : outcome?.kind === 'error'
      ? outcome.message
      : outcome?.kind === 'quote' && routes === null
        ? MALFORMED_QUOTE_MESSAGE
        : null;
  // Routes of an earlier amount (typed but not yet quoted, or quoted but not yet answered) stay in
  // view, dimmed; their output is never shown as this amount's, nor copied by the swap button.
  const stale = quote.isPlaceholder || state.amount !== settledAmount;
  const best = stale ? null : (routes?.[0] ?? null);

  const choose = (side: Side, token: TokenEntry) => setState((s) => chooseToken(s, side, token, entries));
  const onAlternative = (side: Side) => (token: TokenEntry, event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey) onOpenBeside(besideInit(entries, state, side, token));
    // The chosen network's own icon changes nothing (choosing it again would reset the other side).
    else if (token.network_name !== state[side]?.network_name) choose(side, token);
  };
  const onSwap = () => {
    const next = swapSides(state, best?.amountOut ?? null);
    setState(next);
    setSettledAmount(next.amount);
  };

  return (
    <Box
      role="region"
      aria-label={label}
      sx={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 1, height: '100%', [shortWindow]: { height: 'auto', minHeight: '100%' } }}
    >
      {onClose && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <IconButton size="small" aria-label={`Close ${label}`} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
      <TokenBox
        side="from"
        token={state.from}
        networks={tokenNetworks(entries, state.from)}
        onOpenPicker={() => setPicker('from')}
        onAlternative={onAlternative('from')}
      >
        <TextField
          label="Amount"
          size="small"
          fullWidth
          value={state.amount}
          onChange={(event) => {
            const amount = event.target.value;
            setState((s) => ({ ...s, amount }));
          }}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
        />
      </TokenBox>
      {/* Into the boxes' padding, not their content: the route list has the room instead. */}
      <Box sx={{ display: 'flex', justifyContent: 'center', my: -1 }}>
        <IconButton size="small" aria-label="Swap direction" onClick={onSwap} sx={{ p: '3px', border: 1, borderColor: 'divider', bgcolor: 'background.paper', zIndex: 1, '&:hover': { bgcolor: 'background.paper' } }}>
          <SwapVertIcon fontSize="small" />
        </IconButton>
      </Box>
      <TokenBox
        side="to"
        token={state.to}
        networks={tokenNetworks(entries, state.to)}
        onOpenPicker={() => setPicker('to')}
        onAlternative={onAlternative('to')}
      >
        <TextField
          label="Amount out"
          size="small"
          fullWidth
          value={best?.amountOutText ?? ''}
          placeholder={stale && routes !== null ? 'quoting…' : undefined}
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: stale && routes !== null ? { shrink: true } : undefined }}
        />
      </TokenBox>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', position: 'relative' }}>
        <Button size="small" startIcon={<RefreshIcon />} onClick={quote.refresh} disabled={!input.ok} aria-label="Refresh quote">
          Refresh
        </Button>
        <QuoteTimer since={quote.lastSuccessAt} />
        {outcome?.kind === 'quote' && typeof outcome.block === 'number' && (
          <Typography variant="caption" color={age?.stale ? 'warning.main' : 'text.secondary'} sx={age?.stale ? { fontWeight: 700 } : undefined}>
            block {outcome.block}
            {age ? ` · ${age.text}` : ''}
          </Typography>
        )}
        {/* Along the row's bottom edge rather than a line of its own. */}
        <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, bottom: -4, height: 2, visibility: quote.isFetching ? 'visible' : 'hidden' }} aria-hidden />
      </Stack>
      {message !== null && (
        <Alert severity={input.ok ? 'error' : 'warning'} role="alert" sx={{ py: 0 }}>
          {message}
        </Alert>
      )}
      {routes !== null && message === null && (
        routes.length > 0 ? (
          <RouteList routes={routes} toSymbol={state.to?.tokenName ?? ''} stale={stale} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No routes
          </Typography>
        )
      )}
      {picker !== null && (
        <TokenPicker
          host={overlayHost}
          index={tokenList.index}
          onCancel={() => setPicker(null)}
          onPick={(token) => {
            choose(picker, token);
            setPicker(null);
          }}
        />
      )}
    </Box>
  );
}

/** §2 Seconds since the last successful fetch, refreshed every 300 ms. */
function QuoteTimer({ since }: { since: number | null }) {
  const now = useNow(QUOTE_TIMER_REFRESH_MS);
  const ms = since === null ? null : Math.max(0, now - since);
  return (
    <Typography variant="caption" color="text.secondary" title="Seconds since the last successful quote" data-testid="quote-timer">
      {ms === null ? 'no quote yet' : `${formatSeconds(ms)} ago`}
    </Typography>
  );
}
