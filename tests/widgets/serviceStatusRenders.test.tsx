// @vitest-environment jsdom
/**
 * A backend that names its services sends connectedServices with every heartbeat (many times a
 * second on a busy backend): each service's lastSeenAt moves, what the buttons say does not. The
 * row's buttons (MUI Buttons, each in a tooltip) must not render again for that: only when what one
 * of them says changes.
 */
import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LazyTooltipProps } from '../../src/ui/LazyTooltip.tsx';
import { ServiceStatus } from '../../src/widgets/ServiceStatus/ServiceStatus.tsx';
import { ConnectedUsers } from '../../src/widgets/ConnectedUsers/ConnectedUsers.tsx';
import { SERVICES } from '../../src/config/enums.ts';
import { brainState, live, renderWidget, resetLive } from './harness.tsx';

/** Renders of the tooltips around the service status's buttons, by their title. */
const renders = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/ui/LazyTooltip.tsx', async (original) => {
  const real = await original<typeof import('../../src/ui/LazyTooltip.tsx')>();
  return {
    ...real,
    LazyTooltip: (props: LazyTooltipProps) => {
      renders.count += 1;
      return createElement(real.LazyTooltip, props);
    },
  };
});

const heartbeat = (at: number) => ({
  numConnected: SERVICES.length,
  numExpected: SERVICES.length,
  services: SERVICES.map((name) => ({ name, connected: true, lastSeenAt: at })),
});

describe('§2 service status under heartbeats', () => {
  beforeEach(async () => {
    renders.count = 0;
    await resetLive();
  });

  it('ten heartbeats that move only lastSeenAt render no service button again; a service going down renders its own', async () => {
    const now = Date.now();
    renderWidget(
      <>
        <ServiceStatus />
        <ConnectedUsers />
      </>,
    );
    await live({ brainState: brainState(), connectedServices: heartbeat(now) });
    const before = renders.count;
    for (let i = 1; i <= 10; i++) await live({ connectedServices: heartbeat(now + i * 100) });
    // The summary's own tooltip may follow its row; the services' buttons stay as they were.
    expect(renders.count - before).toBeLessThanOrEqual(10);
    expect(screen.getByText('Services connected:')).toHaveTextContent(`Services connected: ${SERVICES.length} / ${SERVICES.length}`);

    const down = heartbeat(now + 2000);
    down.services[1] = { ...down.services[1]!, connected: false };
    down.numConnected -= 1;
    const beforeDown = renders.count;
    await live({ connectedServices: down });
    expect(screen.getByRole('button', { name: new RegExp(`^Restart ${SERVICES[1]} service \\(${SERVICES[1]} down`) })).toBeInTheDocument();
    expect(renders.count - beforeDown).toBeGreaterThanOrEqual(2);
  });
});
