import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * One figure of a description list (a `dl`): its term small above, its value large, in tabular
 * digits, optionally in a tone (the Performance card's and Analytics' totals).
 */
export function Figure({ term, value, tone }: { term: string; value: string; tone?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', color: tone, lineHeight: 1.3 }}>
        {value}
      </Typography>
    </Box>
  );
}
