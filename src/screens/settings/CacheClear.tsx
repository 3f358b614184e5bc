/** POST /settings/cache/results/clear, after a confirmation. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { Section } from '../../ui/Section.tsx';

export function CacheClear() {
  const api = useConsoleDataProvider();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const clear = async () => {
    setPending(true);
    try {
      await api.clearResultsCache();
      setResult({ ok: true, text: 'Results cache cleared.' });
    } catch (e) {
      setResult({ ok: false, text: `Clearing the cache failed: ${errorText(e)}` });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <Section title="Cache" about="The checker results every console shows. Clearing drops them everywhere; the next iterations rebuild them.">
      <div>
        <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
          Clear results cache
        </Button>
      </div>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <ConfirmDialog
        open={confirming}
        title="Clear results cache"
        message="Clear the checker results cache? The results disappear from every console and are rebuilt by the next iterations."
        busy={pending}
        onYes={() => void clear()}
        onNo={() => setConfirming(false)}
      />
    </Section>
  );
}
