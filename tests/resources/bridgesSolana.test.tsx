// @vitest-environment jsdom
/** The Solana bridge configuration screens: the bridges resource's show view, /settings/bridges/:bridgeName/show/... (§7, §9). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SOLANA_IMPORT_TIMEOUT_MS } from '../../src/config/constants.ts';
import { ApiError, type ApiFetch } from '../../src/dataProvider/apiFetch.ts';
import { UnexpectedAnswerError } from '../../src/dataProvider/checked.ts';
import { createDataProvider } from '../../src/dataProvider/createDataProvider.ts';
import { checkEntry, csvLine, csvRowCount, rejectedCsv } from '../../src/domain/solanaRules.ts';
import { expectLoggedErrors, live, resetLive } from './harness.tsx';
import { allowKnownReactAdminWarnings, fakeApi, renderBridgesAt, stopBridges } from './sharedFakes.tsx';

const USDC_SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDC_ETH = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const entry = (token: string, data: Record<string, { address: string; decimals: number }>) => ({ x: 'portal', token, data, createdAt: 1, updatedAt: 1 });
const USDC = entry('USDC', { Solana: { address: USDC_SOL, decimals: 6 }, Ethereum: { address: USDC_ETH, decimals: 6 } });

beforeEach(async () => {
  allowKnownReactAdminWarnings();
  await live({ initialised: true, bridges: { portal: { bridgeName: 'portal', kind: 'Portal', version: 1, networks: ['Ethereum', 'Solana'] } } });
});
afterEach(async () => {
  await stopBridges();
  await resetLive();
});

describe('§7 Solana bridge config rules', () => {
  it('§3 rows are checked by the contract: address per network, known network once, whole decimals', () => {
    const ok = checkEntry('USDC', [
      { network: 'Solana', address: USDC_SOL, decimals: '6', extra: {} },
      { network: 'Ethereum', address: USDC_ETH.toUpperCase().replace('0X', '0x'), decimals: '6', extra: { note: 'kept' } },
    ]);
    expect(ok.data).toEqual({ Solana: { address: USDC_SOL, decimals: 6 }, Ethereum: { address: USDC_ETH, decimals: 6, note: 'kept' } });

    const bad = checkEntry('', [
      { network: 'Solana', address: '0x1234', decimals: '6', extra: {} },
      { network: 'Solana', address: USDC_SOL, decimals: '6', extra: {} },
      { network: 'Base', address: USDC_ETH, decimals: 'six', extra: {} },
      { network: '', address: '', decimals: '', extra: {} },
    ]);
    expect(bad.data).toBeNull();
    expect(bad.tokenProblem).toBe('required');
    expect(bad.rows[0]?.address).toBe('must be a base58 Solana address');
    expect(bad.rows[1]?.network).toBe('already on row 1');
    expect(bad.rows[2]?.decimals).toBeDefined();
    expect(bad.rows[3]?.network).toBe('required');
    expect(checkEntry('USDC', []).other).not.toBeNull();
  });

  it('the import report quotes the rejected lines by number (the header is line 1)', () => {
    const csv = 'token,network,address,decimals\r\nA,Solana,x,6\n\nB,Base,y,18\n';
    expect(csvRowCount(csv)).toBe(2);
    expect(csvLine(csv, 2)).toBe('A,Solana,x,6');
    expect(csvLine(csv, 4)).toBe('B,Base,y,18');
    expect(rejectedCsv(csv, [4])).toBe('token,network,address,decimals\nB,Base,y,18');
  });

  it('§9 the import call is the one allowed 10 min instead of 10 s', async () => {
    const fetchApi = vi.fn(async () => ({ imported: 0, tokens: 0, errors: [] }));
    await createDataProvider({ apiFetch: fetchApi as unknown as ApiFetch, httpClient: () => Promise.reject(new Error('no CRUD call in this test')) }).solanaImport('portal', 'token,network,address,decimals\n');
    expect(fetchApi).toHaveBeenCalledWith('/solana-bridge/portal/import', expect.objectContaining({ method: 'POST', body: { csv: 'token,network,address,decimals\n' }, timeoutMs: SOLANA_IMPORT_TIMEOUT_MS }));
    expect(SOLANA_IMPORT_TIMEOUT_MS).toBe(10 * 60 * 1000);
  });
});

describe('/settings/bridges/:bridgeName/show', () => {
  it('§7 the bridge list opens a bridge’s Solana config; entries list each token’s networks; find asks the server', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.solanaList.mockResolvedValue({ data: [USDC], total: 1 });
    api.solanaFind.mockResolvedValue({ data: [], total: 0 });
    const { router } = renderBridgesAt('/settings/bridges', api);
    await user.click(await screen.findByRole('link', { name: 'Solana config of portal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/bridges/portal/show'));
    const table = await screen.findByRole('table', { name: 'Solana config of portal' });
    expect(await within(table).findByRole('row', { name: 'USDC on Solana' })).toHaveTextContent(USDC_SOL);
    expect(api.solanaList).toHaveBeenCalledWith('portal', { page: 1, perPage: 25 });
    expect(within(table).getByRole('row', { name: 'USDC on Ethereum' })).toHaveTextContent(USDC_ETH);
    expect(screen.getByText('1 token')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Find token or address' }), 'EPjF');
    await waitFor(() => expect(api.solanaFind).toHaveBeenCalledWith('portal', 'EPjF'));
    expect(api.solanaFind).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Nothing matches “EPjF”.')).toBeInTheDocument();
  });

  it('§7 removing one network and deleting a token each ask first, then call DELETE and re-read', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.solanaList.mockResolvedValue({ data: [USDC], total: 1 });
    renderBridgesAt('/settings/bridges/portal/show', api);
    await user.click(await screen.findByRole('button', { name: 'Remove Ethereum from USDC' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Remove Ethereum from USDC in the Solana config of portal? The token\'s other networks stay.');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.solanaDeleteNetwork).toHaveBeenCalledWith('portal', 'USDC', 'Ethereum'));
    await waitFor(() => expect(api.solanaList).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete USDC' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(api.solanaDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete USDC' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.solanaDelete).toHaveBeenCalledWith('portal', 'USDC'));
  });

  it('§7 a new entry POSTs {token, data} once valid; a refused save keeps every row and says why', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.solanaList.mockResolvedValue({ data: [], total: 0 });
    api.solanaCreate.mockRejectedValueOnce(new ApiError(409, 'token USDC already exists'));
    const logged = expectLoggedErrors();
    const { router } = renderBridgesAt('/settings/bridges/portal/show', api);
    await user.click(await screen.findByRole('button', { name: 'New entry' }));
    expect(router.state.location.pathname).toBe('/settings/bridges/portal/show/_new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.solanaCreate).not.toHaveBeenCalled();
    expect(screen.getAllByText('required').length).toBeGreaterThan(0);

    await user.type(screen.getByRole('textbox', { name: 'Token' }), 'USDC');
    await user.click(screen.getByRole('combobox', { name: 'Network 1' }));
    await user.click(screen.getByRole('option', { name: 'Solana' }));
    await user.type(screen.getByRole('textbox', { name: 'Address 1' }), '0xnot-solana');
    await user.type(screen.getByRole('textbox', { name: 'Decimals 1' }), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('must be a base58 Solana address')).toBeInTheDocument();
    expect(api.solanaCreate).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: 'Address 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Address 1' }), USDC_SOL);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.solanaCreate).toHaveBeenCalledWith('portal', { token: 'USDC', data: { Solana: { address: USDC_SOL, decimals: 6 } } }));
    expect(await screen.findByText('Save failed: token USDC already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address 1' })).toHaveValue(USDC_SOL);
    expect(router.state.location.pathname).toBe('/settings/bridges/portal/show/_new');
    logged.mockRestore();
  });

  it('§7 editing reads GET .../{token} and PUTs {data} with the rows as edited', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.solanaGet.mockResolvedValue(USDC);
    api.solanaList.mockResolvedValue({ data: [USDC], total: 1 });
    const { router } = renderBridgesAt('/settings/bridges/portal/show/USDC', api);
    expect(await screen.findByRole('textbox', { name: 'Address 2' })).toHaveValue(USDC_ETH);
    expect(api.solanaGet).toHaveBeenCalledWith('portal', 'USDC');
    expect(screen.getByRole('textbox', { name: 'Token' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove network row 2' }));
    await user.clear(screen.getByRole('textbox', { name: 'Decimals 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Decimals 1' }), '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.solanaUpdate).toHaveBeenCalledWith('portal', 'USDC', { data: { Solana: { address: USDC_SOL, decimals: 9 } } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/bridges/portal/show'));
  });

  it('a bridge name the Solana calls cannot carry is explained, not sent', async () => {
    // Another backend's bridge with a space in its name: not a record name, so not an x either.
    await live({ bridges: { 'a b': { bridgeName: 'a b', kind: 'Portal', version: 1 } } });
    const api = fakeApi();
    renderBridgesAt('/settings/bridges/a%20b/show', api);
    expect(await screen.findByText(/needs a bridge name of letters, digits and \$ \. _ \+ - only/)).toBeInTheDocument();
    expect(api.solanaList).not.toHaveBeenCalled();
  });
});

describe('§7 §9 CSV import', () => {
  const CSV = ['token,network,address,decimals', `USDC,Solana,${USDC_SOL},6`, 'WIF,Solana,0x1234,6', 'too,few'].join('\n');

  async function openImport() {
    const user = userEvent.setup();
    const api = fakeApi();
    api.solanaList.mockResolvedValue({ data: [], total: 0 });
    renderBridgesAt('/settings/bridges/portal/show', api);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const editor = screen.getByRole('textbox', { name: 'CSV' });
    fireEvent.change(editor, { target: { value: CSV } });
    return { user, api, editor };
  }

  it('confirms the row count, shows progress while the server works, then reports each rejected row with its line, text and reason', async () => {
    const { user, api, editor } = await openImport();
    expect(screen.getByText('3 data rows')).toBeInTheDocument();
    let answer: (value: unknown) => void = () => undefined;
    api.solanaImport.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Import 3 rows into the Solana config of portal?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    const progress = await screen.findByRole('status', { name: 'Import progress' });
    expect(progress).toHaveTextContent('Importing 3 rows into portal…');
    expect(within(progress).getByRole('progressbar')).toBeInTheDocument();
    expect(editor).toBeDisabled();
    expect(api.solanaImport).toHaveBeenCalledWith('portal', CSV, expect.any(AbortSignal));

    answer({ imported: 1, tokens: 1, errors: [{ row: 3, message: 'address: must be a base58 Solana address' }, { row: 4, message: 'expected 4 columns, got 2' }] });
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(screen.queryByRole('status', { name: 'Import progress' })).toBeNull();
    expect(report).toHaveTextContent('Imported 1 rows into 1 tokens of portal. 2 rows were rejected');
    const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
    const lines = within(rejected).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(lines).toEqual(['3WIF,Solana,0x1234,6address: must be a base58 Solana address', '4too,fewexpected 4 columns, got 2']);
    expect(editor).toHaveValue(CSV);

    await user.click(within(report).getByRole('button', { name: 'Keep only the rejected rows in the editor' }));
    expect(editor).toHaveValue('token,network,address,decimals\nWIF,Solana,0x1234,6\ntoo,few');
  });

  it('§9 no answer within 10 min says the import may still finish; an answer without a report says it was taken', async () => {
    const { user, api, editor } = await openImport();
    const logged = expectLoggedErrors();
    api.solanaImport.mockRejectedValueOnce(new ApiError(0, 'request timed out after 600 s'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No answer: request timed out after 600 s. The server may still finish the import: look at the entries in a moment.')).toBeInTheDocument();
    expect(screen.queryByText(/nothing was imported/)).toBeNull();
    expect(editor).toHaveValue(CSV);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    api.solanaImport.mockRejectedValueOnce(new UnexpectedAnswerError('POST /solana-bridge/{x}/import', 'errors: expected array'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/The server took the import but sent no report of it/)).toBeInTheDocument();
    logged.mockRestore();
  });

  it('a refused import (400) or an empty editor loses nothing typed and imports nothing', async () => {
    const { user, api, editor } = await openImport();
    const logged = expectLoggedErrors();
    api.solanaImport.mockRejectedValueOnce(new ApiError(400, 'invalid request', [{ field: 'csv', message: 'the first line must name the columns token,network,address,decimals' }]));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Import failed, nothing was imported: invalid request \(csv: the first line must name the columns/)).toBeInTheDocument();
    expect(editor).toHaveValue(CSV);
    expect(editor).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.change(editor, { target: { value: '  ' } });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('paste or load a CSV first')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.solanaImport).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('Stop waiting aborts the request and says the server may still finish', async () => {
    const { user, api, editor } = await openImport();
    api.solanaImport.mockImplementationOnce(
      (_x: string, _csv: string, signal: AbortSignal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Stop waiting' }));
    expect(await screen.findByText(/Stopped waiting. The server may still finish the import/)).toBeInTheDocument();
    expect(editor).toHaveValue(CSV);
  });
});
