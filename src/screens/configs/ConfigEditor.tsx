/**
 * One config (GET /configs/{name}) edited as JSON: it must parse (the error names its line), the
 * change is shown as a diff before PUT /configs/{name} with the version loaded; 409 -> conflict.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConfigRecord } from '../../contract/index.ts';
import { ConflictDialog } from '../../ui/dialogs/ConflictDialog.tsx';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { useConfigSave } from '../../ui/useConfigSave.ts';
import { ConfigDiff } from './ConfigDiff.tsx';
import { formatConfig, lineDiff, parseConfigJson } from '../../domain/jsonText.ts';

export function ConfigEditor({ configName, onClose }: { configName: string; onClose: () => void }) {
  const api = useConsoleDataProvider();
  const [loaded, setLoaded] = useState<ConfigRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [reviewing, setReviewing] = useState(false);

  const load = useCallback((record: ConfigRecord) => {
    setLoaded(record);
    setText(formatConfig(record.data));
    setReviewing(false);
  }, []);

  useEffect(() => {
    let live = true;
    api.getConfig(configName).then(
      (record) => live && load(record),
      (e: unknown) => live && setLoadError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api, configName, load]);

  const { pending, error, conflict, submit, keepMine, dismissConflict, saved, setSaved, takeTheirs } = useConfigSave(configName, load);

  const parsed = useMemo(() => parseConfigJson(text), [text]);
  const before = loaded ? formatConfig(loaded.data) : '';
  const after = parsed.ok ? formatConfig(parsed.value) : text;
  const diff = useMemo(() => (reviewing ? lineDiff(before, after) : []), [reviewing, before, after]);
  const changed = parsed.ok && after !== before;

  if (loadError) return <Alert severity="error" onClose={onClose}>Could not load config {configName}: {loadError}</Alert>;
  if (!loaded) return <Typography>Reading config {configName}…</Typography>;

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Config {configName} (version {loaded.version})
      </Typography>
      <TextField
        label={`${configName} JSON`}
        multiline
        minRows={12}
        // 36 rows (then the field scrolls): with the title and the buttons the page ends inside a
        // 1920x1080 screen; 40 would run 5 px past it, a page scrollbar for nothing.
        maxRows={36}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setReviewing(false);
          setSaved(false);
        }}
        error={!parsed.ok}
        helperText={parsed.ok ? ' ' : parsed.error}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      {saved && !changed && <Alert severity="success">Saved as version {loaded.version}.</Alert>}
      {error && <Alert severity="error">Save failed: {error}</Alert>}
      {reviewing && changed && <ConfigDiff lines={diff} />}
      <Stack direction="row" spacing={1}>
        {!reviewing ? (
          <Button variant="contained" disabled={!changed} onClick={() => setReviewing(true)}>
            Review changes
          </Button>
        ) : (
          <Button variant="contained" color="warning" disabled={!changed || pending} onClick={() => parsed.ok && void submit(parsed.value, loaded.version)}>
            Save
          </Button>
        )}
        <Button onClick={() => load(loaded)} disabled={pending || text === before}>
          Discard edits
        </Button>
        <Button onClick={onClose} disabled={pending}>
          Back to configs
        </Button>
      </Stack>
      <ConflictDialog
        open={conflict !== null}
        what={`Config ${configName}`}
        theirs={conflict?.theirs}
        mine={conflict ? { configName, data: conflict.mine } : undefined}
        busy={pending}
        onKeepMine={() => void keepMine()}
        onTakeTheirs={takeTheirs}
        onCancel={dismissConflict}
      />
    </Stack>
  );
}
