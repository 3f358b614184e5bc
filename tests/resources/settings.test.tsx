// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreferencesScreen } from '../../src/screens/preferences/PreferencesScreen.tsx';
import { SettingsScreen } from '../../src/screens/settings/SettingsScreen.tsx';
import { live, renderScreen, resetLive } from './harness.tsx';

afterEach(resetLive);

describe('/settings and /tsettings', () => {
  it('sell only is shown read-only; /tsettings has no admin controls', async () => {
    await live({ miscSettings: { sellOnly: true } });
    renderScreen(<PreferencesScreen />);
    expect(screen.getByRole('group', { name: 'Sell only: on' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear results cache' })).toBeNull();
    // The switches here are this browser's notification preferences; Sell only is not one of them.
    expect(screen.queryByRole('switch', { name: /sell only/i })).toBeNull();
    expect(screen.getByRole('slider', { name: 'Sound volume' })).toBeInTheDocument();
  });

  it('§2 System settings (/settings) hold what applies to the whole system; the sound, a preference of this browser, is in Preferences only', () => {
    renderScreen(<SettingsScreen />);
    expect(screen.getByRole('button', { name: 'Clear results cache' })).toBeInTheDocument();
    // Cloud groups are their own resource (/settings/cloudgroups), not a section here.
    expect(screen.queryByRole('region', { name: 'Cloud groups' })).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Sound volume' })).toBeNull();
  });

  it('cache clear asks first', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen(<SettingsScreen />);
    await user.click(screen.getByRole('button', { name: 'Clear results cache' }));
    expect(api.clearResultsCache).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.clearResultsCache).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Results cache cleared.')).toBeInTheDocument();
  });
});
