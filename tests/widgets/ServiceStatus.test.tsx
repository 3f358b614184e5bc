// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceStatus } from '../../src/widgets/ServiceStatus/ServiceStatus.tsx';
import { SERVICES } from '../../src/config/enums.ts';
import { brainState, fakeApi, live, renderWidget, resetLive } from './harness.tsx';

const healthOf = (service: string) =>
  screen.getByRole('button', { name: new RegExp(`^Restart ${service} service`) }).getAttribute('data-health');

describe('§2/§4 service status buttons', () => {
  beforeEach(resetLive);

  it('has one named button per service', async () => {
    renderWidget(<ServiceStatus />);
    await live({ brainState: brainState(), connectedServices: { numConnected: 8, numExpected: 8 } });
    for (const service of SERVICES) expect(healthOf(service)).toBe('success');
  });

  it('§4 danger when connected is below expected; warning when any peer count is 0', async () => {
    renderWidget(<ServiceStatus />);
    await live({ brainState: brainState(), connectedServices: { numConnected: 7, numExpected: 8 } });
    expect(healthOf('brain')).toBe('danger');
    await live({ brainState: brainState({ zmqPeerStatus: { zmqA: 0 } }) });
    expect(healthOf('brain')).toBe('warning');
    expect(screen.getByRole('button', { name: 'zmqA:0, restart zmq peer zmqA (0 connected)' })).toBeInTheDocument();
  });

  it('§7 restarts a service, and scaling-restarts transactions as deployment tx-core, after one confirmation', async () => {
    const api = fakeApi();
    renderWidget(<ServiceStatus />, api);
    await live({ brainState: brainState(), connectedServices: { numConnected: 8, numExpected: 8 } });
    fireEvent.click(screen.getByRole('button', { name: /^Restart transactions service/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart transactions' });
    expect(within(dialog).getByText(/Deployment tx-core in namespace core/)).toBeInTheDocument();
    expect(api.restartServiceScaling).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scaling restart' }));
    // The restart dialog was the question: no second Yes/No is stacked on it.
    await waitFor(() => expect(api.restartServiceScaling).toHaveBeenCalledWith('transactions'));
    expect(screen.queryByRole('dialog', { name: 'Scaling restart of transactions?' })).toBeNull();
    expect(screen.queryAllByRole('dialog').length).toBeLessThanOrEqual(1);
    expect(api.restartService).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restart transactions' })).toBeNull());
  });

  it('§7 a plain restart is sent from the restart dialog, asked once', async () => {
    const api = fakeApi();
    renderWidget(<ServiceStatus />, api);
    await live({ brainState: brainState(), connectedServices: { numConnected: 8, numExpected: 8 } });
    fireEvent.click(screen.getByRole('button', { name: /^Restart brain service/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart brain' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(api.restartService).toHaveBeenCalledWith('brain'));
    expect(screen.queryByRole('dialog', { name: 'Restart brain?' })).toBeNull();
    expect(api.restartServiceScaling).not.toHaveBeenCalled();
  });

  it('§7 restarts a transaction peer after confirmation', async () => {
    const api = fakeApi();
    renderWidget(<ServiceStatus />, api);
    await live({ brainState: brainState(), connectedServices: { numConnected: 8, numExpected: 8 } });
    fireEvent.click(screen.getByRole('button', { name: 'peerA:2, restart tx peer peerA (2 connected)' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Restart peer peerA?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.restartPeer).toHaveBeenCalledWith('peerA'));
  });

  it('§2/§5 Send command… asks the command in the text input dialog; Save sends it only once changed and valid', async () => {
    const api = fakeApi();
    renderWidget(<ServiceStatus />, api);
    await live({ brainState: brainState(), connectedServices: { numConnected: 8, numExpected: 8 } });
    fireEvent.click(screen.getByRole('button', { name: /^Restart brain service/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Restart brain' })).getByRole('button', { name: 'Send command…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a command to brain' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const input = within(dialog).getByRole('textbox', { name: 'Command' });
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(dialog).getByText('A command is more than spaces')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: 'x'.repeat(65) } });
    expect(within(dialog).getByText('A command has at most 64 characters')).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: ' flush cache ' } });
    fireEvent.click(save);
    await waitFor(() => expect(api.sendCommand).toHaveBeenCalledWith('brain', 'flush cache'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a command to brain' })).toBeNull());
    expect(api.sendCommand).toHaveBeenCalledTimes(1);
  });

  it('§2/§5/§7 the worker takes only its fixed commands: Send command… offers them in the single select dialog, the empty choice first, and sends the chosen one', async () => {
    const api = fakeApi();
    renderWidget(<ServiceStatus />, api);
    await live({ brainState: brainState(), connectedServices: { numConnected: 8, numExpected: 8 } });
    fireEvent.click(screen.getByRole('button', { name: /^Restart worker service/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Restart worker' })).getByRole('button', { name: 'Send command…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a command to worker' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Command' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['(none)', 'Save stats', 'New analytics file', 'Save stats, second set', 'New analytics file, second set', 'Request new worker', 'Restart Jupiter']);
    fireEvent.click(options[5]!);
    // What the chosen command does is said before Save sends it.
    expect(within(dialog).getByText('Asks the cluster for another worker instance (requestNewWorker). A new worker instance is requested from the cluster.')).toBeInTheDocument();
    fireEvent.click(save);
    await waitFor(() => expect(api.sendCommand).toHaveBeenCalledWith('worker', 'requestNewWorker'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a command to worker' })).toBeNull());
    expect(api.sendCommand).toHaveBeenCalledTimes(1);
  });
  it('§4 with named services (docs/protocol.md "Shapes"), the summary names who is missing and since when, and that service says so', async () => {
    const now = Date.now();
    renderWidget(<ServiceStatus />);
    await live({
      brainState: brainState(),
      connectedServices: {
        numConnected: 7,
        numExpected: 8,
        services: SERVICES.map((name) => ({ name, connected: name !== 'eventer', lastSeenAt: name === 'eventer' ? now - 2 * 60_000 - 5000 : now })),
      },
    });
    const summary = screen.getByRole('button', { name: /^Connected services / });
    expect(summary).toHaveTextContent('7/8 · eventer down for 2 min');
    expect(summary).toHaveAccessibleName(/^Connected services 7\/8 · eventer down for 2 min/);
    const eventer = screen.getByRole('button', { name: /^Restart eventer service \(eventer down for 2 min/ });
    expect(eventer).toHaveTextContent('eventer · down');
    expect(eventer).toHaveAttribute('data-state', 'down');
    // §4's one colour stays every button's: connected below expected is danger.
    expect(healthOf('eventer')).toBe('danger');
    expect(healthOf('brain')).toBe('danger');
    expect(screen.getByRole('button', { name: /^Restart brain service \(services missing\)/ })).toHaveTextContent(/^brain$/);
  });

  it('§4 a connected service not heard from for over 30 s is silent, not up; without the names, the counts alone', async () => {
    const now = Date.now();
    renderWidget(<ServiceStatus />);
    await live({
      brainState: brainState(),
      connectedServices: { numConnected: 8, numExpected: 8, services: SERVICES.map((name) => ({ name, connected: true, lastSeenAt: name === 'croner' ? now - 45_000 : now })) },
    });
    expect(screen.getByRole('button', { name: /^Connected services / })).toHaveTextContent(/^8\/8 · croner silent for \d+ s$/);
    expect(screen.getByRole('button', { name: /^Restart croner service/ })).toHaveAttribute('data-state', 'silent');
    await live({ connectedServices: { numConnected: 7, numExpected: 8 } });
    expect(screen.getByRole('button', { name: /^Connected services / })).toHaveTextContent(/^7\/8$/);
    expect(screen.getByRole('button', { name: /^Restart croner service/ })).toHaveTextContent(/^croner$/);
  });
});
