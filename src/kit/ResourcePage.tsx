/** A resource screen's frame: its §2 title as the page heading, then the view. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function ResourcePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
