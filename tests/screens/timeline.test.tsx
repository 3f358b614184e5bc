// @vitest-environment jsdom
/**
 * The /timeline screen (docs/protocol.md "Timeline") with a data provider whose getTimeline answers
 * what each test says: what the operator reads, the kind filter, Load older, a backend without the
 * extension and a refusal.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { TimelineEvent, TimelineResponse } from '../../src/contract/index.ts';
import { ApiError, type Provided, type TimelineRequest } from '../../src/dataProvider/index.ts';
import TimelineScreen from '../../src/screens/timeline/TimelineScreen.tsx';

const asRole = (role: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

const AT = Date.UTC(2026, 10, 28, 0, 30, 12);
const newest: TimelineEvent = { at: AT, kind: 'worker', severity: 'warning', text: 'Workers stopped by alice' };
const older: TimelineEvent = { at: AT - 60_000, kind: 'trade', severity: 'critical', text: 'Trade 1a2b3c4d… failed <script>x</script>', link: '/tx/trades/1a2b3c4d-0000', ref: '1a2b3c4d-0000' };
const oldest: TimelineEvent = { at: AT - 120_000, kind: 'health', text: 'Service health green again' };

function renderScreen(answer: (request: TimelineRequest) => Promise<Provided<TimelineResponse>>, role = 'Operator') {
  const getTimeline = vi.fn(answer);
  render(
    <AdminContext dataProvider={{ ...testDataProvider(), getTimeline } as ReturnType<typeof testDataProvider>} authProvider={asRole(role)}>
      <TimelineScreen />
    </AdminContext>,
  );
  return getTimeline;
}

const items = () => within(screen.getByRole('list', { name: 'Events, newest first' })).getAllByRole('listitem');

describe('Timeline (protocol): the /timeline screen', () => {
  it('Timeline (protocol): each event with its time and zone, kind, severity in words, its text as text and its link; Load older asks for the page before', async () => {
    const getTimeline = renderScreen(async (request) =>
      request.before === undefined
        ? { provided: true, data: { data: [newest, older], nextBefore: older.at } }
        : { provided: true, data: { data: [oldest] } },
    );
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items() as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+WorkerWarningWorkers stopped by alice$/);
    expect(second).toHaveTextContent('Trade 1a2b3c4d… failed <script>x</script>');
    expect(second.querySelector('script')).toBeNull();
    expect(within(second).getByText('Critical').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    // AdminContext's own router writes its paths after a #.
    expect(within(second).getByRole('link', { name: 'Open trade' }).getAttribute('href')).toMatch(/^#?\/tx\/trades\/1a2b3c4d-0000$/);

    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(getTimeline).toHaveBeenLastCalledWith(expect.objectContaining({ before: older.at }), expect.anything());
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('Timeline (protocol): a kind chip is a toggle button; pressed, only its kind is asked for', async () => {
    const getTimeline = renderScreen(async () => ({ provided: true, data: { data: [newest] } }));
    const kinds = await screen.findByRole('group', { name: 'Kinds' });
    expect(within(kinds).getAllByRole('button').map((b) => b.textContent)).toEqual(['Health', 'Workers', 'Trades', 'Alerts']);
    const workers = within(kinds).getByRole('button', { name: 'Workers' });
    expect(workers).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(workers);
    expect(workers).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(getTimeline).toHaveBeenLastCalledWith(expect.objectContaining({ kinds: ['worker'] }), expect.anything()));
    await userEvent.click(workers);
    await waitFor(() => expect(getTimeline).toHaveBeenLastCalledWith(expect.objectContaining({ kinds: ['health', 'worker', 'trade', 'alert'] }), expect.anything()));
  });

  it('§6 an Admin is offered the actions too', async () => {
    renderScreen(async () => ({ provided: true, data: { data: [] } }), 'Admin');
    const kinds = await screen.findByRole('group', { name: 'Kinds' });
    await within(kinds).findByRole('button', { name: 'Actions' });
  });

  it('Timeline (protocol): a backend without the timeline (404) is told in one sentence', async () => {
    renderScreen(async () => ({ provided: false }));
    expect(await screen.findByText('This backend does not keep a timeline.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('Timeline (protocol): a refusal is said in words, and Try again asks again', async () => {
    let refuse = true;
    renderScreen(async () => {
      if (refuse) throw new ApiError(500, 'internal server error');
      return { provided: true, data: { data: [newest] } };
    });
    const failure = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(failure).toHaveTextContent('Could not load the timeline.');
    refuse = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});
