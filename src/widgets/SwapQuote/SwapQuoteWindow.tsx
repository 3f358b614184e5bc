import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { WINDOW_TWO_PANEL_WIDTH } from '../../config/constants.ts';
import type { QuotePanelInit } from '../../domain/quote.ts';
import type { WindowContentProps } from '../FloatingWindows/types.ts';
import { useFloatingWindow } from '../FloatingWindows/windowContext.ts';
import { QuotePanel } from './QuotePanel.tsx';
import { shortWindow } from './panelLayout.ts';

/** §4 A Swap window's initial state: network, from/to addresses and amount, each optional. */
export const SwapWindowInit = z.object({
  network: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  amount: z.string().optional(),
});

/**
 * §2 Swap quote window content: one quote panel; Ctrl/Cmd-clicking an alternative-network icon
 * opens a second panel beside it (replacing an earlier second one) and widens the window to 650.
 */
export function SwapQuoteWindow({ initialState }: WindowContentProps) {
  const init = useMemo<QuotePanelInit>(() => {
    const parsed = SwapWindowInit.safeParse(initialState ?? {});
    return parsed.success ? parsed.data : {};
  }, [initialState]);
  const { requestWidth } = useFloatingWindow();
  const [beside, setBeside] = useState<{ key: number; init: QuotePanelInit } | null>(null);

  const openBeside = useCallback(
    (next: QuotePanelInit) => {
      setBeside((previous) => ({ key: (previous?.key ?? 0) + 1, init: next }));
      requestWidth(WINDOW_TWO_PANEL_WIDTH);
    },
    [requestWidth],
  );

  return (
    // As tall as the window body, so the panels fit it (see QuotePanel: one scroll area at a time).
    <Stack direction="row" spacing={1} sx={{ height: '100%', [shortWindow]: { height: 'auto', minHeight: '100%' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotePanel init={init} onOpenBeside={openBeside} label="Quote panel 1" />
      </Box>
      {beside && (
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <QuotePanel key={beside.key} init={beside.init} onOpenBeside={openBeside} label="Quote panel 2" onClose={() => setBeside(null)} />
        </Box>
      )}
    </Stack>
  );
}
