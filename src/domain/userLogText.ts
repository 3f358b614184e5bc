/**
 * A user log entry in the operator's words (issue 25 part 5): one sentence ("admin turned Sell Only
 * on", "admin changed token USDC: decimals on Base 6 → 18") and, for changed records, one line per
 * changed field ("decimals on Base: 6 → 18"). The server computes the same field diff when it writes
 * the entry (fieldChanges). Details the console does not know are said in words, never as JSON.
 */
import type { UserLog } from '../contract/index.ts';
import { isUserLogAction, userLogDetails, type FieldChange } from '../contract/userLogDetails.ts';

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

/** A value in words: text as it is, yes/no, lists joined, objects as "key: value" pairs; never braces. */
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

function changesClause(changes: readonly FieldChange[]): string {
  if (changes.length === 0) return ' (nothing changed)';
  const named = changes.slice(0, SENTENCE_CHANGES).map((c) => {
    if (c.from === undefined) return `${pathText(c.path)} added ${valueText(c.to)}`;
    if (c.to === undefined) return `${pathText(c.path)} removed`;
    return `${pathText(c.path)} ${valueText(c.from)} → ${valueText(c.to)}`;
  });
  const more = changes.length - named.length;
  return `: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));
const onOff = (value: unknown) => (value === true ? 'on' : value === false ? 'off' : valueText(value));

/** Settings by the name an operator knows them by. */
const SETTING_NAMES: Readonly<Record<string, string>> = { sellOnly: 'Sell Only', alertRules: 'the shared alert rules' };

/** Words for an action the console does not know: "settings.cache.results.clear" → "settings cache results clear". */
const actionWords = (action: string) => fieldWords(action);

/** Legacy entries (and other backends) kept whole records or changed fields in before/after. */
function legacyChanges(details: unknown): FieldChange[] | null {
  if (!isPlain(details) || !('before' in details || 'after' in details)) return null;
  if (!isPlain(details.before) && details.before !== undefined) return null;
  if (!isPlain(details.after) && details.after !== undefined) return null;
  return fieldChanges(details.before ?? {}, details.after ?? {}, ['version']);
}

/** What a kind of record is called in a sentence. */
const RECORD_WORDS: Readonly<Record<string, string>> = { token: 'token', bridge: 'bridge', config: 'config' };

const NAME_FIELDS = ['name', 'tokenName', 'bridgeName', 'configName', 'token', 'tradeId'] as const;
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

/** The sentence for an entry whose details are in their known shape; null when they are not. */
function knownSentence(log: UserLog): string | null {
  const { user, action, details } = log;
  if (!isUserLogAction(action)) return null;
  switch (action) {
    case 'settings.misc': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      if (d.changes && d.changes.length > 1) return `${user} changed the settings${changesClause(d.changes)}`;
      if (d.setting === 'sellOnly') return `${user} turned Sell Only ${onOff(d.to)}`;
      if (d.setting === 'alertRules') return `${user} changed the shared alert rules`;
      return `${user} set ${SETTING_NAMES[d.setting] ?? fieldWords(d.setting)} to ${valueText(d.to)} (was ${valueText(d.from)})`;
    }
    case 'settings.automation.bridges': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      return d.enabled
        ? `${user} turned bridge automation on${d.bridges.length > 0 ? ` for ${list(d.bridges)}` : ''}`
        : `${user} turned bridge automation off`;
    }
    case 'settings.cache.results.clear': {
      const d = userLogDetails(action, details);
      return d ? `${user} cleared the checker results (${d.cleared} open)` : `${user} cleared the checker results`;
    }
    case 'workers.start':
      return `${user} started the workers`;
    case 'workers.stop':
      return `${user} stopped the workers`;
    case 'command': {
      const d = userLogDetails(action, details);
      return d ? `${user} sent ${d.cmd} to ${d.to}` : null;
    }
    case 'service.restart': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      if (!d.scaling) return `${user} restarted ${d.service}`;
      return `${user} restarted ${d.service} (scaling: deployment ${d.deploymentName ?? d.service} in namespace ${d.namespace ?? 'unknown'})`;
    }
    case 'peer.restart': {
      const d = userLogDetails(action, details);
      return d ? `${user} restarted peer ${d.peer}` : null;
    }
    case 'token.create':
    case 'bridge.create': {
      const d = userLogDetails(action, details);
      return d ? `${user} created ${RECORD_WORDS[action.split('.')[0] ?? ''] ?? ''} ${d.name}` : null;
    }
    case 'token.delete':
    case 'bridge.delete': {
      const d = userLogDetails(action, details);
      return d ? `${user} deleted ${RECORD_WORDS[action.split('.')[0] ?? ''] ?? ''} ${d.name}` : null;
    }
    case 'token.update':
    case 'bridge.update':
    case 'config.update': {
      const d = userLogDetails(action, details);
      return d ? `${user} changed ${RECORD_WORDS[action.split('.')[0] ?? ''] ?? ''} ${d.name}${changesClause(d.changes)}` : null;
    }
    case 'solanaBridge.create': {
      const d = userLogDetails(action, details);
      return d ? `${user} added ${d.name} to the ${d.x} Solana config` : null;
    }
    case 'solanaBridge.update': {
      const d = userLogDetails(action, details);
      return d ? `${user} changed ${d.name} in the ${d.x} Solana config${changesClause(d.changes)}` : null;
    }
    case 'solanaBridge.deleteNetwork': {
      const d = userLogDetails(action, details);
      return d ? `${user} removed ${d.network} from ${d.name} in the ${d.x} Solana config` : null;
    }
    case 'solanaBridge.delete': {
      const d = userLogDetails(action, details);
      return d ? `${user} deleted ${d.name} from the ${d.x} Solana config` : null;
    }
    case 'solanaBridge.import': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      return `${user} imported ${d.imported} rows (${d.tokens} tokens) into the ${d.x} Solana config${d.errors > 0 ? `, ${d.errors} rejected` : ''}`;
    }
    case 'sell.create': {
      const d = userLogDetails(action, details);
      return d ? `${user} created a sell of ${d.amount} ${d.tokenName} on ${d.network} (trade ${d.tradeId})` : null;
    }
    case 'sell.update': {
      const d = userLogDetails(action, details);
      return d ? `${user} changed sell ${d.tradeId}${changesClause(d.changes)}` : null;
    }
    case 'tx.refund': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      const what = d.tradeId ? `trade ${d.tradeId}` : d.refundOf ? `tx ${d.refundOf}` : 'a tx';
      return `${user} refunded ${what} (tx ${d.txId})${d.reason ? `: ${clip(d.reason)}` : ''}`;
    }
    case 'tx.force': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      return `${user} forced a trade of ${d.amount} ${d.tokenName} ${d.networkBuy} → ${d.networkSell} over ${d.bridgeName} (trade ${d.tradeId}, tx ${d.txId})`;
    }
    case 'tx.manual': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      return `${user} queued a manual ${d.txType} of ${d.amount} ${d.tokenName} on ${d.network}${d.to ? ` to ${d.to}` : ''} (tx ${d.txId})`;
    }
    case 'tx.unlockNonce': {
      const d = userLogDetails(action, details);
      return d ? `${user} unlocked nonce ${d.nonce} on ${d.network} (tx ${d.txId})` : null;
    }
    case 'pins.update':
    case 'pins.sell.update': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      const what = action === 'pins.update' ? 'pinned tokens' : 'autosell pins';
      const parts = [...(d.added.length > 0 ? [`added ${list(d.added)}`] : []), ...(d.removed.length > 0 ? [`removed ${list(d.removed)}`] : [])];
      return `${user} set the ${what} to ${list(d.pins)}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
    }
    case 'aws.groups': {
      const d = userLogDetails(action, details);
      if (!d) return null;
      const parts = [
        ...(d.added.length > 0 ? [`added ${list(d.added)}`] : []),
        ...(d.removed.length > 0 ? [`removed ${list(d.removed)}`] : []),
        ...(d.changes.length > 0 ? [`changed ${d.changes.length} fields`] : []),
      ];
      return `${user} changed the cloud groups${parts.length > 0 ? `: ${parts.join('; ')}` : ' (nothing changed)'}`;
    }
    case 'aws.restart': {
      const d = userLogDetails(action, details);
      return d ? `${user} restarted cloud group ${d.group}` : null;
    }
    case 'session.logout':
      return `${user} signed out`;
  }
  return null;
}

/** Sentences for known actions whose details are missing or free-form (older entries). */
function fallbackSentence(log: UserLog): string {
  const { user, action, details } = log;
  const legacy = legacyChanges(details);
  const [kind, verb] = action.split('.');
  if (action === 'settings.misc' && legacy && legacy.length === 1 && legacy[0]?.path === 'sellOnly') {
    return `${user} turned Sell Only ${onOff(legacy[0].to)}`;
  }
  const record = kind !== undefined ? RECORD_WORDS[kind] : undefined;
  const name = nameIn(details);
  if (record && name) {
    if (verb === 'create') return `${user} created ${record} ${name}`;
    if (verb === 'delete') return `${user} deleted ${record} ${name}`;
    if (verb === 'update' && legacy) return `${user} changed ${record} ${name}${changesClause(legacy)}`;
  }
  if (action === 'service.restart' && isPlain(details) && typeof details.service === 'string') return `${user} restarted ${details.service}`;
  if (action === 'command') return `${user} sent a command`;
  const extra = details === undefined || details === null || (isPlain(details) && Object.keys(details).length === 0) ? '' : ` (${valueText(details)})`;
  return `${user}: ${actionWords(action)}${extra}`;
}

/** The entry as one sentence in the operator's words. */
export function userLogSentence(log: UserLog): string {
  return knownSentence(log) ?? fallbackSentence(log);
}

/** The changed fields of an entry, one line each ("decimals on Base: 6 → 18"); none when it changed no record. */
export function userLogChanges(log: UserLog): string[] {
  const { details } = log;
  if (isPlain(details) && Array.isArray(details.changes)) {
    const changes = details.changes.filter((c): c is FieldChange => isPlain(c) && typeof c.path === 'string');
    return changes.map(changeText);
  }
  if (log.action.endsWith('.update')) return (legacyChanges(details) ?? []).map(changeText);
  return [];
}

/** What the Details column says: the changed fields, else any other facts in words. */
export function userLogDetailsText(log: UserLog): string[] {
  const misc = log.action === 'settings.misc' ? userLogDetails('settings.misc', log.details) : null;
  if (misc && !misc.changes) {
    const value = misc.setting === 'sellOnly' ? onOff : valueText;
    const from = misc.setting === 'sellOnly' ? (misc.from ?? false) : misc.from;
    return [`${SETTING_NAMES[misc.setting] ?? fieldWords(misc.setting)}: ${value(from)} → ${value(misc.to)}`];
  }
  const changes = userLogChanges(log);
  if (changes.length > 0) return changes;
  const { details } = log;
  if (details === undefined || details === null) return [];
  if (!isPlain(details)) return [valueText(details)];
  const shown = Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after' && key !== 'changes');
  return shown.map(([key, value]) => `${fieldWords(key)}: ${valueText(value)}`);
}
