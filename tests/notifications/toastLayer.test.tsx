// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastStack } from '../../src/notifications/toastStack.ts';
import { ToastStackView } from '../../src/notifications/ToastStackView.tsx';
import { darkTheme, lightTheme } from '../../src/theme.ts';

afterEach(cleanup);

describe('§2 toasts: one z-index scale in the theme', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s: toasts sit above the page and the header, below the menu drawer, menus, popovers, dialogs (and their backdrop) and tooltips', (_name, options) => {
    const { zIndex } = createTheme(options);
    expect(zIndex.toast).toBeGreaterThan(zIndex.appBar);
    // A menu or popover is a modal in MUI (zIndex.modal), a dialog and its backdrop too.
    for (const above of [zIndex.drawer, zIndex.modal, zIndex.snackbar, zIndex.tooltip]) expect(zIndex.toast).toBeLessThan(above);
  });

  it('§2 the toast stack takes its layer from the theme', () => {
    const stack = createToastStack(() => 4);
    render(
      <ThemeProvider theme={createTheme(lightTheme)}>
        <ToastStackView stack={stack} onMore={() => undefined} />
      </ThemeProvider>,
    );
    act(() => stack.show('one', { variant: 'info', autoHideDuration: null }));
    const area = document.querySelector('.console-toasts') as HTMLElement;
    expect(Number(getComputedStyle(area).zIndex)).toBe(createTheme(lightTheme).zIndex.toast);
    expect(Number(getComputedStyle(area).zIndex)).toBeLessThan(createTheme(lightTheme).zIndex.modal);
  });
});
