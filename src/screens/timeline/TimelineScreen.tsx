/**
 * The Timeline screen (docs/protocol.md "Timeline"), for every signed-in user: what happened, newest
 * first (health and block heads, workers and sell only, trades, alerts and, for Admins, operators'
 * actions), filtered by kind and by time (typed in the header's zone, as every time filter is).
 * "Load older" pages back with the answer's nextBefore. While the range reaches now the list is
 * asked again every few seconds (useTimelinePages says why by polling rather than by socket event).
 * A backend without the extension (404) gets one sentence saying so, no error toast.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePermissions } from 'react-admin';
import { mayUse } from '../../config/access.ts';
import { TIMELINE_KINDS, type TimelineKind } from '../../config/enums.ts';
import { useTimelinePages, type TimelineFilter } from '../../dataProvider/index.ts';
import { timelineRangeProblem } from '../../domain/timelineRange.ts';
import { errorText } from '../../ui/errors.ts';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { TimeField } from '../../ui/TimeField.tsx';
import { TimelineEventItem } from '../../ui/TimelineEventItem.tsx';
import { KindFilter } from './KindFilter.tsx';

export default function TimelineScreen() {
  const { permissions } = usePermissions();
  const kinds = useMemo(() => TIMELINE_KINDS.filter((kind) => kind !== 'action' || mayUse('seeActionsInTimeline', permissions)), [permissions]);
  const [chosen, setChosen] = useState<TimelineKind[]>([]);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);

  const problem = timelineRangeProblem(from, to, Date.now());
  const filter: TimelineFilter | null = problem
    ? null
    : { ...(from === null ? {} : { from }), ...(to === null ? {} : { to }), kinds: chosen.length > 0 ? chosen : kinds };
  const pages = useTimelinePages(filter, to === null);
  const provided = pages.data?.pages.every((page) => page.provided) ?? true;
  const events = useMemo(() => pages.data?.pages.flatMap((page) => (page.provided ? page.data.data : [])) ?? [], [pages.data]);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <KindFilter kinds={kinds} chosen={chosen} onChange={setChosen} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, maxWidth: '100%' }}>
          <TimeField label="From" edge="start" value={from} onChange={setFrom} />
          <TimeField label="To" edge="end" value={to} onChange={setTo} error={problem} />
        </Box>
      </Box>
      {from === null && to === null ? (
        <Typography variant="body2" color="text.secondary">
          The last 24 hours, kept up to date. Type a start or an end to look further back.
        </Typography>
      ) : null}

      {pages.isError ? (
        <FailureAlert detail={errorText(pages.error)} onRetry={() => void pages.refetch()} sx={{ m: 0 }}>
          Could not load the timeline.
        </FailureAlert>
      ) : null}
      {!provided ? <Alert severity="info">This backend does not keep a timeline.</Alert> : null}

      {provided && !pages.isError ? (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          {pages.isPending && filter !== null ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Loading the timeline…
            </Typography>
          ) : events.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Nothing happened in this range.
            </Typography>
          ) : (
            <Box component="ol" aria-label="Events, newest first" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderTopColor: 'divider' } }}>
              {events.map((event, index) => (
                <TimelineEventItem key={`${event.at}:${event.kind}:${event.ref ?? ''}:${index}`} event={event} />
              ))}
            </Box>
          )}
        </Paper>
      ) : null}

      {pages.hasNextPage && !pages.isError ? (
        <Box>
          <Button variant="outlined" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? 'Loading older events…' : 'Load older'}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
