/**
 * The last safety net of the signed-in frame: a render error outside a screen (header widgets,
 * toasts, floating windows) would otherwise unmount the whole console and leave a blank page.
 * Screens have react-admin's own boundary; this one catches what reaches the frame, says so in
 * words, and offers Try again (render the frame again) and Reload page. React logs the error.
 */
import { Component, type ReactNode } from 'react';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { FailureAlert } from './FailureAlert.tsx';

interface CrashBoundaryState {
  error: { value: unknown } | null;
}

function errorText(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
}

export class CrashBoundary extends Component<{ children: ReactNode }, CrashBoundaryState> {
  override state: CrashBoundaryState = { error: null };

  static getDerivedStateFromError(value: unknown): CrashBoundaryState {
    return { error: { value } };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <Box component="main" sx={{ minHeight: '100vh', p: 3, bgcolor: 'background.default' }}>
        <FailureAlert sx={{ maxWidth: 720 }} detail={errorText(error.value)} onRetry={() => this.setState({ error: null })}>
          <AlertTitle>The console stopped on an error</AlertTitle>
          Try again, or reload the page if it happens again.
        </FailureAlert>
      </Box>
    );
  }
}
