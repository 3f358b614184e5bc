/** A screen's frame: its ROUTES title as the page heading, then its content (a "coming soon" line while it has none). */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROUTES } from '../config/access.ts';

export type RoutePath = (typeof ROUTES)[number]['path'];

export function routeTitle(path: RoutePath): string {
  return ROUTES.find((r) => r.path === path)?.title ?? path;
}

export function PlaceholderPage({ path, children }: { path: RoutePath; children?: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {routeTitle(path)}
      </Typography>
      {children ?? <Typography color="text.secondary">This screen is coming soon.</Typography>}
    </Box>
  );
}
