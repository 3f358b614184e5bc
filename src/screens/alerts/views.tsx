/**
 * /alerts and /alerts/{id} (docs/protocol.md "Alerts lifecycle"): the alerts, active ones first
 * then history, with filters for state, severity, rule, subject and time; one alert with its
 * history, its acknowledgement and silence, and the controls to acknowledge, silence and end a
 * silence. Read again whenever an alert or a silence changes on the socket.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router-dom';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SILENCE_QUICK_MS } from '../../config/alerts.ts';
import { ALERT_SEVERITIES, ALERT_STATES, type AlertSeverity } from '../../config/enums.ts';
import type { Alert, AlertSubject, Silence } from '../../contract/alerts.ts';
import { AlertRules } from '../../contract/alertRules.ts';
import { describeRule, ruleIdOf } from '../../domain/alertRules.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { errorText } from '../../ui/errors.ts';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { useFormatTime } from '../../ui/timeZone.ts';
import { TimelineSlice } from '../../ui/TimelineSlice.tsx';
import { useAlertLifecycleApi } from './api.ts';

/** How far before and after an alert its page shows the timeline. */
const SLICE_MS = 10 * 60_000;

const SEVERITY_COLOUR: Record<AlertSeverity, 'error' | 'warning' | 'info'> = { critical: 'error', warning: 'warning', info: 'info' };
const STATE_WORDS: Record<Alert['state'], string> = { pending: 'Pending', firing: 'Firing', resolved: 'Resolved' };
const HISTORY_WORDS: Record<Alert['history'][number]['event'], string> = {
  pending: 'started to hold (pending)',
  firing: 'fired',
  resolved: 'resolved',
  reopened: 'held again: reopened',
  acknowledged: 'acknowledged',
  silenced: 'silenced',
  unsilenced: 'silence ended',
};

/** Time ranges the list offers, by the start of the alerts. */
const RANGES = [
  { value: 'hour', label: 'Last hour', ms: 3_600_000 },
  { value: 'day', label: 'Last 24 hours', ms: 86_400_000 },
  { value: 'week', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { value: 'all', label: 'Any time', ms: null },
] as const;

/** How long a silence lasts, as offered. */
const SILENCE_FOR = [
  { label: '1 hour', ms: SILENCE_QUICK_MS },
  { label: '4 hours', ms: 4 * 3_600_000 },
  { label: '24 hours', ms: 86_400_000 },
  { label: '7 days', ms: 7 * 86_400_000 - 60_000 },
] as const;

const subjectText = (subject: AlertSubject): string =>
  subject.type === 'system' ? 'The system' : `${subject.type === 'network' ? 'Network' : 'Service'} ${subject.name ?? ''}`;

const selectChanges = (s: LiveState) => s.alerts;
const selectSilences = (s: LiveState) => s.silences;

/** docs/protocol.md "Alerts lifecycle" is optional: a backend without it answers 404, said in one sentence. */
const NOT_PROVIDED = 'This backend does not keep alerts (an optional part of the protocol): the alert rules are not evaluated into alerts here.';
const isNotProvided = (e: unknown): boolean => (e as { status?: unknown } | null)?.status === 404;

const selectRules = (s: LiveState) => s.miscSettings['alertRules'];

/** A rule by its id in words ("Rule: Balance on Base below 0.50 ETH"), from the rules the server holds; its id when it is gone. */
function useRuleWords(): (ruleId: string) => string {
  const value = useLive(selectRules);
  return useMemo(() => {
    const parsed = AlertRules.safeParse(value ?? []);
    const byId = new Map((parsed.success ? parsed.data : []).map((rule) => [ruleIdOf(rule), describeRule(rule)]));
    return (ruleId: string) => {
      const words = byId.get(ruleId);
      return words ? `Rule: ${words}` : `Rule ${ruleId} (no longer set)`;
    };
  }, [value]);
}

/** Bumps when an alert or a silence changes on the socket: the screen reads again. */
function useLiveChanges(): unknown {
  const alerts = useLive(selectChanges);
  const silences = useLive(selectSilences);
  return useMemo(() => [alerts, silences], [alerts, silences]);
}

function SeverityChip({ severity }: { severity: AlertSeverity }) {
  return <Chip size="small" color={SEVERITY_COLOUR[severity]} label={severity[0]?.toUpperCase() + severity.slice(1)} sx={{ fontWeight: 600 }} />;
}

/** "Firing · acknowledged by alice · silenced until …" */
function StateText({ alert, silences }: { alert: Alert; silences: readonly Silence[] }) {
  const formatTime = useFormatTime();
  const silence = alert.silenceId ? silences.find((s) => s.id === alert.silenceId) : undefined;
  const parts = [STATE_WORDS[alert.state]];
  if (alert.ack) parts.push(`acknowledged by ${alert.ack.by} at ${formatTime(alert.ack.at)}${alert.ack.comment ? `: ${alert.ack.comment}` : ''}`);
  if (alert.silenceId) parts.push(silence ? `silenced by ${silence.by} until ${formatTime(silence.until)} (${silence.reason})` : 'silenced');
  return (
    <Typography variant="body2" color={alert.state === 'firing' ? 'text.primary' : 'text.secondary'}>
      {parts.join(' · ')}
    </Typography>
  );
}

function AlertList() {
  const api = useAlertLifecycleApi();
  const formatTime = useFormatTime();
  const changes = useLiveChanges();
  const silences = useLive(selectSilences);
  const [state, setState] = useState<'all' | 'active' | Alert['state']>('all');
  const [severity, setSeverity] = useState<'all' | AlertSeverity>('all');
  const [rule, setRule] = useState('all');
  const [subject, setSubject] = useState('all');
  const [range, setRange] = useState<(typeof RANGES)[number]['value']>('day');
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ruleWords = useRuleWords();

  useEffect(() => {
    let live = true;
    const ms = RANGES.find((r) => r.value === range)?.ms ?? null;
    api.list({ state: state === 'active' ? 'active' : 'all', ...(ms === null ? {} : { from: Date.now() - ms }) }).then(
      ({ data }) => {
        if (!live) return;
        setAlerts(data);
        setError(null);
      },
      (e: unknown) => live && setError(isNotProvided(e) ? NOT_PROVIDED : `The alerts could not be read: ${errorText(e)}`),
    );
    return () => {
      live = false;
    };
  }, [api, state, range, changes]);

  const rules = useMemo(() => [...new Set((alerts ?? []).map((a) => a.ruleId))].sort(), [alerts]);
  const subjects = useMemo(() => [...new Set((alerts ?? []).map((a) => subjectText(a.subject)))].sort(), [alerts]);
  const shown = (alerts ?? []).filter(
    (a) =>
      (state === 'all' || state === 'active' || a.state === state) &&
      (severity === 'all' || a.severity === severity) &&
      (rule === 'all' || a.ruleId === rule) &&
      (subject === 'all' || subjectText(a.subject) === subject),
  );
  const select = { select: true, size: 'small', fullWidth: false, sx: { width: { xs: '100%', sm: 220 } } } as const;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack component="form" aria-label="Filter the alerts" direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }} onSubmit={(e) => e.preventDefault()}>
        <TextField {...select} label="State" value={state} onChange={(e) => setState(e.target.value as typeof state)}>
          <MenuItem value="all">Any state</MenuItem>
          <MenuItem value="active">Active (pending or firing)</MenuItem>
          {ALERT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATE_WORDS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...select} label="Severity" value={severity} onChange={(e) => setSeverity(e.target.value as typeof severity)}>
          <MenuItem value="all">Any severity</MenuItem>
          {ALERT_SEVERITIES.map((s) => (
            <MenuItem key={s} value={s}>
              {s[0]?.toUpperCase() + s.slice(1)}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...select} label="Rule" value={rule} onChange={(e) => setRule(e.target.value)}>
          <MenuItem value="all">Any rule</MenuItem>
          {rules.map((r) => (
            <MenuItem key={r} value={r}>
              {ruleWords(r)}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...select} label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)}>
          <MenuItem value="all">Any subject</MenuItem>
          {subjects.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...select} label="Started" value={range} onChange={(e) => setRange(e.target.value as typeof range)}>
          {RANGES.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error && <MuiAlert severity={error === NOT_PROVIDED ? 'info' : 'error'}>{error}</MuiAlert>}
      {alerts === null && !error && <Typography variant="body2">Loading…</Typography>}
      {alerts !== null && shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No alert matches these filters.
        </Typography>
      )}
      <Stack component="ul" aria-label="Alerts" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {shown.map((alert) => (
          <Paper component="li" key={alert.id} variant="outlined" sx={{ p: 1.5, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <SeverityChip severity={alert.severity} />
              <Link component={RouterLink} to={`/alerts/${encodeURIComponent(alert.id)}`} sx={{ fontWeight: 600 }}>
                {alert.text}
              </Link>
            </Stack>
            <StateText alert={alert} silences={silences} />
            <Typography variant="body2" color="text.secondary">
              {subjectText(alert.subject)} · {ruleWords(alert.ruleId)} · started {formatTime(alert.startedAt)}
              {alert.resolvedAt ? ` · resolved ${formatTime(alert.resolvedAt)}` : ''}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function AckDialog({ alert, onDone, onClose }: { alert: Alert; onDone: () => void; onClose: () => void }) {
  const api = useAlertLifecycleApi();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setBusy(true);
    api.ack(alert.id, comment).then(
      () => onDone(),
      (e: unknown) => {
        setBusy(false);
        setError(`Not acknowledged: ${errorText(e)}`);
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="ack-title" fullWidth maxWidth="sm">
      <DialogTitle id="ack-title">Acknowledge this alert</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {alert.text}. Everyone sees that you are on it.
        </Typography>
        <TextField label="Comment (optional)" value={comment} onChange={(e) => setComment(e.target.value)} fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
        {error && <MuiAlert severity="error" sx={{ mt: 2 }}>{error}</MuiAlert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Acknowledge
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SilenceDialog({ alert, onDone, onClose }: { alert: Alert; onDone: () => void; onClose: () => void }) {
  const api = useAlertLifecycleApi();
  const [scope, setScope] = useState<'both' | 'rule' | 'subject'>('both');
  const [forMs, setForMs] = useState<number>(SILENCE_QUICK_MS);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = () => {
    if (reason.trim() === '') return setProblem('Say why, so the next person on call knows');
    setBusy(true);
    const body = {
      ...(scope !== 'subject' ? { ruleId: alert.ruleId } : {}),
      ...(scope !== 'rule' ? { subject: alert.subject } : {}),
      until: Date.now() + forMs,
      reason: reason.trim(),
    };
    api.silence(body).then(
      () => onDone(),
      (e: unknown) => {
        setBusy(false);
        setError(`Not silenced: ${errorText(e)}`);
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="silence-title" fullWidth maxWidth="sm">
      <DialogTitle id="silence-title">Silence alerts</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">Silenced alerts still show here and on the status line, but no message goes to the alert destinations.</Typography>
          <TextField select label="What to silence" value={scope} onChange={(e) => setScope(e.target.value as typeof scope)} fullWidth>
            <MenuItem value="both">This rule on {subjectText(alert.subject).toLowerCase()}</MenuItem>
            <MenuItem value="rule">This rule, every subject</MenuItem>
            <MenuItem value="subject">{subjectText(alert.subject)}, every rule</MenuItem>
          </TextField>
          <TextField select label="For" value={forMs} onChange={(e) => setForMs(Number(e.target.value))} fullWidth>
            {SILENCE_FOR.map((option) => (
              <MenuItem key={option.label} value={option.ms}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reason"
            required
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? ' '}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {error && <MuiAlert severity="error">{error}</MuiAlert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={submit} disabled={busy}>
          Silence
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AlertShow() {
  const { id = '' } = useParams();
  const api = useAlertLifecycleApi();
  const formatTime = useFormatTime();
  const changes = useLiveChanges();
  const silences = useLive(selectSilences);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'ack' | 'silence' | 'unsilence' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const ruleWords = useRuleWords();
  // The slice of the timeline ends at a fixed time: a window moving with every render would read it again each time.
  const [openedAt] = useState(() => Date.now());
  const reread = useCallback(() => setReads((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    api.get(id).then(
      (a) => {
        if (!live) return;
        setAlert(a);
        setError(null);
      },
      (e: unknown) => live && setError(`The alert could not be read: ${errorText(e)}`),
    );
    return () => {
      live = false;
    };
  }, [api, id, changes, reads]);

  const silence = alert?.silenceId ? silences.find((s) => s.id === alert.silenceId) : undefined;
  const done = (text: string) => () => {
    setDialog(null);
    setNote(text);
    reread();
  };
  return (
    <Stack spacing={2} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Link component={RouterLink} to="/alerts">
        All alerts
      </Link>
      {error && <MuiAlert severity="error">{error}</MuiAlert>}
      {note && (
        <MuiAlert severity="success" onClose={() => setNote(null)}>
          {note}
        </MuiAlert>
      )}
      {alert && (
        <Paper variant="outlined" component="article" aria-label="The alert" sx={{ p: 2, minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <SeverityChip severity={alert.severity} />
            <Typography variant="h6" component="h2">
              {alert.text}
            </Typography>
          </Stack>
          <StateText alert={alert} silences={silences} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {subjectText(alert.subject)} · {ruleWords(alert.ruleId)} · started {formatTime(alert.startedAt)}
            {alert.firingAt ? ` · fired ${formatTime(alert.firingAt)}` : ''}
            {alert.resolvedAt ? ` · resolved ${formatTime(alert.resolvedAt)}` : ''}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
            {alert.state !== 'resolved' && (
              <Button variant="contained" onClick={() => setDialog('ack')}>
                {alert.ack ? 'Acknowledge again' : 'Acknowledge'}
              </Button>
            )}
            {silence ? (
              <Button variant="outlined" color="warning" onClick={() => setDialog('unsilence')}>
                End silence
              </Button>
            ) : (
              <Button variant="outlined" color="warning" onClick={() => setDialog('silence')}>
                Silence…
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {alert && (
        <Box component="section" aria-labelledby="alert-history">
          <Typography id="alert-history" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            History
          </Typography>
          <Stack component="ol" aria-label="History of this alert" spacing={0.5} sx={{ m: 0, pl: 3 }}>
            {alert.history.map((entry, i) => (
              <li key={`${entry.at}-${i}`}>
                <Typography variant="body2">
                  {formatTime(entry.at)}: {HISTORY_WORDS[entry.event]}
                  {entry.by ? ` by ${entry.by}` : ''}
                </Typography>
              </li>
            ))}
          </Stack>
        </Box>
      )}
      {alert && (
        // docs/protocol.md "Timeline": what else happened from 10 minutes before it started to 10 minutes after it ended (or now).
        <TimelineSlice from={alert.startedAt - SLICE_MS} to={(alert.resolvedAt ?? openedAt) + SLICE_MS} title="Around this alert" />
      )}
      {alert && dialog === 'ack' && <AckDialog alert={alert} onClose={() => setDialog(null)} onDone={done('Acknowledged: everyone sees that you are on it.')} />}
      {alert && dialog === 'silence' && <SilenceDialog alert={alert} onClose={() => setDialog(null)} onDone={done('Silenced: no message goes out for it until the silence ends.')} />}
      <ConfirmDialog
        open={dialog === 'unsilence' && silence !== undefined}
        title="End this silence?"
        message={silence ? `Silenced by ${silence.by}: ${silence.reason}. Messages go out again for what it covers.` : ''}
        onNo={() => setDialog(null)}
        onYes={() => {
          if (!silence) return;
          api.endSilence(silence.id).then(done('The silence has ended.'), (e: unknown) => {
            setDialog(null);
            setError(`The silence could not be ended: ${errorText(e)}`);
          });
        }}
      />
    </Stack>
  );
}

export default function AlertsPage() {
  return (
    <ScreenFrame path="/alerts/*">
      <Routes>
        <Route index element={<AlertList />} />
        <Route path=":id" element={<AlertShow />} />
      </Routes>
    </ScreenFrame>
  );
}
