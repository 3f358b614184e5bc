/** The history popup of one row (Buy, Sell, Other): list rows leave the history out, so it is fetched (GET /txs/{id}). */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HistoryIcon from '@mui/icons-material/History';
import { useNotify, type RaRecord } from 'react-admin';
import { TxHistoryDialog } from '../../ui/dialogs/TxHistoryDialog.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { historyOf } from './txFilter.ts';

const NO_HISTORY: Record<string, unknown> = {};

export function TxHistoryButton({ record }: { record: RaRecord }) {
  const api = useConsoleDataProvider();
  const notify = useNotify();
  const [history, setHistory] = useState<Record<string, unknown> | null>(null);
  const id = String(record.id);
  const open = async () => {
    let found = historyOf(record);
    if (!found) {
      try {
        found = historyOf(await api.getTx(id));
      } catch (e) {
        notify(`Could not load transaction ${id}: ${errorText(e)}`, { type: 'error' });
        return;
      }
    }
    setHistory(found ?? {});
  };
  return (
    <>
      <Tooltip title="History (Buy, Sell, Other)">
        <IconButton
          size="small"
          aria-label={`History of ${id}`}
          onClick={(e) => {
            // The row itself opens the transaction page.
            e.stopPropagation();
            void open();
          }}
        >
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {/* Clicks in the popup bubble through React's tree to the row, which would open the page. */}
      <span onClick={(e) => e.stopPropagation()}>
        <TxHistoryDialog open={history !== null} title={`History of ${id}`} history={history ?? NO_HISTORY} network={String(record.network ?? '')} tokenName={typeof record.tokenName === 'string' ? record.tokenName : undefined} onClose={() => setHistory(null)} />
      </span>
    </>
  );
}
