/** The alert rules editor on Preferences, loaded when that screen shows it (home never loads it). */
import { Suspense } from 'react';
import Typography from '@mui/material/Typography';
import { LOADING_TEXT } from '../../config/constants.ts';
import { LoadBoundary, retryableLazy } from '../../ui/retryableLazy.tsx';

const AlertRulesSection = retryableLazy('the alert rules', () => import('./AlertRulesSection.tsx'));

export function AlertRulesPreferences() {
  return (
    <LoadBoundary>
      <Suspense fallback={<Typography variant="body2">{LOADING_TEXT}</Typography>}>
        <AlertRulesSection />
      </Suspense>
    </LoadBoundary>
  );
}
