/** One settings card: a heading, one line saying what it is for, then its controls. */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function Section({ title, about, wide = false, children }: { title: string; about: string; wide?: boolean; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: 2, gridColumn: wide ? { md: 'span 2' } : undefined, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Stack spacing={0.25}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {about}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}
