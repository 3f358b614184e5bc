// @vitest-environment jsdom
/**
 * The window manager against a stand-in for react-rnd that shows the position and size it is given
 * and lets the test end a drag or resize (jsdom has no layout, so real dragging cannot be measured
 * here; tests/floating/rnd.test.tsx renders the real react-rnd).
 */
import type { ReactNode } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingWindows, LAYOUT_STORAGE_KEY } from '../../src/widgets/FloatingWindows/index.ts';
import { allowBackgroundUpdates, fakeFetcher, renderWithQuotes, resetLive } from '../quote/harness.tsx';
import { screenOf } from '../widgets/harness.tsx';

interface RndStandInProps {
  position: { x: number; y: number };
  size: { width: number; height: number };
  style: Record<string, unknown>;
  dragHandleClassName: string;
  enableResizing: boolean;
  onDragStop: (event: unknown, data: { x: number; y: number }) => void;
  onResizeStop: (event: unknown, direction: string, element: HTMLElement, delta: unknown, position: { x: number; y: number }) => void;
  'data-window-id': number;
  children: ReactNode;
}

const rnd = vi.hoisted(() => ({ props: new Map<number, RndStandInProps>() }));

vi.mock('react-rnd', () => ({
  Rnd: (props: RndStandInProps) => {
    rnd.props.set(props['data-window-id'], props);
    return (
      <div
        data-window-id={props['data-window-id']}
        data-x={props.position.x}
        data-y={props.position.y}
        data-w={props.size.width}
        data-h={props.size.height}
        style={props.style as React.CSSProperties}
      >
        {props.children}
      </div>
    );
  },
}));

const VIEW_HEIGHT = window.innerHeight; // jsdom: 768
const DEFAULT_Y = VIEW_HEIGHT - 500 - 56;

const frame = (id: number) => document.querySelector(`[data-window-id="${id}"]`) as HTMLElement;
const geometry = (id: number) => {
  const el = frame(id);
  return { x: Number(el.dataset.x), y: Number(el.dataset.y), w: Number(el.dataset.w), h: Number(el.dataset.h) };
};
const stored = () => JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY) ?? 'null') as unknown;
/** Shows window `id` and waits for its frame (its code loads lazily the first time a window shows). */
const show = async (id: number) => {
  await userEvent.click(screen.getByRole('button', { name: `#${id} Swap`, pressed: false }));
  await screen.findByRole('dialog', { name: `Window ${id} Swap` }, { timeout: 10_000 });
};
const renderManager = () => renderWithQuotes(<FloatingWindows />, fakeFetcher());

describe('§2 floating window manager', () => {
  beforeEach(async () => {
    allowBackgroundUpdates();
    localStorage.clear();
    rnd.props.clear();
    await resetLive();
  });

  it('§2/§9 a window is 360 × 500 at x 30 near the bottom, z-index 10000, titled with its id and name', async () => {
    renderManager();
    // Hidden at start: a window never shown is not drawn at all (its frame's code loads when it first shows).
    expect(frame(1)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Window 1 Swap' })).toBeNull();
    await show(1);
    expect(frame(1)).toHaveStyle({ visibility: 'visible', zIndex: '10000' });
    expect(geometry(1)).toEqual({ x: 30, y: DEFAULT_Y, w: 360, h: 500 });
    const win = screen.getByRole('dialog', { name: 'Window 1 Swap' });
    expect(within(win).getByRole('heading', { name: '#1 Swap' })).toBeInTheDocument();
    const handleClass = rnd.props.get(1)?.dragHandleClassName ?? 'none';
    expect(within(win).getByRole('heading', { name: '#1 Swap' }).closest(`.${handleClass}`)).not.toBeNull();
    expect(within(win).getByRole('button', { name: 'Move window 1 Swap' }).closest(`.${handleClass}`)).not.toBeNull();
    // The quote window's code loads now (a lazy chunk): slow on a busy machine.
    expect(await within(win).findByRole('region', { name: 'Quote panel 1' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('§2 the list toggles each window; the plus button adds Swap windows stacked by index, beside the others, at most 2', async () => {
    renderManager();
    await show(1);
    expect(screen.getByRole('button', { name: '#1 Swap', pressed: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add swap window' }));
    expect(screen.getByRole('dialog', { name: 'Window 2 Swap' })).toBeInTheDocument();
    // Stacked 40 px higher by index, and right of the first window (gap 16) rather than over it.
    expect(geometry(2)).toEqual({ x: 30 + 360 + 16, y: DEFAULT_Y - 40, w: 360, h: 500 });
    const plus = screen.getByRole('button', { name: 'Add swap window' });
    expect(plus).toBeDisabled();
    await userEvent.hover(plus.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('At most 2 floating panels can be added');
    await userEvent.click(screen.getByRole('button', { name: '#1 Swap', pressed: true }));
    expect(frame(1)).toHaveStyle({ visibility: 'hidden' });
    expect(screen.getByRole('button', { name: '#1 Swap', pressed: false })).toBeInTheDocument();
  });

  it('§2 a new swap window covers neither the menu nor another window', async () => {
    const menu = { x: 0, y: 48, w: 220, h: VIEW_HEIGHT - 48 };
    renderWithQuotes(<FloatingWindows occupied={() => [menu]} />, fakeFetcher());
    await show(1);
    expect(geometry(1)).toEqual({ x: 220 + 16, y: DEFAULT_Y, w: 360, h: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Add swap window' }));
    expect(geometry(2)).toEqual({ x: 220 + 16 + 360 + 16, y: DEFAULT_Y - 40, w: 360, h: 500 });
    // Hidden, a window keeps its place: the next one shown is not put there.
    await userEvent.click(screen.getByRole('button', { name: '#1 Swap', pressed: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Close window 2 Swap' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add swap window' }));
    expect(geometry(2).x).toBe(220 + 16 + 360 + 16);
    await show(1);
    expect(geometry(1).x).toBe(220 + 16);
    expect(stored()).toBeNull(); // where a window opens is not a drag or resize by the operator
  });

  it('§2 collapse keeps only the title bar, at the bottom edge; close removes the window and frees a slot', async () => {
    renderManager();
    await show(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add swap window' }));
    await userEvent.click(screen.getByRole('button', { name: 'Collapse window 1 Swap' }));
    expect(geometry(1)).toEqual({ x: 30, y: DEFAULT_Y + 500 - 36, w: 360, h: 36 });
    expect(rnd.props.get(1)?.enableResizing).toBe(false);
    expect(within(screen.getByRole('dialog', { name: 'Window 1 Swap' })).queryByRole('region', { name: 'Quote panel 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand window 1 Swap' }));
    expect(geometry(1)).toEqual({ x: 30, y: DEFAULT_Y, w: 360, h: 500 });

    await userEvent.click(screen.getByRole('button', { name: 'Close window 2 Swap' }));
    expect(screen.queryByRole('dialog', { name: 'Window 2 Swap' })).toBeNull();
    expect(screen.queryByRole('button', { name: /window 2 Swap/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add swap window' })).toBeEnabled();
  });

  it('§2 saves the position when a drag ends and the size when a resize ends, and restores them on reload', async () => {
    const first = renderManager();
    await show(1);
    act(() => rnd.props.get(1)?.onDragStop(new MouseEvent('mouseup'), { x: 120, y: 80 }));
    expect(geometry(1)).toEqual({ x: 120, y: 80, w: 360, h: 500 });
    expect(stored()).toEqual({ 1: { x: 120, y: 80, w: 360, h: 500 } });

    const element = document.createElement('div');
    element.style.width = '420px';
    element.style.height = '380px';
    act(() => rnd.props.get(1)?.onResizeStop(new MouseEvent('mouseup'), 'bottomRight', element, { width: 60, height: -120 }, { x: 120, y: 80 }));
    expect(stored()).toEqual({ 1: { x: 120, y: 80, w: 420, h: 380 } });

    first.unmount();
    renderManager();
    await show(1);
    expect(geometry(1)).toEqual({ x: 120, y: 80, w: 420, h: 380 });
  });

  it('§2 a collapsed window saves the position of the whole window', async () => {
    renderManager();
    await show(1);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse window 1 Swap' }));
    act(() => rnd.props.get(1)?.onDragStop(new MouseEvent('mouseup'), { x: 50, y: 600 }));
    expect(stored()).toEqual({ 1: { x: 50, y: 600 - (500 - 36), w: 360, h: 500 } });
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '[1,2]'],
    ['a field of the wrong type', JSON.stringify({ 1: { x: 'left', y: 10, w: 360, h: 500 } })],
    ['a size below the minimum', JSON.stringify({ 1: { x: 10, y: 10, w: 20, h: 500 } })],
    ['a missing field', JSON.stringify({ 1: { x: 10, y: 10, w: 400 } })],
  ])('§2 an invalid stored layout (%s) gives the defaults', async (_case, text) => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, text);
    renderManager();
    await show(1);
    expect(geometry(1)).toEqual({ x: 30, y: DEFAULT_Y, w: 360, h: 500 });
  });

  it('§2 a restored window is kept on screen', async () => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify({ 1: { x: 5000, y: -40, w: 400, h: 300 } }));
    renderManager();
    await show(1);
    expect(geometry(1)).toEqual({ x: window.innerWidth - 400, y: 0, w: 400, h: 300 });
  });

  it('§2 keyboard: arrow keys on the title bar move the window, Shift resizes, and both are saved', async () => {
    renderManager();
    await show(1);
    screen.getByRole('button', { name: 'Move window 1 Swap' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowUp}');
    expect(geometry(1)).toEqual({ x: 40, y: DEFAULT_Y - 10, w: 360, h: 500 });
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(stored()).toEqual({ 1: { x: 40, y: DEFAULT_Y - 10, w: 370, h: 500 } });
  });

  it('§2 Ctrl/Cmd-click on an alternative network opens a second panel and widens the window to 650', async () => {
    renderManager();
    await show(1);
    const win = within(screen.getByRole('dialog', { name: 'Window 1 Swap' }));
    fireEvent.click(await win.findByRole('button', { name: 'To USDC on Arbitrum' }), { metaKey: true });
    expect(win.getByRole('region', { name: 'Quote panel 2' })).toBeInTheDocument();
    await waitFor(() => expect(geometry(1).w).toBe(650));
    expect(geometry(1)).toMatchObject({ x: 30, h: 500 });
    expect(stored()).toBeNull(); // widening is not a drag or resize by the operator
  });
  it('§2/§9 a press anywhere on a window brings it in front of the others, at z-index 10000 or above', async () => {
    renderManager();
    await show(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add swap window' }));
    const z = (id: number) => Number(frame(id).style.zIndex);
    expect(z(2)).toBeGreaterThan(z(1));
    // A press on window 1's content (not its title bar) is enough.
    await userEvent.click(await within(screen.getByRole('dialog', { name: 'Window 1 Swap' })).findByText('From · Ethereum'));
    expect(z(1)).toBeGreaterThan(z(2));
    expect(Math.min(z(1), z(2))).toBeGreaterThanOrEqual(10000);
    await userEvent.click(screen.getByRole('heading', { name: '#2 Swap' }));
    expect(z(2)).toBeGreaterThan(z(1));
    // Shown again from the list, a hidden window comes in front.
    await userEvent.click(screen.getByRole('button', { name: '#1 Swap', pressed: true }));
    await show(1);
    expect(z(1)).toBeGreaterThan(z(2));
  });

  it('§2 the token picker covers the window body, whose scroll area is put away until it closes', async () => {
    renderManager();
    await show(1);
    const win = within(screen.getByRole('dialog', { name: 'Window 1 Swap' }));
    const body = win.getByTestId('window-body');
    const overlay = win.getByTestId('window-overlay');
    expect(overlay).toHaveStyle({ display: 'none' });
    await userEvent.click(await win.findByRole('button', { name: /^Choose From token/ }));
    const picker = win.getByRole('dialog', { name: 'Select token' });
    expect(overlay).toContainElement(picker);
    expect(body).not.toContainElement(picker);
    expect(body).toHaveStyle({ display: 'none' });
    expect(overlay).toHaveStyle({ display: 'flex' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Cancel' }));
    expect(win.queryByRole('dialog', { name: 'Select token' })).toBeNull();
    expect(body).toHaveStyle({ display: 'block' });
    expect(overlay).toHaveStyle({ display: 'none' });
  });

  it('on a phone (docs/guide.md "Screens that fit") a window is a sheet across the screen: no drag, collapse and a named close', async () => {
    screenOf(390);
    try {
      renderManager();
      await show(1);
      expect(rnd.props.size, 'not a react-rnd window').toBe(0);
      const sheet = frame(1);
      expect(sheet).toHaveAttribute('data-window-sheet');
      expect(sheet).toHaveStyle({ position: 'absolute', left: '0px', right: '0px', visibility: 'visible', zIndex: '10000' });
      const win = within(screen.getByRole('dialog', { name: 'Window 1 Swap' }));
      expect(win.queryByRole('button', { name: /^Move / })).toBeNull();
      await userEvent.click(win.getByRole('button', { name: 'Collapse window 1 Swap' }));
      expect(win.getByRole('button', { name: 'Expand window 1 Swap' })).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(win.getByRole('button', { name: 'Close window 1 Swap' }));
      expect(screen.queryByRole('dialog', { name: 'Window 1 Swap' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
