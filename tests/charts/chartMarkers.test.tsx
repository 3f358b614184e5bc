// @vitest-environment jsdom
/** A TimeChart's markers: where each falls, merged when too close to tell apart, named by what happened. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartMarkers, type PlotGeometry } from '../../src/charts/ChartMarkers.tsx';

const HOUR = 3_600_000;
/** 24 hourly points over a plot 480 px wide, 40 px from the box's left. */
const geometry: PlotGeometry = { left: 40, top: 8, width: 480, height: 100, min: 0, max: 23 * HOUR };

const buttons = () => within(screen.getByRole('group', { name: 'What happened on this chart' })).getAllByRole('button');
const leftOf = (button: HTMLElement) => Number.parseFloat((button.parentElement as HTMLElement).style.left || getComputedStyle(button.parentElement as HTMLElement).left);

describe('TimeChart markers', () => {
  it('one button per moment, named by what happened; a moment in the last bucket is marked at the right edge; one outside the range is left out', () => {
    render(
      <ChartMarkers
        slackMs={HOUR}
        geometry={geometry}
        markers={[
          { at: 0, label: 'Workers started by alice', color: 'info' },
          { at: 10 * HOUR, label: 'Arbitrum block head stale (no new block for 45 s)', color: 'warning' },
          { at: 23 * HOUR + 30 * 60_000, label: 'Workers stopped by bob', color: 'warning' },
          { at: 25 * HOUR, label: 'after the range', color: 'error' },
        ]}
      />,
    );
    expect(buttons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Workers started by alice',
      'Arbitrum block head stale (no new block for 45 s)',
      'Workers stopped by bob',
    ]);
    expect(buttons().map(leftOf)).toEqual([40, 40 + (10 / 23) * 480, 520]);
  });

  it('moments closer than a finger are one mark listing them, newest first; its tooltip says them on hover', async () => {
    render(
      <ChartMarkers
        slackMs={HOUR}
        geometry={geometry}
        markers={[
          { at: 5 * HOUR, label: 'Service health red: eventer down', color: 'error' },
          { at: 5 * HOUR + 60_000, label: 'Service health green again', color: 'info' },
        ]}
      />,
    );
    const [mark] = buttons() as [HTMLElement];
    expect(buttons()).toHaveLength(1);
    expect(mark).toHaveAccessibleName('2 events: Service health green again; Service health red: eventer down');
    await userEvent.hover(mark);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('2 events: Service health green again Service health red: eventer down'));
  });

  it('no range, no marks', () => {
    const { container } = render(<ChartMarkers slackMs={HOUR} geometry={{ ...geometry, max: 0 }} markers={[{ at: 0, label: 'x', color: 'info' }]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
