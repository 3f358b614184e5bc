/** §2 While a screen loads, the text Loading... is shown (Suspense fallbacks, react-admin's loading state). */
import Box from '@mui/material/Box';
import { LOADING_TEXT } from '../config/constants.ts';

export function Loading() {
  return (
    <Box role="status" sx={{ p: 3, color: 'text.secondary' }}>
      {LOADING_TEXT}
    </Box>
  );
}
