/**
 * One timeline event (docs/protocol.md "Timeline") as a list item: its time with the zone, its kind
 * and severity in words (with the severity's colour), its sentence as plain text, and its link in
 * the console. Shared by the /timeline screen and TimelineSlice.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { TimelineEvent } from '../contract/index.ts';
import { TimeText } from './TimeText.tsx';
import { TIMELINE_KIND_WORD, TIMELINE_SEVERITY_COLOUR, TIMELINE_SEVERITY_LABEL, timelineLinkText } from './timelineWords.ts';

export function TimelineEventItem({ event, dense = false }: { event: TimelineEvent; dense?: boolean }) {
  const colour = event.severity ? TIMELINE_SEVERITY_COLOUR[event.severity] : undefined;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gap: { xs: 0.5, sm: 1.5 },
        // The chips' column has one width, so every row's sentence starts at the same place.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'auto 10rem minmax(0, 1fr) auto' },
        alignItems: 'center',
        py: dense ? 0.5 : 1,
        px: 1,
        borderLeft: 4,
        borderColor: colour ? `${colour}.main` : 'divider',
        minWidth: 0,
      }}
    >
      <Box sx={{ color: 'text.secondary', fontSize: 13 }}>
        <TimeText ms={event.at} />
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" variant="outlined" label={TIMELINE_KIND_WORD[event.kind]} />
        {event.severity && colour ? <Chip size="small" color={colour} label={TIMELINE_SEVERITY_LABEL[event.severity]} /> : null}
      </Box>
      {/* Plain text: React writes it as text, so a sentence with markup in it is shown, never run. */}
      <Box sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{event.text}</Box>
      {event.link ? (
        <Link component={RouterLink} to={event.link} sx={{ whiteSpace: 'nowrap', justifySelf: { xs: 'start', sm: 'end' } }}>
          {timelineLinkText(event.link)}
        </Link>
      ) : null}
    </Box>
  );
}
