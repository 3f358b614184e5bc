/** Before/after of a config edit, line by line: removed lines marked -, added +. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DiffLine } from '../../domain/jsonText.ts';

export function ConfigDiff({ lines }: { lines: readonly DiffLine[] }) {
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  return (
    <section aria-label="Changes">
      <Typography variant="subtitle2" component="h3">
        Changes: {added} added, {removed} removed
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 1, fontSize: 12, overflow: 'auto', maxHeight: 400, bgcolor: 'action.hover' }}>
        {lines.map((line, i) => (
          <Box
            key={i}
            component="div"
            data-kind={line.kind}
            sx={{
              color: line.kind === 'added' ? 'success.main' : line.kind === 'removed' ? 'error.main' : 'text.secondary',
            }}
          >
            {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
            {line.text}
          </Box>
        ))}
      </Box>
    </section>
  );
}
