// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStack } from '../../src/notifications/toastStack.ts';
import { ToastStackView } from '../../src/notifications/ToastStackView.tsx';
import { darkTheme, lightTheme } from '../../src/theme.ts';
import { nextFrame } from '../support/frames.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

  it('§2 the toast stack takes its layer from the theme', async () => {
    const stack = createToastStack(() => 4);
    render(
      <ThemeProvider theme={createTheme(lightTheme)}>
        <ToastStackView stack={stack} onMore={() => undefined} />
      </ThemeProvider>,
    );
    act(() => stack.show('one', { variant: 'info', autoHideDuration: null }));
    await nextFrame();
    const area = document.querySelector('.console-toasts') as HTMLElement;
    expect(Number(getComputedStyle(area).zIndex)).toBe(createTheme(lightTheme).zIndex.toast);
    expect(Number(getComputedStyle(area).zIndex)).toBeLessThan(createTheme(lightTheme).zIndex.modal);
  });
});

describe('§2 a busy feed: the toast stack renders once per frame', () => {
  it('twenty toasts shown in twenty socket messages within one frame are one render of the stack, the last of them on top', async () => {
    const stack = createToastStack(() => 4);
    let commits = 0;
    render(
      <Profiler id="stack" onRender={() => void (commits += 1)}>
        <ToastStackView stack={stack} onMore={() => undefined} />
      </Profiler>,
    );
    // The stack on screen already (its first appearance renders more than once).
    act(() => stack.show('trade 0', { variant: 'info', autoHideDuration: null }));
    await nextFrame();
    const before = commits;
    // Each act is one task, as each socket message is.
    for (let i = 1; i <= 20; i++) act(() => stack.show(`trade ${i}`, { variant: 'info', autoHideDuration: null }));
    expect(commits).toBe(before);
    await nextFrame();
    expect(commits).toBe(before + 1);
    expect(screen.getAllByTitle('Click to close')[0]).toHaveTextContent('trade 20');
  });
});

describe('§2 a new toast restyles the folded cards below it, not their contents', () => {
  it('the card that goes behind keeps its classes and those of everything in it; only its depth changes', async () => {
    const stack = createToastStack(() => 4);
    render(<ToastStackView stack={stack} onMore={() => undefined} />);
    act(() => stack.show(<span className="inside">first</span>, { variant: 'success', autoHideDuration: null }));
    await nextFrame();
    const card = screen.getByText('first').closest('[title="Click to close"]') as HTMLElement;
    const classes = () => [card, ...card.querySelectorAll('*')].map((el) => el.getAttribute('class'));
    const before = classes();
    expect(card).not.toHaveAttribute('data-behind');
    act(() => stack.show('second', { variant: 'info', autoHideDuration: null }));
    await nextFrame();
    expect(card).toHaveAttribute('data-behind');
    expect(card.style.transform).toBe('translateY(4px) scale(0.96)');
    expect(classes()).toEqual(before);
  });
});

/** A ResizeObserver the test calls back itself, as the browser does after its layout. */
function stubResizeObserver(): { callback: () => void; targets: Element[] }[] {
  const observers: { callback: () => void; targets: Element[] }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      targets: Element[] = [];
      constructor(readonly callback: () => void) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        this.targets = [];
      }
    },
  );
  return observers;
}

describe('§2 the stack sits below the header without forcing a layout when a toast arrives', () => {
  it('the header is watched from mount by its ResizeObserver; showing a toast reads no element size', async () => {
    const observers = stubResizeObserver();
    // A header two lines high, as on a phone; every read of an element's height is counted.
    let reads = 0;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => {
      reads += 1;
      return 100;
    });
    const stack = createToastStack(() => 4);
    render(
      <>
        <header className="MuiAppBar-root">Console</header>
        <ToastStackView stack={stack} onMore={() => undefined} />
      </>,
    );
    const header = document.querySelector('header') as HTMLElement;
    const watching = observers.find((o) => o.targets.includes(header));
    expect(watching).toBeDefined();
    // The browser reports the header's size after its own layout.
    act(() => watching!.callback());
    const readsBefore = reads;
    act(() => stack.show('trade', { variant: 'info', autoHideDuration: null }));
    await nextFrame();
    expect(screen.getByText('trade')).toBeInTheDocument();
    expect(reads).toBe(readsBefore);
    const area = document.querySelector('.console-toasts') as HTMLElement;
    expect(getComputedStyle(area).top).toBe('106px');
  });
});

describe('§2 on a phone the page keeps room for the folded stack without forcing a layout per toast', () => {
  it('the room comes from the stack’s ResizeObserver; new toasts read no element size', async () => {
    const observers = stubResizeObserver();
    const phone = { matches: true, addEventListener: () => undefined, removeEventListener: () => undefined };
    // jsdom has no matchMedia: this one says the screen is a phone's.
    vi.stubGlobal('matchMedia', () => phone);
    let reads = 0;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => {
      reads += 1;
      return 40;
    });
    const stack = createToastStack(() => 4);
    render(<ToastStackView stack={stack} onMore={() => undefined} />);
    act(() => stack.show('first', { variant: 'info', autoHideDuration: null }));
    await nextFrame();
    const area = document.querySelector('.console-toasts') as HTMLElement;
    const watching = observers.find((o) => o.targets.some((t) => area.contains(t)));
    expect(watching).toBeDefined();
    // The browser reports the stack's size after its layout: the page's top room follows.
    act(() => watching!.callback());
    expect(document.documentElement.style.getPropertyValue('--console-toast-space')).toBe('54px');
    const readsBefore = reads;
    for (let i = 0; i < 5; i++) {
      act(() => stack.show(`toast ${i}`, { variant: 'info', autoHideDuration: null }));
      await nextFrame();
    }
    expect(screen.getByText('toast 4')).toBeInTheDocument();
    expect(reads).toBe(readsBefore);
  });
});
