// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../src/theme.ts';

describe('themes: accessible to people and tools', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s: a progress bar given no name is named Loading; one given a name keeps it', (_name, theme) => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <CircularProgress />
        <LinearProgress aria-label="Importing" />
      </ThemeProvider>,
    );
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual(['Loading', 'Importing']);
  });
});
