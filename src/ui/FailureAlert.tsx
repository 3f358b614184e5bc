/** What the console's error boundaries show: what failed, its own words, Try again and (unless dense) Reload page. */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FailureAlertProps {
  children: ReactNode;
  /** The error's own words, in monospace under the message (left out when dense). */
  detail?: string;
  onRetry: () => void;
  /** Smaller, for a place with little room (a floating window, a corner): no detail, no Reload page. */
  dense?: boolean;
  sx?: SxProps<Theme>;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

export function FailureAlert({ children, detail, onRetry, dense = false, sx }: FailureAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx ?? (dense ? { m: 1 } : { m: 2, maxWidth: 720 })}
      action={
        <>
          <Button color="inherit" sx={nowrap} onClick={onRetry}>
            Try again
          </Button>
          {dense ? null : (
            <Button color="inherit" sx={nowrap} onClick={() => window.location.reload()}>
              Reload page
            </Button>
          )}
        </>
      }
    >
      {children}
      {dense || detail === undefined ? null : (
        <Box sx={{ mt: 0.5, fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word', opacity: 0.85 }}>{detail}</Box>
      )}
    </Alert>
  );
}
