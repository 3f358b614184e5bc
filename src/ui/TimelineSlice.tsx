/**
 * What happened around a moment (docs/protocol.md "Timeline"): the timeline's events of a window,
 * newest first, in a section of its own. A trade's page shows its life with a margin either side
 * (TIMELINE_SLICE_MARGIN_MS); an alert's page can show the minutes around it the same way. Nothing
 * is shown when the backend keeps no timeline (404); a failure says so, with Try again.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TimelineKind } from '../config/enums.ts';
import { TIMELINE_MAX_RANGE_MS } from '../config/timeline.ts';
import { useTimelineWindow } from '../dataProvider/index.ts';
import { errorText } from './errors.ts';
import { FailureAlert } from './FailureAlert.tsx';
import { TimelineEventItem } from './TimelineEventItem.tsx';
import { TimeText } from './TimeText.tsx';

export interface TimelineSliceProps {
  /** The window, ms, both ends included; a window longer than the timeline allows keeps its latest part. */
  from: number;
  to: number;
  /** The section's heading. */
  title?: string;
  /** Only these kinds; every kind the role may see when left out. */
  kinds?: readonly TimelineKind[];
}

export function TimelineSlice({ from, to, title = 'Around this time', kinds }: TimelineSliceProps) {
  const headingId = useId();
  const start = Math.max(from, to - TIMELINE_MAX_RANGE_MS);
  const answer = useTimelineWindow({ from: Math.min(start, to), to, ...(kinds ? { kinds } : {}) });
  if (answer.data?.provided === false) return null;
  const page = answer.data?.provided ? answer.data.data : null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        What happened from <TimeText ms={start} /> to <TimeText ms={to} />.
      </Typography>
      {answer.isError ? (
        <FailureAlert dense onRetry={() => void answer.refetch()} sx={{ m: 0 }}>
          Could not load what happened around this time: {errorText(answer.error)}
        </FailureAlert>
      ) : page === null ? (
        <Typography variant="body2" color="text.secondary">
          Loading…
        </Typography>
      ) : page.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing else happened in this window.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={title}
          sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, '& > li + li': { borderTop: 1, borderTopColor: 'divider' } }}
        >
          {page.data.map((event, index) => (
            <TimelineEventItem key={`${event.at}:${event.kind}:${event.ref ?? ''}:${index}`} event={event} dense />
          ))}
        </Box>
      )}
      {page?.nextBefore !== undefined ? (
        <Typography variant="caption" color="text.secondary">
          The latest {page.data.length} events of this window; the timeline screen has the rest.
        </Typography>
      ) : null}
    </Box>
  );
}
