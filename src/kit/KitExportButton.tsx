/**
 * A list's Export (docs/guide.md "Exports"): every row the list's filter and sort match, read in
 * pages of the server's largest (domain/exportPages.ts) while a dialog says how far it is, with
 * Cancel, then written as one CSV by the list's exporter. Above EXPORT_ROWS_MAX it asks first. A
 * page the server refuses stops the export and says why; nothing is downloaded, the list is left as
 * it was. One request for every row would be refused by the server (a list answers at most
 * LIST_MAX_PER_PAGE rows), and a CSV of only the first page is not what the list shows.
 */
import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import DownloadIcon from '@mui/icons-material/GetApp';
import { fetchRelatedRecords, useDataProvider, useListContext, type RaRecord } from 'react-admin';
import { EXPORT_ROWS_MAX } from '../config/constants.ts';
import { LIST_MAX_PER_PAGE } from '../contract/index.ts';
import { readExportPages } from '../domain/exportPages.ts';
import { formatCount } from '../domain/numberFormat.ts';
import { errorStatus } from '../dataProvider/apiFetch.ts';
import { errorText } from '../ui/errors.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'reading'; done: number; total: number }
  | { kind: 'failed'; done: number; total: number; error: unknown };

/** What failed, in words: the status the server answered, then its reason. */
function failure(error: unknown): string {
  const status = errorStatus(error);
  return status !== undefined && status > 0 ? `the server answered ${status}: ${errorText(error)}` : errorText(error);
}

export function KitExportButton({ pageSize = LIST_MAX_PER_PAGE, recordLabel }: { pageSize?: number; recordLabel: string }) {
  const { total, filter, filterValues, sort, resource, exporter } = useListContext();
  const dataProvider = useDataProvider();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  // A list left mid-export reads no further page and downloads nothing.
  useEffect(() => () => running.current?.abort(), []);

  const start = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    // The filter and sort as they are now: a list changed behind the dialog does not change the file.
    const query = { sort, filter: filter ? { ...filterValues, ...filter } : filterValues, signal: controller.signal };
    let progress = { done: 0, total: Math.min(total ?? 0, EXPORT_ROWS_MAX) };
    setStep({ kind: 'reading', ...progress });
    const write = async () => {
      const rows = await readExportPages<RaRecord>({
        fetchPage: (page, perPage) => dataProvider.getList(resource, { ...query, pagination: { page, perPage } }),
        pageSize,
        maxRows: EXPORT_ROWS_MAX,
        signal: controller.signal,
        onProgress: (done, of) => {
          progress = { done, total: of };
          setStep({ kind: 'reading', ...progress });
        },
      });
      if (exporter) await exporter(rows, fetchRelatedRecords(dataProvider), dataProvider, resource);
    };
    write().then(
      () => !controller.signal.aborted && setStep({ kind: 'idle' }),
      (error: unknown) => !controller.signal.aborted && setStep({ kind: 'failed', ...progress, error }),
    );
  };
  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setStep({ kind: 'idle' });
  };

  const label = `${recordLabel}s`;
  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} disabled={total === 0} onClick={() => (total !== undefined && total > EXPORT_ROWS_MAX ? setStep({ kind: 'asking' }) : start())}>
        Export
      </Button>
      <Dialog open={step.kind === 'asking'} onClose={cancel} aria-labelledby="kit-export-limit-title">
        <DialogTitle id="kit-export-limit-title">
          Export the first {formatCount(EXPORT_ROWS_MAX)} of {formatCount(total ?? 0)} {label}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            An export holds at most {formatCount(EXPORT_ROWS_MAX)} rows, in the list&apos;s order. To export every one, narrow the filters (a shorter time range,
            a status, a network) until {formatCount(EXPORT_ROWS_MAX)} or fewer match.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>Narrow the filters</Button>
          <Button onClick={start}>Export the first {formatCount(EXPORT_ROWS_MAX)}</Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={step.kind === 'reading'}
        // Escape cancels as Cancel does; a click beside the dialog does not throw the pages read away.
        onClose={(_event, reason) => reason === 'escapeKeyDown' && cancel()}
        aria-labelledby="kit-export-progress-title"
        aria-describedby="kit-export-progress-text"
      >
        <DialogTitle id="kit-export-progress-title">Exporting {label}</DialogTitle>
        {step.kind === 'reading' && (
          // On a phone the dialog takes the width there is: 360 px of content overflowed it at 390.
          <DialogContent sx={{ minWidth: { sm: 360 } }}>
            <DialogContentText id="kit-export-progress-text" sx={{ mb: 2 }}>
              Exporting {formatCount(step.done)} of {formatCount(step.total)} {label}…
            </DialogContentText>
            <LinearProgress
              variant="determinate"
              value={step.total > 0 ? (100 * step.done) / step.total : 0}
              aria-labelledby="kit-export-progress-title"
              aria-valuetext={`${formatCount(step.done)} of ${formatCount(step.total)}`}
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={cancel}>Cancel</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={step.kind === 'failed'} onClose={cancel} aria-labelledby="kit-export-failed-title" aria-describedby="kit-export-failed-text">
        <DialogTitle id="kit-export-failed-title">The export stopped</DialogTitle>
        {step.kind === 'failed' && (
          <DialogContent>
            <DialogContentText id="kit-export-failed-text">
              The export stopped at {formatCount(step.done)} of {formatCount(step.total)} {label}: {failure(step.error)}. Nothing was downloaded.
            </DialogContentText>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={cancel}>Close</Button>
          <Button onClick={start}>Try again</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
