// @vitest-environment jsdom
/**
 * A checkbox named by an aria-label prop is named on its input: left to MUI, react-admin's row
 * checkbox "Select this row" carries the label on the root <span>, where ARIA prohibits it, and its
 * input is unnamed (axe flags both on /settings/tokens and /settings/bridges).
 */
import { render, screen } from '@testing-library/react';
import Checkbox from '@mui/material/Checkbox';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../../src/theme.ts';

const themed = (ui: React.ReactElement) => render(<ThemeProvider theme={createTheme(lightTheme as ThemeOptions)}>{ui}</ThemeProvider>);

describe('a11y: a checkbox is named on the control itself', () => {
  it('aria-label given to the Checkbox (as react-admin\'s DataTable does) names its input, and not the <span> around it', () => {
    themed(<Checkbox aria-label="Select this row" />);
    const box = screen.getByRole('checkbox', { name: 'Select this row' });
    expect(box.tagName).toBe('INPUT');
    expect(box.closest('.MuiCheckbox-root')).not.toHaveAttribute('aria-label');
  });

  it('a label the caller puts on the input itself is kept', () => {
    themed(<Checkbox aria-label="outer" slotProps={{ input: { 'aria-label': 'Pin USDC' } }} />);
    expect(screen.getByRole('checkbox', { name: 'Pin USDC' })).toBeInTheDocument();
  });
});
