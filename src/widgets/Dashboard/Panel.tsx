import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A dense titled panel of the operations dashboard. */
export function Panel({ title, children, gridArea }: { title: string; children: ReactNode; gridArea?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 1.5, gridArea, minWidth: 0 }}>
      <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.6, display: 'block', mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
