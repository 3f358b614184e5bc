// @vitest-environment jsdom
/** Bridge automation (PUT /settings/automation/bridges): the folding section above the bridges list, its summary and the list's Automated column (§7). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { automationBody, automationSummary } from '../../src/screens/bridges/automationRules.ts';
import { expectLoggedErrors, live, resetLive } from './harness.tsx';
import { allowKnownReactAdminWarnings, fakeApi, renderBridgesAt, stopBridges } from './sharedFakes.tsx';

const bridge = (bridgeName: string, kind: string) => ({ bridgeName, kind, version: 1, networks: ['Ethereum', 'Base'], enabled: true });

beforeEach(async () => {
  allowKnownReactAdminWarnings();
  await live({
    initialised: true,
    bridges: { ccip: bridge('ccip', 'CCIP'), stargate: bridge('stargate', 'Stargate'), synapse: bridge('synapse', 'Synapse') },
    miscSettings: { sellOnly: false, bridgeAutomation: { enabled: true, bridges: ['ccip'] } },
  });
});
afterEach(async () => {
  await stopBridges();
  await resetLive();
});

/** The bridges list with the automation section opened from its heading. */
async function openAutomation(api = fakeApi()) {
  const user = userEvent.setup();
  const view = renderBridgesAt('/settings/bridges', api);
  await user.click(await screen.findByRole('button', { name: /^Bridge automation: / }));
  await screen.findByRole('checkbox', { name: 'Automate ccip' });
  return { ...view, user };
}

describe('§7 bridge automation rules', () => {
  it('the body names existing bridges once, in order, and passes the contract', () => {
    expect(automationBody(true, ['stargate', 'gone', 'ccip', 'ccip'], ['ccip', 'stargate'])).toEqual({ enabled: true, bridges: ['ccip', 'stargate'] });
    expect(automationSummary({ enabled: true, bridges: ['ccip', 'gone'] }, ['ccip', 'stargate'])).toBe('on, 1 of 2 bridges');
    expect(automationSummary({ enabled: false, bridges: ['ccip'] }, ['ccip'])).toBe('off');
  });
});

describe('bridge automation above /settings/bridges', () => {
  it('the list shows the live automation; its screen edits it and PUTs {enabled, bridges}', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.setBridgeAutomation.mockImplementation(async (body: unknown) => ({ ok: true, miscSettings: { bridgeAutomation: body } }));
    renderBridgesAt('/settings/bridges', api);
    const table = await screen.findByRole('table', { name: 'Bridges' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /ccip/ }).querySelector('td.column-automated')).toHaveTextContent(/^yes$/));
    const heading = screen.getByRole('button', { name: 'Bridge automation: on, 1 of 3 bridges' });
    expect(heading).toHaveAttribute('aria-expanded', 'false');
    await user.click(heading);
    expect(heading).toHaveAttribute('aria-expanded', 'true');

    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Automate ccip' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Automate synapse' }));
    await user.click(save);
    await waitFor(() => expect(api.setBridgeAutomation).toHaveBeenCalledWith({ enabled: true, bridges: ['ccip', 'synapse'] }));
    expect(await screen.findByText('Saved: bridge automation is on for ccip, synapse.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Bridge automation on' }));
    await user.click(save);
    await waitFor(() => expect(api.setBridgeAutomation).toHaveBeenLastCalledWith({ enabled: false, bridges: ['ccip', 'synapse'] }));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(heading).toHaveAttribute('aria-expanded', 'false'));
  });

  it('the protocol states no answer for the save: an empty one still reports what was sent as saved', async () => {
    const api = fakeApi();
    api.setBridgeAutomation.mockResolvedValue(undefined);
    const { user } = await openAutomation(api);
    await user.click(screen.getByRole('checkbox', { name: 'Automate synapse' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: bridge automation is on for ccip, synapse.')).toBeInTheDocument();
    expect(screen.queryByText(/Save failed/)).toBeNull();
  });

  it('follows the live value until edited; an edit made elsewhere meanwhile is pointed out, not overwritten silently', async () => {
    const { user } = await openAutomation();
    await live({ miscSettings: { sellOnly: false, bridgeAutomation: { enabled: true, bridges: ['stargate'] } } });
    expect(screen.getByRole('checkbox', { name: 'Automate stargate' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Automate ccip' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Automate ccip' }));
    await live({ miscSettings: { sellOnly: false, bridgeAutomation: { enabled: false, bridges: [] } } });
    const warning = screen.getByText(/Someone changed bridge automation since you opened it: it is now off/);
    expect(screen.getByRole('checkbox', { name: 'Automate ccip' })).toBeChecked();
    await user.click(within(warning.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Take current' }));
    expect(screen.getByRole('checkbox', { name: 'Automate ccip' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Bridge automation off' })).not.toBeChecked();
  });

  it('a refused save keeps the choices and says why', async () => {
    const api = fakeApi();
    api.setBridgeAutomation.mockRejectedValueOnce(new ApiError(400, 'invalid request', [{ field: 'bridges.0', message: 'unknown bridge ccip' }]));
    const { user } = await openAutomation(api);
    const logged = expectLoggedErrors();
    await user.click(screen.getByRole('checkbox', { name: 'Automate stargate' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed: invalid request (bridges.0: unknown bridge ccip)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Automate stargate' })).toBeChecked();
    logged.mockRestore();
  });
});
