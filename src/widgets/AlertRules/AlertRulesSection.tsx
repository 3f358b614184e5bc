/**
 * Preferences: the alert rules of this browser (localStorage), the ones an Admin saved for everyone
 * (misc settings, read only here), and for an Admin "Save for everyone". Loaded lazily by the
 * settings screen: home carries only the evaluator (AlertWatch).
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
import { NETWORKS, NETWORK_INFO, isNetwork } from '../../config/networks.ts';
import type { AlertRule } from '../../contract/alertRules.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { NETWORK_RULE_KINDS, ruleFromDraft, type AlertRuleDraft } from '../../domain/alertRuleDrafts.ts';
import { describeRule, ruleKey } from '../../domain/alertRules.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { ServerFiring } from './ServerFiring.tsx';
import { readRules, storeRules, storedRulesText } from './storedRules.ts';

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

const EMPTY: AlertRuleDraft = { kind: 'balanceBelow', network: 'Ethereum', value: '', unit: 'native' };
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
        const text = describeRule(rule);
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

function NewRuleForm({ rules, onAdd }: { rules: readonly AlertRule[]; onAdd: (rule: AlertRule) => void }) {
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
    onAdd(made.rule);
    setDraft((d) => ({ ...d, value: '' }));
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
      <Button type="submit" variant="outlined" sx={{ height: 40 }}>
        Add rule
      </Button>
    </Stack>
  );
}

function SaveForEveryone({ rules }: { rules: readonly AlertRule[] }) {
  const api = useConsoleDataProvider();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    setPending(true);
    try {
      await api.saveSharedAlertRules([...rules]);
      setResult({ ok: true, text: 'Saved for everyone.' });
    } catch (error) {
      setResult({ ok: false, text: `Save for everyone failed: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <div>
        <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
          Save for everyone
        </Button>
      </div>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <ConfirmDialog
        open={confirming}
        title="Save for everyone?"
        message={
          rules.length === 0
            ? 'This browser has no rules: every console stops evaluating the rules saved for everyone.'
            : `Every signed-in console will evaluate the ${rules.length === 1 ? 'rule' : `${rules.length} rules`} of this browser, in place of the rules saved for everyone now.`
        }
        busy={pending}
        onYes={() => void save()}
        onNo={() => setConfirming(false)}
      />
    </>
  );
}

export default function AlertRulesSection() {
  const headingId = useId();
  const { permissions } = usePermissions();
  const [rules, setRules] = useState(() => readRules(storedRulesText(), 'stored in this browser'));
  const sharedValue = useLive(selectShared);
  const shared = useMemo(() => readRules(sharedValue, 'saved for everyone'), [sharedValue]);
  const change = (next: AlertRule[]) => {
    storeRules(next);
    setRules(next);
  };
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, gridColumn: { md: 'span 2' }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Stack spacing={0.25}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Alert rules
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A rule that starts to hold shows one warning toast, which closes when it stops holding. Checked every second while you are signed in.
        </Typography>
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
        This browser
      </Typography>
      <RuleList rules={rules} label="Alert rules of this browser" onRemove={(rule) => change(rules.filter((r) => r !== rule))} />
      <NewRuleForm rules={rules} onAdd={(rule) => change([...rules, rule])} />
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
        For everyone (saved by an Admin)
      </Typography>
      <RuleList rules={shared} label="Alert rules for everyone" />
      {/* The server refuses these to other roles; the access table says which (§6). */}
      {mayUse('saveAlertRulesForEveryone', permissions) && <SaveForEveryone rules={rules} />}
      {mayUse('seeAlertsFiringOnServer', permissions) && <ServerFiring />}
    </Paper>
  );
}
