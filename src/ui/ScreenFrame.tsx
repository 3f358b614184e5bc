/**
 * The frame of every screen that is not a resource: its title from ROUTES (src/config/access.ts)
 * as the page's one heading, then the screen. The title is said once, in the access table, so the
 * menu and the heading cannot disagree.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ROUTES } from '../config/access.ts';

export type RoutePath = (typeof ROUTES)[number]['path'];

export function routeTitle(path: RoutePath): string {
  return ROUTES.find((r) => r.path === path)?.title ?? path;
}

export function ScreenFrame({ path, children }: { path: RoutePath; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {routeTitle(path)}
      </Typography>
      {children}
    </Box>
  );
}
