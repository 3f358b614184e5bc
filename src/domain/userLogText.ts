/**
 * A user log entry in the operator's words (docs/protocol.md "The user log"): one sentence ("admin
 * turned Sell Only on", "admin changed token USDC: decimals on Base 6 → 18") and, for changed
 * records, one line per changed field ("decimals on Base: 6 → 18"). The server computes the same
 * field diff when it writes the entry (fieldChanges). Details the console does not know are said in
 * words, never as JSON.
 */
import type { UserLog } from '../contract/index.ts';
// Types only: the details are read leniently here (no schemas on the home screen's budget); the
// server's writes are tested against the schemas.
import type { FieldChange } from '../contract/userLogDetails.ts';

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two versions of a record, by dotted path, objects walked into and
 * arrays compared whole; `ignore` are top-level fields that change on every write (version).
 */
export function fieldChanges(before: unknown, after: unknown, ignore: readonly string[] = [], prefix = ''): FieldChange[] {
  if (!isPlain(before) || !isPlain(after)) {
    return same(before, after) ? [] : [{ path: prefix, ...(before === undefined ? {} : { from: before }), ...(after === undefined ? {} : { to: after }) }];
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !(prefix === '' && ignore.includes(key)));
  return keys.flatMap((key) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const [from, to] = [before[key], after[key]];
    if (isPlain(from) && isPlain(to)) return fieldChanges(from, to, [], path);
    if (same(from, to)) return [];
    return [{ path, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) }];
  });
}

const MAX_TEXT = 80;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** A value in words: text as it is, yes/no, lists joined, objects as "key value" pairs; never braces or quotes. */
export function valueText(value: unknown, depth = 0): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (depth > 1) return `${value.length} items`;
    return clip(value.map((item) => valueText(item, depth + 1)).join(', '));
  }
  if (isPlain(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    if (depth > 1) return `${entries.length} fields`;
    return clip(entries.map(([key, item]) => `${fieldWords(key)} ${valueText(item, depth + 1)}`).join(', '));
  }
  return clip(String(value));
}

/** camelCase and dotted keys as words: "workersStartedBy" → "workers started by". */
function fieldWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
}

/** A field's path as the operator reads it: "networkData.Base.decimals" → "decimals on Base". */
export function pathText(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'networkData' && parts.length >= 2) {
    const network = parts[1] ?? '';
    return parts.length === 2 ? `network ${network}` : `${parts.slice(2).join('.')} on ${network}`;
  }
  if (parts[0] === 'data' && parts.length > 1) return parts.slice(1).join('.');
  return path === '' ? 'value' : path;
}

/** "decimals on Base: 6 → 18"; an added field "…: added 18", a removed one "…: removed (was 6)". */
export function changeText({ path, from, to }: FieldChange): string {
  if (from === undefined) return `${pathText(path)}: added ${valueText(to)}`;
  if (to === undefined) return `${pathText(path)}: removed (was ${valueText(from)})`;
  return `${pathText(path)}: ${valueText(from)} → ${valueText(to)}`;
}

/** How many changed fields a sentence names before "and N more". */
export const SENTENCE_CHANGES = 2;

/** A value short enough for a sentence: a long one (an address) keeps its start and end, "0x1234…abcd". */
function shortText(value: unknown): string {
  const text = valueText(value);
  return text.length > SHORT_TEXT ? `${text.slice(0, 8)}…${text.slice(-6)}` : text;
}
const SHORT_TEXT = 24;

function changesClause(changes: readonly FieldChange[]): string {
  if (changes.length === 0) return ' (nothing changed)';
  const named = changes.slice(0, SENTENCE_CHANGES).map((c) => {
    if (c.from === undefined) return `${pathText(c.path)} added ${shortText(c.to)}`;
    if (c.to === undefined) return `${pathText(c.path)} removed`;
    return `${pathText(c.path)} ${shortText(c.from)} → ${shortText(c.to)}`;
  });
  const more = changes.length - named.length;
  return `: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));
const onOff = (value: unknown) => (value === true ? 'on' : value === false ? 'off' : valueText(value));
const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const changesOf = (value: unknown): FieldChange[] | null =>
  Array.isArray(value) ? value.filter((c): c is FieldChange => isPlain(c) && typeof c.path === 'string') : null;

/** Settings by the name an operator knows them by. */
const SETTING_NAMES: Readonly<Record<string, string>> = { sellOnly: 'Sell Only', alertRules: 'the shared alert rules' };

/**
 * Sentences by action (contract userLogDetails.ts), after the user's name: {field} is the detail's
 * value; {changes} the changed fields. A field missing from the details leaves the template unused.
 */
const TEMPLATES: Readonly<Record<string, string>> = {
  'workers.start': 'started the workers',
  'workers.stop': 'stopped the workers',
  'session.logout': 'signed out',
  command: 'sent {cmd} to {to}',
  'peer.restart': 'restarted peer {peer}',
  'aws.restart': 'restarted cloud group {group}',
  'settings.cache.results.clear': 'cleared the checker results ({cleared} open)',
  'token.create': 'created token {name}',
  'token.update': 'changed token {name}{changes}',
  'token.delete': 'deleted token {name}',
  'bridge.create': 'created bridge {name}',
  'bridge.update': 'changed bridge {name}{changes}',
  'bridge.delete': 'deleted bridge {name}',
  'config.update': 'changed config {name}{changes}',
  'solanaBridge.create': 'added {name} to the {x} Solana config',
  'solanaBridge.update': 'changed {name} in the {x} Solana config{changes}',
  'solanaBridge.deleteNetwork': 'removed {network} from {name} in the {x} Solana config',
  'solanaBridge.delete': 'deleted {name} from the {x} Solana config',
  'solanaBridge.import': 'imported {imported} rows ({tokens} tokens, {errors} rejected) into the {x} Solana config',
  'sell.create': 'created a sell of {amount} {tokenName} on {network} (trade {tradeId})',
  'sell.update': 'changed sell {tradeId}{changes}',
  'tx.force': 'forced a trade of {amount} {tokenName} {networkBuy} → {networkSell} over {bridgeName} (trade {tradeId}, tx {txId})',
  'tx.manual': 'queued a manual {txType} of {amount} {tokenName} on {network} (tx {txId})',
  'tx.unlockNonce': 'unlocked nonce {nonce} on {network} (tx {txId})',
};

/** The template filled from the details; null when one of its fields is missing. */
function fill(template: string, d: Plain): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = d[key];
    if (key === 'changes') {
      const changes = changesOf(value);
      if (changes) return changesClause(changes);
    } else if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
    missing = true;
    return '';
  });
  return missing ? null : text;
}

/** What the user did, from details in their known shape (contract userLogDetails.ts); null when they are not. */
function knownSentence(action: string, d: Plain): string | null {
  const template = TEMPLATES[action];
  if (template !== undefined) return fill(template, d);
  const text = (key: string) => (typeof d[key] === 'string' && d[key] !== '' ? (d[key] as string) : null);
  switch (action) {
    case 'settings.misc': {
      const setting = text('setting');
      const changes = changesOf(d.changes);
      if (changes && changes.length > 1) return `changed the settings${changesClause(changes)}`;
      if (setting === 'sellOnly') return `turned Sell Only ${onOff(d.to)}`;
      if (setting === 'alertRules') return 'changed the shared alert rules';
      return setting && `set ${fieldWords(setting)} to ${valueText(d.to)} (was ${valueText(d.from)})`;
    }
    case 'alerts.ack': {
      const alert = text('alert');
      return alert && `acknowledged "${clip(alert)}"${text('comment') ? `: ${clip(text('comment') ?? '')}` : ''}${text('via') ? ` (from ${text('via')})` : ''}`;
    }
    case 'alerts.silence': {
      const reason = text('reason');
      if (!reason || typeof d.until !== 'number') return null;
      const subject = isPlain(d.subject) ? [d.subject.type, d.subject.name].filter((part) => typeof part === 'string').join(' ') : '';
      const what = [text('ruleId') ? `rule ${text('ruleId')}` : '', subject].filter(Boolean).join(', ');
      return `silenced ${what || 'alerts'} until ${new Date(d.until).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${clip(reason)}`;
    }
    case 'alerts.unsilence':
      return text('reason') && `ended the silence "${clip(text('reason') ?? '')}"`;
    case 'settings.automation.bridges':
      if (typeof d.enabled !== 'boolean') return null;
      return `turned bridge automation ${onOff(d.enabled)}${d.enabled && names(d.bridges).length > 0 ? ` for ${list(names(d.bridges))}` : ''}`;
    case 'service.restart': {
      const service = text('service');
      if (!service || !d.scaling) return service && `restarted ${service}`;
      return `restarted ${service} (scaling: deployment ${text('deploymentName') ?? service} in namespace ${text('namespace') ?? 'unknown'})`;
    }
    case 'tx.refund': {
      const txId = text('txId');
      const of = text('tradeId') ? `trade ${text('tradeId')}` : text('refundOf') ? `tx ${text('refundOf')}` : 'a tx';
      return txId && `refunded ${of} (tx ${txId})${text('reason') ? `: ${clip(text('reason') ?? '')}` : ''}`;
    }
    case 'pins.update':
    case 'pins.sell.update': {
      if (!Array.isArray(d.pins)) return null;
      const [added, removed] = [names(d.added), names(d.removed)];
      const parts = [...(added.length > 0 ? [`added ${list(added)}`] : []), ...(removed.length > 0 ? [`removed ${list(removed)}`] : [])];
      return `set the ${action === 'pins.update' ? 'pinned tokens' : 'autosell pins'} to ${list(names(d.pins))}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
    }
    case 'aws.groups': {
      const changes = changesOf(d.changes) ?? [];
      const [added, removed] = [names(d.added), names(d.removed)];
      const parts = [
        ...(added.length > 0 ? [`added ${list(added)}`] : []),
        ...(removed.length > 0 ? [`removed ${list(removed)}`] : []),
        ...(changes.length > 0 ? [`changed ${changes.length} fields`] : []),
      ];
      return `changed the cloud groups${parts.length > 0 ? `: ${parts.join('; ')}` : ' (nothing changed)'}`;
    }
  }
  return null;
}

/** Legacy entries (and other backends) kept whole records or changed fields in before/after. */
function legacyChanges(details: unknown): FieldChange[] | null {
  if (!isPlain(details) || !('before' in details || 'after' in details)) return null;
  if (!isPlain(details.before) && details.before !== undefined) return null;
  if (!isPlain(details.after) && details.after !== undefined) return null;
  return fieldChanges(details.before ?? {}, details.after ?? {}, ['version']);
}

const RECORDS = ['token', 'bridge', 'config'];
const NAME_FIELDS = ['name', 'tokenName', 'bridgeName', 'configName'] as const;
function nameIn(details: unknown): string {
  if (!isPlain(details)) return '';
  for (const candidate of [details, details.after, details.before]) {
    if (!isPlain(candidate)) continue;
    for (const field of NAME_FIELDS) {
      const value = candidate[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return '';
}

/** Sentences for entries whose details are missing or free-form (older entries, another backend). */
function fallbackSentence(log: UserLog): string {
  const { user, action, details } = log;
  const legacy = legacyChanges(details);
  const [kind = '', verb] = action.split('.');
  if (action === 'settings.misc' && legacy?.length === 1 && legacy[0]?.path === 'sellOnly') return `${user} turned Sell Only ${onOff(legacy[0].to)}`;
  const name = nameIn(details);
  if (RECORDS.includes(kind) && name) {
    if (verb === 'create') return `${user} created ${kind} ${name}`;
    if (verb === 'delete') return `${user} deleted ${kind} ${name}`;
    if (verb === 'update' && legacy) return `${user} changed ${kind} ${name}${changesClause(legacy)}`;
  }
  if (action === 'command') return `${user} sent a command`;
  const extra = details === undefined || details === null || (isPlain(details) && Object.keys(details).length === 0) ? '' : ` (${valueText(details)})`;
  return `${user}: ${fieldWords(action)}${extra}`;
}

/** The entry as one sentence in the operator's words. */
export function userLogSentence(log: UserLog): string {
  const known = isPlain(log.details) || log.details === undefined ? knownSentence(log.action, isPlain(log.details) ? log.details : {}) : null;
  return known ? `${log.user} ${known}` : fallbackSentence(log);
}

/** The changed fields of an entry, one line each ("decimals on Base: 6 → 18"); none when it changed no record. */
export function userLogChanges(log: UserLog): string[] {
  const { details } = log;
  if (isPlain(details) && Array.isArray(details.changes)) {
    const changes = details.changes.filter((c): c is FieldChange => isPlain(c) && typeof c.path === 'string');
    return changes.map(changeText);
  }
  // No diff written (workers, pins, older entries): the difference between before and after, when both are there.
  if (isPlain(details) && isPlain(details.before) && isPlain(details.after)) return (legacyChanges(details) ?? []).map(changeText);
  return [];
}

/** What the Details column says: the changed fields, else any other facts in words. */
export function userLogDetailsText(log: UserLog): string[] {
  const misc = log.details;
  if (log.action === 'settings.misc' && isPlain(misc) && typeof misc.setting === 'string' && !misc.changes) {
    const sellOnly = misc.setting === 'sellOnly';
    const value = sellOnly ? onOff : valueText;
    return [`${SETTING_NAMES[misc.setting] ?? fieldWords(misc.setting)}: ${value(sellOnly ? (misc.from ?? false) : misc.from)} → ${value(misc.to)}`];
  }
  const changes = userLogChanges(log);
  if (changes.length > 0) return changes;
  const { details } = log;
  if (details === undefined || details === null) return [];
  if (!isPlain(details)) return [valueText(details)];
  const shown = Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after' && key !== 'changes');
  return shown.map(([key, value]) => `${fieldWords(key)}: ${valueText(value)}`);
}
