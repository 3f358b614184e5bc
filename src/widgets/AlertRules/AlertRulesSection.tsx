/**
 * Preferences: the alert rules, which live on the server only (docs/protocol.md "Alerts
 * lifecycle"); an Admin adds and removes them, everyone else reads them. Rules a browser kept of its
 * own before are offered once for saving, then removed from the browser. Loaded lazily by the
 * settings screen.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { usePermissions } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { mayUse } from '../../config/access.ts';
import { ALERT_SEVERITIES, type AlertSeverity } from '../../config/enums.ts';
import { NETWORKS, NETWORK_INFO, isNetwork } from '../../config/networks.ts';
import type { AlertRule } from '../../contract/alertRules.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { NETWORK_RULE_KINDS, ruleFromDraft, type AlertRuleDraft } from '../../domain/alertRuleDrafts.ts';
import { describeRule, ruleKey } from '../../domain/alertRules.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { errorText } from '../../ui/errors.ts';
import { forgetStoredRules, readRules, storedRulesText } from './storedRules.ts';

const KIND_LABELS: Record<AlertRule['kind'], string> = {
  balanceBelow: 'Balance is below',
  gasAbove: 'Gas estimate is above',
  blockStale: 'Block head is stale for longer than',
  healthNotGreen: 'Service health is not green for longer than',
  noEvents: 'Nothing arrives from the server for longer than',
};

/** The value field's label: what the number is. */
const VALUE_LABELS: Record<AlertRule['kind'], string> = {
  balanceBelow: 'Balance below',
  gasAbove: 'Gas estimate above',
  blockStale: 'Seconds stale',
  healthNotGreen: 'Seconds not green',
  noEvents: 'Seconds without anything',
};

const EMPTY: AlertRuleDraft = { kind: 'balanceBelow', network: 'Ethereum', severity: 'warning', value: '', unit: 'native' };
const SEVERITY_LABELS: Record<AlertSeverity, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

const selectShared = (s: LiveState) => s.miscSettings['alertRules'];

function RuleList({ rules, label, onRemove }: { rules: readonly AlertRule[]; label: string; onRemove?: (rule: AlertRule) => void }) {
  if (rules.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        None.
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label={label} spacing={0.25} sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 720 }}>
      {rules.map((rule) => {
        const text = `${describeRule(rule)} · ${SEVERITY_LABELS[rule.severity ?? 'warning']}`;
        return (
          <Stack component="li" key={ruleKey(rule)} direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 32 }}>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {text}
            </Typography>
            {onRemove && (
              <IconButton size="small" aria-label={`Remove rule: ${text}`} title="Remove" onClick={() => onRemove(rule)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** `onAdd` resolves true once the server has the rule: only then is the value cleared (a refusal loses nothing). */
function NewRuleForm({ rules, onAdd }: { rules: readonly AlertRule[]; onAdd: (rule: AlertRule) => Promise<boolean> }) {
  const [draft, setDraft] = useState<AlertRuleDraft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<AlertRuleDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const made = ruleFromDraft(draft, rules);
    if ('problem' in made) return setProblem(made.problem);
    void onAdd(made.rule).then((saved) => {
      if (saved) setDraft((d) => ({ ...d, value: '' }));
    });
  };
  const withNetwork = NETWORK_RULE_KINDS.includes(draft.kind);
  const field = { size: 'small', fullWidth: false, margin: 'none' } as const;
  return (
    <Stack component="form" aria-label="New alert rule" noValidate onSubmit={submit} direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <TextField select label="Alert when" value={draft.kind} onChange={(e) => set({ kind: e.target.value as AlertRule['kind'] })} {...field} sx={{ width: 360 }}>
        {Object.entries(KIND_LABELS).map(([kind, label]) => (
          <MenuItem key={kind} value={kind}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {withNetwork && (
        <TextField select label="Network" value={draft.network} onChange={(e) => set({ network: e.target.value })} {...field} sx={{ width: 150 }}>
          <MenuItem value="">Any network</MenuItem>
          {NETWORKS.map((network) => (
            <MenuItem key={network} value={network}>
              {network}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={VALUE_LABELS[draft.kind]}
        value={draft.value}
        onChange={(e) => set({ value: e.target.value })}
        error={problem !== null}
        helperText={problem ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...field}
        sx={{ width: 250 }}
      />
      {draft.kind === 'balanceBelow' && (
        <TextField select label="Unit" value={draft.unit} onChange={(e) => set({ unit: e.target.value as AlertRuleDraft['unit'] })} {...field} sx={{ width: 140 }}>
          <MenuItem value="native">{isNetwork(draft.network) ? NETWORK_INFO[draft.network].native : 'Native coin'}</MenuItem>
          <MenuItem value="usd">USD</MenuItem>
        </TextField>
      )}
      <TextField select label="Severity" value={draft.severity} onChange={(e) => set({ severity: e.target.value as AlertSeverity })} {...field} sx={{ width: 130 }}>
        {ALERT_SEVERITIES.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {SEVERITY_LABELS[severity]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" sx={{ height: 40 }}>
        Add rule
      </Button>
    </Stack>
  );
}

/**
 * Rules a browser kept of its own before rules lived on the server only: offered once for saving
 * there (an Admin), then taken out of the browser either way.
 */
function BrowserRules({ shared, mayEdit, save }: { shared: readonly AlertRule[]; mayEdit: boolean; save: (rules: AlertRule[]) => Promise<void> }) {
  const [kept, setKept] = useState(() => readRules(storedRulesText(), 'stored in this browser'));
  const [error, setError] = useState<string | null>(null);
  if (kept.length === 0) return null;
  const forget = () => {
    forgetStoredRules();
    setKept([]);
  };
  const keep = async () => {
    const known = new Set(shared.map(ruleKey));
    try {
      await save([...shared, ...kept.filter((rule) => !known.has(ruleKey(rule)))]);
      forget();
    } catch (e) {
      setError(`The rules could not be saved: ${errorText(e)}. They stay in this browser until they are.`);
    }
  };
  return (
    <Alert
      severity="info"
      aria-label="Alert rules kept in this browser"
      action={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {mayEdit && (
            <Button color="inherit" size="small" onClick={() => void keep()}>
              Save them to the server
            </Button>
          )}
          <Button color="inherit" size="small" onClick={forget}>
            Remove from this browser
          </Button>
        </Stack>
      }
    >
      This browser kept {kept.length === 1 ? 'a rule' : `${kept.length} rules`} of its own: {kept.map(describeRule).join('; ')}. Rules now live on the
      server, where they are checked day and night.{mayEdit ? '' : ' Ask an Admin to add the ones you need.'}
      {error && <Typography variant="body2" color="error">{error}</Typography>}
    </Alert>
  );
}

export default function AlertRulesSection() {
  const headingId = useId();
  const { permissions } = usePermissions();
  const api = useConsoleDataProvider();
  const sharedValue = useLive(selectShared);
  const shared = useMemo(() => readRules(sharedValue, 'on the server'), [sharedValue]);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AlertRule | null>(null);
  const mayEdit = mayUse('editAlertRules', permissions);
  const save = async (next: AlertRule[]) => {
    await api.saveSharedAlertRules(next);
  };
  const change = async (next: AlertRule[]): Promise<boolean> => {
    try {
      await save(next);
      setError(null);
      return true;
    } catch (e) {
      setError(`The rules could not be saved: ${errorText(e)}`);
      return false;
    }
  };
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, gridColumn: { md: 'span 2' }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Stack spacing={0.25}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Alert rules
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The server checks these every second, signed in or not. A rule that holds raises an alert per network or service (see Alerts), and
          its message goes to the alert destinations.
        </Typography>
      </Stack>
      <BrowserRules shared={shared} mayEdit={mayEdit} save={save} />
      <RuleList rules={shared} label="Alert rules" onRemove={mayEdit ? setRemoving : undefined} />
      {error && <Alert severity="error">{error}</Alert>}
      {/* The server refuses rule changes to other roles; the access table says which (§6). */}
      {mayEdit && <NewRuleForm rules={shared} onAdd={(rule) => change([...shared, rule])} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this alert rule?"
        message={removing ? `${describeRule(removing)}. Its open alerts resolve without a message.` : ''}
        onYes={() => {
          if (removing) void change(shared.filter((rule) => rule !== removing));
          setRemoving(null);
        }}
        onNo={() => setRemoving(null)}
      />
    </Paper>
  );
}
