/**
 * The destinations alerts are delivered to (Admin): listed, edited, saved as one
 * list, and each saved one tried with a test message whose answer is shown ("Delivered (200)",
 * "Refused: 401 Unauthorized"). Secrets come masked and stay so unless retyped.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SECRET_MASK, TELEGRAM_API_BASE_DEFAULT } from '../../config/alertDelivery.ts';
import { DESTINATION_KINDS, type Destination, type DestinationInput, type DestinationKind } from '../../contract/alertDelivery.ts';
import { attemptText, telegramBase } from '../../domain/alertDelivery.ts';
import { errorText } from '../../ui/errors.ts';
import { useAlertsApi } from './api.ts';

const KIND_NAMES: Record<DestinationKind, string> = { webhook: 'Webhook (JSON)', slack: 'Slack incoming webhook', telegram: 'Telegram bot' };

interface Draft {
  /** The server's id once saved; a draft's own key until then. */
  key: string;
  id?: string;
  name: string;
  kind: DestinationKind;
  enabled: boolean;
  url: string;
  chatId: string;
  botToken: string;
  apiBase: string;
  /** Telegram: firing messages carry Acknowledge and Silence 1 h, and presses from the chat are applied. */
  commands: boolean;
  /** Telegram: the Bot API address as saved; its token is only sent there (docs/protocol.md "Alerts delivery"). */
  savedApiBase?: string;
}

let drafts = 0;
const fromDestination = (d: Destination): Draft => ({
  key: d.id,
  id: d.id,
  name: d.name,
  kind: d.kind,
  enabled: d.enabled,
  url: d.url ?? '',
  chatId: d.chatId ?? '',
  botToken: d.botToken ?? '',
  apiBase: d.apiBase ?? '',
  commands: d.commands ?? false,
  savedApiBase: d.apiBase ?? '',
});
const newDraft = (): Draft => ({ key: `new-${++drafts}`, name: '', kind: 'webhook', enabled: true, url: '', chatId: '', botToken: '', apiBase: '', commands: false });

function toInput(d: Draft): DestinationInput {
  const base = { ...(d.id ? { id: d.id } : {}), name: d.name, kind: d.kind, enabled: d.enabled };
  if (d.kind === 'telegram') {
    return { ...base, chatId: d.chatId, botToken: d.botToken, ...(d.apiBase.trim() ? { apiBase: d.apiBase.trim() } : {}), ...(d.commands ? { commands: true } : {}) };
  }
  return { ...base, url: d.url.trim() };
}

/** A 400's fields ("destinations.0.url") and messages: per destination (by position) and field. */
type FieldErrors = Record<number, Partial<Record<keyof Draft, string>>>;

function refusalOf(error: unknown): { text: string; fields: FieldErrors } {
  const details = (error as { details?: unknown }).details;
  const fields: FieldErrors = {};
  const parts: string[] = [];
  if (Array.isArray(details)) {
    for (const d of details as { field?: unknown; message?: unknown }[]) {
      const match = typeof d.field === 'string' ? /^destinations\.(\d+)\.(\w+)$/.exec(d.field) : null;
      if (!match) continue;
      const index = Number(match[1]);
      parts.push(`destination ${index + 1}, ${match[2]}: ${String(d.message)}`);
      fields[index] = { ...fields[index], [match[2] as keyof Draft]: String(d.message) };
    }
  }
  return { text: parts.length > 0 ? parts.join('; ') : errorText(error), fields };
}

/**
 * The bot token's hint: a saved token is shown masked; kept masked with another Bot API address, the
 * server refuses it (it is only sent to the address it was saved with), so say so before saving.
 */
function tokenHint(d: Draft): string | undefined {
  if (!d.id) return undefined;
  const moved = d.savedApiBase !== undefined && telegramBase(d.apiBase.trim() || undefined) !== telegramBase(d.savedApiBase || undefined);
  return moved && d.botToken.startsWith(SECRET_MASK) ? 'New Bot API address: enter the bot token again' : 'Shown masked; type a new one to replace it';
}

export function DestinationsEditor({ onTested }: { onTested: () => void }) {
  const api = useAlertsApi();
  const [list, setList] = useState<Draft[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ ok: boolean; text: string } | null>(null);
  // The server's reasons, shown under the fields they are about until that field changes.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [tests, setTests] = useState<Record<string, { pending: boolean; ok?: boolean; text?: string }>>({});

  useEffect(() => {
    let live = true;
    api.destinations().then(
      ({ destinations }) => live && setList(destinations.map(fromDestination)),
      (e: unknown) => live && setLoadError(`The destinations could not be read: ${errorText(e)}`),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!list) return <Typography variant="body2">Loading...</Typography>;

  const change = (key: string, patch: Partial<Draft>) => {
    setSaved(null);
    const index = list.findIndex((d) => d.key === key);
    setFieldErrors((current) => {
      const mine = current[index];
      if (!mine) return current;
      const left = Object.fromEntries(Object.entries(mine).filter(([field]) => !(field in patch)));
      return { ...current, [index]: left };
    });
    setList((current) => current?.map((d) => (d.key === key ? { ...d, ...patch } : d)) ?? null);
  };
  const save = async () => {
    setSaving(true);
    try {
      const { destinations } = await api.saveDestinations(list.map(toInput));
      setList(destinations.map(fromDestination));
      setFieldErrors({});
      setSaved({ ok: true, text: 'Destinations saved.' });
    } catch (e) {
      const refusal = refusalOf(e);
      setFieldErrors(refusal.fields);
      setSaved({ ok: false, text: `Not saved: ${refusal.text}` });
    } finally {
      setSaving(false);
    }
  };
  const test = async (id: string) => {
    setTests((t) => ({ ...t, [id]: { pending: true } }));
    try {
      const result = await api.test(id);
      setTests((t) => ({ ...t, [id]: { pending: false, ok: result.ok, text: attemptText(result) } }));
    } catch (e) {
      setTests((t) => ({ ...t, [id]: { pending: false, ok: false, text: `The test could not be sent: ${errorText(e)}` } }));
    }
    onTested();
  };

  return (
    <Stack spacing={2}>
      {list.length === 0 && <Typography variant="body2">No destinations yet: alerts reach no one away from the console.</Typography>}
      {list.map((d, i) => {
        const label = d.name.trim() || `Destination ${i + 1}`;
        const result = d.id ? tests[d.id] : undefined;
        const errors = fieldErrors[i] ?? {};
        /** A field the server refused shows why under it; otherwise its own hint. */
        const said = (field: keyof Draft, hint?: string) => ({ error: Boolean(errors[field]), helperText: errors[field] ?? hint });
        return (
          <Paper key={d.key} component="fieldset" variant="outlined" aria-label={label} sx={{ p: 2, m: 0, minWidth: 0 }}>
            <Stack spacing={1.5}>
              <Box sx={{ display: 'grid', gap: 1.5, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' } }}>
                <TextField label="Name" size="small" value={d.name} onChange={(e) => change(d.key, { name: e.target.value })} {...said('name')} />
                <TextField select label="Kind" size="small" value={d.kind} onChange={(e) => change(d.key, { kind: e.target.value as DestinationKind })}>
                  {DESTINATION_KINDS.map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {KIND_NAMES[kind]}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel
                  control={<Switch checked={d.enabled} onChange={(e) => change(d.key, { enabled: e.target.checked })} />}
                  label="Enabled"
                />
              </Box>
              {d.kind === 'telegram' ? (
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 2fr)' } }}>
                  <TextField label="Chat ID" size="small" value={d.chatId} onChange={(e) => change(d.key, { chatId: e.target.value })} {...said('chatId')} />
                  <TextField
                    label="Bot token"
                    size="small"
                    value={d.botToken}
                    onChange={(e) => change(d.key, { botToken: e.target.value })}
                    {...said('botToken', tokenHint(d))}
                    autoComplete="off"
                  />
                  <TextField
                    label="Bot API address"
                    size="small"
                    value={d.apiBase}
                    placeholder={TELEGRAM_API_BASE_DEFAULT}
                    {...said('apiBase', `Empty: ${TELEGRAM_API_BASE_DEFAULT}`)}
                    onChange={(e) => change(d.key, { apiBase: e.target.value })}
                  />
                  <FormControlLabel
                    sx={{ gridColumn: '1 / -1' }}
                    control={<Switch checked={d.commands} onChange={(e) => change(d.key, { commands: e.target.checked })} />}
                    label="Buttons in the chat: Acknowledge and Silence 1 h (only presses from this chat count)"
                  />
                </Box>
              ) : (
                <TextField
                  label={d.kind === 'slack' ? 'Slack webhook URL' : 'Webhook URL'}
                  size="small"
                  value={d.url}
                  onChange={(e) => change(d.key, { url: e.target.value })}
                  {...said('url', d.id ? 'Shown masked; paste the whole URL to replace it' : undefined)}
                  autoComplete="off"
                />
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={!d.id || result?.pending}
                  onClick={() => d.id && void test(d.id)}
                  aria-label={`Send a test message to ${label}`}
                >
                  {result?.pending ? 'Sending…' : 'Send test'}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => {
                    setSaved(null);
                    // The reasons are by position: they no longer match once one goes.
                    setFieldErrors({});
                    setList(list.filter((x) => x.key !== d.key));
                  }}
                  aria-label={`Remove ${label}`}
                >
                  Remove
                </Button>
                {!d.id && (
                  <Typography variant="body2" color="text.secondary">
                    Save to send a test.
                  </Typography>
                )}
              </Stack>
              {result?.text && (
                <Alert severity={result.ok ? 'success' : 'error'} role="status">
                  {result.text}
                </Alert>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => setList([...list, newDraft()])}>
          Add destination
        </Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          {saving ? 'Saving…' : 'Save destinations'}
        </Button>
      </Stack>
      {saved && (
        <Alert severity={saved.ok ? 'success' : 'error'} role="status">
          {saved.text}
        </Alert>
      )}
    </Stack>
  );
}
