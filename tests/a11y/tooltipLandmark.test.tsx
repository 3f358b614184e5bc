// @vitest-environment jsdom
/**
 * A tooltip opens inside a landmark: axe's region rule wants all content in one, and the header
 * bell's tooltip, shown again when focus comes back from the notification centre, would otherwise
 * sit outside every landmark on every screen after home.
 */
import { render, screen, within } from '@testing-library/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Tooltip from '@mui/material/Tooltip';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { lightTheme, TOOLTIP_LAYER_ID } from '../../src/theme.ts';

const theme = createTheme(lightTheme as ThemeOptions);

describe('a11y: tooltips open in the "Tooltips" landmark', () => {
  it('an open tooltip is inside the complementary landmark named "Tooltips"', async () => {
    render(
      <ThemeProvider theme={theme}>
        <main>
          <Tooltip title="Notifications" open>
            <Button aria-label="Notifications">bell</Button>
          </Tooltip>
        </main>
        <aside id={TOOLTIP_LAYER_ID} aria-label="Tooltips" />
      </ThemeProvider>,
    );
    const tip = await screen.findByRole('tooltip');
    expect(within(screen.getByRole('complementary', { name: 'Tooltips' })).getByRole('tooltip')).toBe(tip);
    expect(tip).toHaveTextContent('Notifications');
  });

  it('behind a modal (the page hidden from assistive technology) a tooltip of the dialog opens in <body>, where it can be read', async () => {
    render(
      <ThemeProvider theme={theme}>
        <div>
          <aside id={TOOLTIP_LAYER_ID} aria-label="Tooltips" />
          <Dialog open aria-label="Restart">
            <Tooltip title="Restarts the worker" open>
              <Button>Restart</Button>
            </Tooltip>
          </Dialog>
        </div>
      </ThemeProvider>,
    );
    const tip = await screen.findByRole('tooltip');
    expect(tip.closest('aside')).toBeNull();
    expect(tip.closest('[aria-hidden="true"]')).toBeNull();
  });
});
