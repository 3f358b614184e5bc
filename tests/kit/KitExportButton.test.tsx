// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CoreAdminContext, ListBase, memoryStore, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { EXPORT_ROWS_MAX } from '../../src/config/constants.ts';
import { KitExportButton } from '../../src/kit/KitExportButton.tsx';

/** A list of `total` rows, newest first; every getList it is asked is remembered. */
function listOf(total: number, answer?: (params: GetListParams) => Promise<void> | void) {
  const asked: GetListParams[] = [];
  const dataProvider = {
    getList: async (_resource: string, params: GetListParams) => {
      asked.push(params);
      await answer?.(params);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const start = (page - 1) * perPage;
      const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({ id: `tx${start + i}` }));
      return { data, total };
    },
  } as unknown as DataProvider;
  return { asked, dataProvider };
}

function renderExport(dataProvider: DataProvider, exported: RaRecord[][]) {
  return render(
    <CoreAdminContext dataProvider={dataProvider} store={memoryStore()}>
      <ListBase
        resource="tx"
        perPage={25}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filterDefaultValues={{ status: 'failed' }}
        disableSyncWithLocation
        exporter={(rows: RaRecord[]) => void exported.push(rows)}
      >
        <KitExportButton pageSize={500} recordLabel="transaction" />
      </ListBase>
    </CoreAdminContext>,
  );
}

/** The export's own reads: the list's first read is of 25. */
const exportPages = (asked: GetListParams[]) => asked.filter((p) => p.pagination?.perPage === 500);

describe('Exports (docs/guide.md "Exports"): the list\'s Export', () => {
  it('more rows than the cap: asked first; "Export the first 100,000" reads them in pages of 500 with the list\'s filter and sort, and hands the exporter each row once', async () => {
    const user = userEvent.setup();
    const { asked, dataProvider } = listOf(250_000);
    const exported: RaRecord[][] = [];
    renderExport(dataProvider, exported);
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const ask = await screen.findByRole('dialog', { name: 'Export the first 100,000 of 250,000 transactions?' });
    expect(exportPages(asked)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Export the first 100,000' }));
    await waitFor(() => expect(exported).toHaveLength(1), { timeout: 15_000 });
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    const rows = exported[0] ?? [];
    expect(rows).toHaveLength(EXPORT_ROWS_MAX);
    expect(new Set(rows.map((r) => r.id)).size).toBe(EXPORT_ROWS_MAX);
    const pages = exportPages(asked);
    expect(pages.map((p) => p.pagination?.page)).toEqual(Array.from({ length: EXPORT_ROWS_MAX / 500 }, (_, i) => i + 1));
    expect(pages.every((p) => p.filter.status === 'failed' && p.sort?.field === 'createdAt' && p.sort.order === 'DESC')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Escape in the progress dialog cancels: no further page is read, and nothing is exported', async () => {
    const user = userEvent.setup();
    let release = (): void => undefined;
    const { asked, dataProvider } = listOf(1204, (params) =>
      params.pagination?.page === 2 && params.pagination.perPage === 500 ? new Promise<void>((resolve) => (release = resolve)) : undefined,
    );
    const exported: RaRecord[][] = [];
    renderExport(dataProvider, exported);
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const progress = await screen.findByRole('dialog', { name: 'Exporting transactions' });
    await waitFor(() => expect(progress).toHaveTextContent('Exporting 500 of 1,204 transactions…'));
    expect(Number(screen.getByRole('progressbar', { name: 'Exporting transactions' }).getAttribute('aria-valuenow'))).toBeCloseTo((100 * 500) / 1204);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exportPages(asked).map((p) => p.pagination?.page)).toEqual([1, 2]);
    expect(exported).toEqual([]);
  });

  it('a page the server refuses: "The export stopped at 500 of 1,204 transactions: the server answered 503: …", nothing exported; Try again starts from the first page', async () => {
    const user = userEvent.setup();
    // react-admin's useDataProvider logs a refused call to the console (tests/setup.ts fails on any other).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    const { asked, dataProvider } = listOf(1204, (params) => {
      if (refuse && params.pagination?.page === 2 && params.pagination.perPage === 500) throw Object.assign(new Error('upstream unavailable'), { status: 503 });
    });
    const exported: RaRecord[][] = [];
    renderExport(dataProvider, exported);
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const stopped = await screen.findByRole('dialog', { name: 'The export stopped' });
    expect(stopped).toHaveTextContent('The export stopped at 500 of 1,204 transactions: the server answered 503: upstream unavailable. Nothing was downloaded.');
    expect(exported).toEqual([]);
    refuse = false;
    const before = exportPages(asked).length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toHaveLength(1204);
    expect(exportPages(asked).slice(before).map((p) => p.pagination?.page)).toEqual([1, 2, 3]);
  });
});
