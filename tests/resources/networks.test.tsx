// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NetworkSettingsEditor } from '../../src/screens/networks/NetworkSettingsEditor.tsx';
import { conflictError, fakeResourceApi, renderScreen } from './harness.tsx';

const settings = {
  configName: 'networkSettings',
  version: 4,
  updatedAt: 1,
  data: {
    networks: [
      { name: 'Ethereum', automation: true, priority: 10 },
      { name: 'Base', automation: false, priority: 5 },
      { name: 'Arbitrum', automation: true, priority: 1 },
    ],
    pairFlags: { Base_Ethereum: { enabled: true } },
  },
};

async function setup() {
  const user = userEvent.setup();
  const api = fakeResourceApi();
  api.getConfig.mockResolvedValue(settings);
  renderScreen(<NetworkSettingsEditor />, api);
  await screen.findByRole('table', { name: 'Networks' });
  return { user, api };
}

describe('/settings/networks (§3 network settings, pair flags)', () => {
  it('shows automation and priority per network and the pair flags keyed by sorted names', async () => {
    const { api } = await setup();
    expect(api.getConfig).toHaveBeenCalledWith('networkSettings');
    expect(screen.getByRole('switch', { name: 'Automation Ethereum' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Priority Base' })).toHaveValue('5');
    const matrix = screen.getByRole('table', { name: 'Pair flags matrix' });
    // Ethereum row, Base column: the key is still Base_Ethereum (§3 sorted alphabetically).
    expect(within(matrix).getByRole('checkbox', { name: 'Pair Base_Ethereum' })).toBeChecked();
    expect(within(matrix).getByRole('checkbox', { name: 'Pair Arbitrum_Ethereum' })).not.toBeChecked();
    expect(within(matrix).queryByRole('checkbox', { name: 'Pair Ethereum_Base' })).toBeNull();
  });

  it('saves the edited table and flags with the version loaded; a bad priority blocks saving', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByRole('switch', { name: 'Automation Base' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pair Arbitrum_Base' }));
    const priority = screen.getByRole('textbox', { name: 'Priority Arbitrum' });
    await user.clear(priority);
    await user.type(priority, 'x');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(priority);
    await user.type(priority, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateConfig).toHaveBeenCalled());
    const [name, version, data] = api.updateConfig.mock.calls[0] ?? [];
    expect([name, version]).toEqual(['networkSettings', 4]);
    expect(data).toEqual({
      networks: [
        { name: 'Ethereum', automation: true, priority: 10 },
        { name: 'Base', automation: true, priority: 5 },
        { name: 'Arbitrum', automation: true, priority: 7 },
      ],
      pairFlags: { Base_Ethereum: { enabled: true }, Arbitrum_Base: { enabled: true } },
    });
  });

  it('stored settings this editor cannot read are named as a problem and never saved over with an empty table', async () => {
    const api = fakeResourceApi();
    api.getConfig.mockResolvedValue({ ...settings, data: { networks: [{ name: 'Ethereum', automation: 'yes', priority: 1 }], pairFlags: {} } });
    renderScreen(<NetworkSettingsEditor />, api);
    expect(await screen.findByText(/The stored network settings do not fit this editor \(networks\.0\.automation: /)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Networks' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(api.updateConfig).not.toHaveBeenCalled();
  });

  it('a 409 offers Keep mine over the current version', async () => {
    const { user, api } = await setup();
    api.updateConfig.mockRejectedValueOnce(conflictError({ ...settings, version: 6 }));
    await user.click(screen.getByRole('switch', { name: 'Automation Base' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(api.updateConfig).toHaveBeenCalledTimes(2));
    expect(api.updateConfig.mock.calls[1]?.[1]).toBe(6);
  });

  it('§5 a bad priority names the rule beside its input; the pair matrix scrolls in its own box with the network names as row headers', async () => {
    const { user } = await setup();
    const priority = screen.getByRole('textbox', { name: 'Priority Base' });
    await user.clear(priority);
    await user.type(priority, '1001');
    expect(within(within(screen.getByRole('table', { name: 'Networks' })).getByRole('row', { name: /Base/ })).getByText('an integer from 0 to 1000')).toBeInTheDocument();
    expect(priority).toHaveAttribute('aria-invalid', 'true');
    const scroller = screen.getByRole('region', { name: 'Pair flags matrix, scrollable' });
    const matrix = within(scroller).getByRole('table', { name: 'Pair flags matrix' });
    expect(within(matrix).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Ethereum', 'Base', 'Arbitrum']);
  });
});
