/**
 * A 400's details (`[{in, field, message}]`, docs/protocol.md "Errors") placed beside a form's
 * fields in the operator's words: the server's field names become the form's labels, zod's stock
 * sentences ("Too big: expected number to be <=10000") become plain ones, and what no field of the
 * form shows (a path parameter, a field the form does not have) goes to one general line.
 */
import { ValidationIssue } from '../contract/index.ts';

export interface PlacedIssues {
  /** Field name -> the server's message, in the operator's words. */
  fields: Record<string, string>;
  /** What belongs to no field of the form, one entry per issue. */
  general: string[];
}

/** zod's stock messages, as the server words them, and what an operator reads instead ($1: the limit). */
const STOCK_MESSAGES: readonly (readonly [RegExp, string])[] = [
  [/^Invalid input: expected \w+, received undefined$/, 'is required'],
  [/^Invalid input: expected (?:number|int), received NaN$/, 'must be a number'],
  [/^Invalid input: expected int, received number$/, 'must be a whole number'],
  [/^Invalid input: expected number, received \w+$/, 'must be a number'],
  [/^Invalid input: expected string, received \w+$/, 'must be text'],
  [/^Invalid option: expected one of .*$/, 'must be one of the choices offered'],
  [/^Too small: expected string to have >=1 characters?$/, 'is required'],
  [/^Too big: expected string to have <=(\d+) characters?$/, 'must be at most $1 characters'],
  [/^Too small: expected number to be >0$/, 'must be greater than 0'],
  [/^Too small: expected number to be >=0$/, 'must be 0 or more'],
  [/^Too small: expected number to be >=(\S+)$/, 'must be at least $1'],
  [/^Too small: expected number to be >(\S+)$/, 'must be greater than $1'],
  [/^Too big: expected number to be <=(\S+)$/, 'must be at most $1'],
  [/^Too big: expected number to be <(\S+)$/, 'must be less than $1'],
  [/^unknown field$/, 'is not a field this call takes'],
];

/** "Slippage (bps)" -> "Slippage": the label without its unit or "(optional)", to start a sentence with. */
export function shortLabel(label: string): string {
  return label.replace(/\s*\([^)]*\)\s*$/, '');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Field names written as code (networkBuy, tradeId); plain words (network, to) are left alone in messages. */
const CODE_NAME = /[a-z][A-Z]/;

/**
 * One server message in the operator's words: stock zod sentences replaced, field names written as
 * code replaced by their labels, and a predicate ("must differ from networkBuy") given its subject.
 */
export function operatorMessage(message: string, subject: string, labels: Readonly<Record<string, string>>): string {
  let text = message.trim();
  for (const [pattern, plain] of STOCK_MESSAGES) {
    if (pattern.test(text)) {
      text = text.replace(pattern, plain);
      break;
    }
  }
  for (const [field, label] of Object.entries(labels)) {
    if (!CODE_NAME.test(field)) continue;
    text = text.replace(new RegExp(`\\b${escaped(field)}\\b`, 'g'), shortLabel(label));
  }
  if (/^(?:must|is|are|should|cannot|can't)\b/.test(text)) return `${subject} ${text}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Where each issue of a 400's details goes: beside its field when the form has one by that name
 * (body issues only), else to the general line. Undefined when details is not such a list.
 */
export function placeServerIssues(details: unknown, labels: Readonly<Record<string, string>>): PlacedIssues | undefined {
  if (!Array.isArray(details)) return undefined;
  const issues = details.flatMap((entry: unknown) => {
    const parsed = ValidationIssue.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  if (issues.length === 0) return undefined;
  const placed: PlacedIssues = { fields: {}, general: [] };
  for (const issue of issues) {
    const label = issue.in === 'body' ? labels[issue.field] : undefined;
    if (label !== undefined) {
      placed.fields[issue.field] ??= operatorMessage(issue.message, shortLabel(label), labels);
    } else {
      const known = labels[issue.field];
      const subject = issue.field === '' ? 'The request' : known === undefined ? issue.field : shortLabel(known);
      placed.general.push(operatorMessage(issue.message, subject, labels));
    }
  }
  return placed;
}
