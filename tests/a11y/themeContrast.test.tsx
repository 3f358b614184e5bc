// @vitest-environment jsdom
/**
 * Text colours the theme gives hold WCAG AA's 4.5:1 where axe checks them: an outlined warning chip
 * ("stale" on a trade's page) on a tinted surface in the light theme, and a disabled field's helper
 * text ("token name does not change once created") in both themes.
 */
import { render, screen } from '@testing-library/react';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../src/theme.ts';

/** [r, g, b, alpha] of a colour given as rgb(...), rgba(...) or #rrggbb. */
function rgba(c: string): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(c);
  if (hex) return [...[0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)), 1];
  const parts = (c.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

/** WCAG 2 contrast ratio of a text colour (its alpha laid over the background, as a browser paints it) on an opaque background. */
function contrast(text: string, background: string): number {
  const [br, bg, bb] = rgba(background);
  const [r, g, b, a] = rgba(text);
  const painted = [r! * a! + br! * (1 - a!), g! * a! + bg! * (1 - a!), b! * a! + bb! * (1 - a!)];
  const luminance = (rgb: number[]) => {
    const [x, y, z] = rgb.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * x! + 0.7152 * y! + 0.0722 * z!;
  };
  const [hi, lo] = [luminance(painted), luminance([br!, bg!, bb!])].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const themed = (options: unknown, ui: React.ReactElement) => render(<ThemeProvider theme={createTheme(options as ThemeOptions)}>{ui}</ThemeProvider>);

describe('a11y: theme colours hold AA contrast where axe checks them', () => {
  it.each(['warning', 'success', 'error', 'info', 'primary'] as const)(
    'light: an outlined %s chip reads at 4.5:1 on the tints status chips were found on (#e0e1e4, a hovered row #e9ebee) and on white',
    (colour) => {
      themed(lightTheme, <Chip label="stale" color={colour} variant="outlined" />);
      const text = getComputedStyle(screen.getByText('stale').closest('.MuiChip-root')!).color;
      for (const background of ['#e0e1e4', '#e9ebee', '#ffffff']) expect(contrast(text, background), background).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([
    ['light', lightTheme, '#ffffff'],
    ['dark', darkTheme, '#151c24'],
  ])('%s: a disabled field\'s helper text reads at 4.5:1 on the paper', (_name, options, paper) => {
    themed(options, <TextField label="Token name" disabled value="USDC" helperText="token name does not change once created" />);
    const colour = getComputedStyle(screen.getByText('token name does not change once created')).color;
    expect(contrast(colour, paper)).toBeGreaterThanOrEqual(4.5);
  });
});
