/**
 * The timeline's kind filter: one chip per kind the role may see, each a toggle button with its
 * name. None pressed shows every kind, as a list with no filter does.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TimelineKind } from '../../config/enums.ts';
import { TIMELINE_KIND_LABEL } from '../../ui/timelineWords.ts';

export function KindFilter({ kinds, chosen, onChange }: { kinds: readonly TimelineKind[]; chosen: readonly TimelineKind[]; onChange: (next: TimelineKind[]) => void }) {
  return (
    <Box role="group" aria-label="Kinds" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {kinds.map((kind) => {
        const pressed = chosen.includes(kind);
        return (
          <Chip
            key={kind}
            label={TIMELINE_KIND_LABEL[kind]}
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? chosen.filter((k) => k !== kind) : kinds.filter((k) => k === kind || chosen.includes(k)))}
            sx={{ minHeight: 32 }}
          />
        );
      })}
    </Box>
  );
}
