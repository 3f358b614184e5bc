// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsScreen } from '../../src/resources/settings/index.ts';
import { live, renderScreen, resetLive } from './harness.tsx';

afterEach(resetLive);

describe('/settings and /tsettings', () => {
  it('sell only is shown read-only; /tsettings has no admin controls', async () => {
    await live({ miscSettings: { sellOnly: true } });
    renderScreen(<SettingsScreen admin={false} />);
    expect(screen.getByRole('group', { name: 'Sell only: on' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear results cache' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('slider', { name: 'Sound volume' })).toBeInTheDocument();
  });

  it('§2 System settings (/settings) hold what applies to the whole system; the sound, a preference of this browser, is in Preferences only', () => {
    renderScreen(<SettingsScreen admin />);
    expect(screen.getByRole('button', { name: 'Clear results cache' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cloud groups' })).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Sound volume' })).toBeNull();
  });

  it('cache clear asks first', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<SettingsScreen admin />);
    await user.click(screen.getByRole('button', { name: 'Clear results cache' }));
    expect(api.clearResultsCache).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.clearResultsCache).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Results cache cleared.')).toBeInTheDocument();
  });

  it('cloud groups: restart is confirmed; the edited list is validated and PUT whole', async () => {
    const user = userEvent.setup();
    await live({ awsGroups: [{ name: 'workers-eu', region: 'eu-central-1', desired: 2 }] });
    const { api } = renderScreen(<SettingsScreen admin />);
    await user.click(screen.getByRole('button', { name: 'Restart workers-eu' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Restart every instance of cloud group workers-eu?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.restartAwsGroup).toHaveBeenCalledWith('workers-eu'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit groups' }));
    const editor = screen.getByRole('textbox', { name: 'Cloud groups JSON' });
    await user.clear(editor);
    await user.click(editor);
    await user.paste('[{"name":"w","region":"nowhere"}]');
    expect(screen.getByRole('button', { name: 'Save groups' })).toBeDisabled();
    await user.clear(editor);
    await user.paste('[{"name":"w","desired":3}]');
    await user.click(screen.getByRole('button', { name: 'Save groups' }));
    await waitFor(() => expect(api.setAwsGroups).toHaveBeenCalledWith([{ name: 'w', desired: 3 }]));
  });
});
