// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerControls } from '../../src/widgets/WorkerControls/WorkerControls.tsx';
import { brainState, fakeApi, live, renderWidget, resetLive } from './harness.tsx';

/** Opens the Worker actions dialog and presses one action with fake timers running (the caller steps time). */
async function pressWorkerAction(api: ReturnType<typeof fakeApi>, action: string) {
  renderWidget(<WorkerControls />, api);
  await live({ brainState: brainState() });
  fireEvent.click(screen.getByRole('button', { name: 'Worker actions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Worker actions' });
  vi.useFakeTimers();
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: action }));
  });
}

/** Lets the dialog's exit transition finish, back on real timers, and checks it is gone. */
async function expectDialogGone() {
  await act(async () => {
    vi.advanceTimersByTime(1000);
  });
  vi.useRealTimers();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Worker actions' })).toBeNull());
}

describe('§2/§4 worker controls', () => {
  beforeEach(resetLive);
  afterEach(() => vi.useRealTimers());

  it('§4 stopped: Start shown with the badge "stopped"; a click starts the workers', async () => {
    const api = fakeApi();
    renderWidget(<WorkerControls />, api);
    await live({ brainState: brainState({ workersRunning: false }), miscSettings: { sellOnly: false } });
    expect(screen.getByText('stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(api.startWorkers).toHaveBeenCalledTimes(1));
  });

  it('§4 Start and Stop are disabled during route search, which shows its progress', async () => {
    renderWidget(<WorkerControls />);
    await live({ brainState: brainState({ routeSearchRunning: true, routeSearchProgress: 42 }) });
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(screen.getByText('route search 42%')).toBeInTheDocument();
    await live({ brainState: brainState({ workersRunning: true, routeSearchRunning: true, routeSearchProgress: 43 }) });
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
  });

  it('§4 running: Stop and the badge "working"; a click stops the workers, like Start starts them', async () => {
    const api = fakeApi();
    renderWidget(<WorkerControls />, api);
    await live({ brainState: brainState({ workersRunning: true }) });
    expect(screen.getByText('working')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(api.stopWorkers).toHaveBeenCalledTimes(1));
  });

  it('§2 the badge reads working or stopped only: before the first brain state it reads stopped and Start waits', async () => {
    const api = fakeApi();
    renderWidget(<WorkerControls />, api);
    expect(screen.getByText('stopped')).toBeInTheDocument();
    expect(screen.queryByText('unknown')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  });

  it('§5 Sell Only does nothing while miscSettings.sellOnly is undefined, and toggles it otherwise', async () => {
    const api = fakeApi();
    renderWidget(<WorkerControls />, api);
    await live({ brainState: brainState(), miscSettings: {} });
    const toggle = screen.getByRole('switch', { name: 'Sell Only' });
    fireEvent.click(toggle);
    expect(api.setSellOnly).not.toHaveBeenCalled();
    await live({ miscSettings: { sellOnly: false } });
    fireEvent.click(screen.getByRole('switch', { name: 'Sell Only' }));
    await waitFor(() => expect(api.setSellOnly).toHaveBeenCalledWith(true));
    await live({ miscSettings: { sellOnly: true } });
    expect(screen.getByRole('switch', { name: 'Sell Only' })).toBeChecked();
  });

  it('§2 §7 each worker command is named apart from the others and says in a line what it does, with the command it sends', async () => {
    const api = fakeApi();
    renderWidget(<WorkerControls />, api);
    await live({ brainState: brainState() });
    fireEvent.click(screen.getByRole('button', { name: 'Worker actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Worker actions' });
    const commands = ['saveStats', 'newAnalyticsFile', 'saveStats2', 'newAnalyticsFile2', 'requestNewWorker', 'restartJupiter'];
    const buttons = commands.map((cmd) => within(dialog).getByRole('button', { description: new RegExp(`\\(${cmd}\\)\\.$`) }));
    const names = buttons.map((button) => button.textContent ?? '');
    // No name is another's with a number after it ("Save stats 2").
    expect(names.filter((name) => /\d$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(commands.length);
  });

  it('§2/§9 the Worker actions dialog sends a §7 worker command and closes 250 ms after it', async () => {
    const api = fakeApi();
    await pressWorkerAction(api, 'Save stats');
    expect(api.sendCommand).toHaveBeenCalledWith('worker', 'saveStats');
    await act(async () => {
      vi.advanceTimersByTime(249);
    });
    expect(screen.getByRole('dialog', { name: 'Worker actions' })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    // Closed at 250 ms.
    await expectDialogGone();
  });

  it('§2/§9 the 250 ms count from the action, not from the answer: a slow command still closes the dialog at 250 ms', async () => {
    const api = fakeApi();
    api.sendCommand.mockImplementation(() => new Promise<{ ok: boolean }>(() => undefined));
    await pressWorkerAction(api, 'New analytics file');
    expect(api.sendCommand).toHaveBeenCalledWith('worker', 'newAnalyticsFile');
    await act(async () => {
      vi.advanceTimersByTime(250);
    });
    // Closed at 250 ms with the command still unanswered.
    await expectDialogGone();
  });
});
