/**
 * What a Solana bridge CSV import (POST /solana-bridge/{x}/import) would write, worked out from
 * the text alone: pure, so that it runs the same in a worker thread (solanaImports.ts), in slices
 * on the main thread, or in a unit test. The header must name token,network,address,decimals (any
 * order, any case); each other row is checked field by field and valid rows are kept even when
 * others fail.
 */
import { z } from 'zod';
import { Address, Decimals, NetworkName, RecordName, addressProblem } from '../../../src/contract/index.ts';
import type { SolanaBridgeData } from '../db/repos/solanaBridge.ts';
import { csvRecords } from './csv.ts';

const CSV_COLUMNS = ['token', 'network', 'address', 'decimals'] as const;

/** One CSV row, checked field by field. */
const CsvRow = z.object({
  token: RecordName,
  network: NetworkName,
  address: Address,
  decimals: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(Decimals),
});

export interface ImportError {
  /** Line of the CSV text the row starts on (the header is line 1). */
  row: number;
  message: string;
}

export interface ImportPlan {
  /** New entries per token, in file order. */
  byToken: Map<string, SolanaBridgeData>;
  imported: number;
  errors: ImportError[];
}

/** A header that does not name the four columns fails the whole import (a 400), nothing else does. */
export type ImportOutcome = { plan: ImportPlan } | { badHeader: string };

export const BAD_HEADER = `the first line must name the columns ${CSV_COLUMNS.join(',')}`;

/**
 * planImport a slice at a time: the generator pauses after every `rowsPerPause` rows and returns
 * the outcome when the text is read.
 */
export function* planImportSteps(csv: string, rowsPerPause: number): Generator<void, ImportOutcome, undefined> {
  const records = csvRecords(csv);
  const header = records.next();
  const names = (header.done ? [] : header.value.fields).map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof CSV_COLUMNS)[number], number>;
  if (CSV_COLUMNS.some((column) => index[column] < 0)) return { badHeader: BAD_HEADER };
  const plan: ImportPlan = { byToken: new Map(), imported: 0, errors: [] };
  const firstRowOf = new Map<string, number>();
  let rows = 0;
  for (const { line, fields } of records) {
    if (++rows % rowsPerPause === 0) yield;
    if (fields.length !== names.length) {
      plan.errors.push({ row: line, message: `expected ${names.length} columns, got ${fields.length}` });
      continue;
    }
    const parsed = CsvRow.safeParse(Object.fromEntries(CSV_COLUMNS.map((column) => [column, fields[index[column]]?.trim()])));
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      plan.errors.push({ row: line, message });
      continue;
    }
    const { token, network, address, decimals } = parsed.data;
    const problem = addressProblem(network, address);
    if (problem) {
      plan.errors.push({ row: line, message: `address: ${problem}` });
      continue;
    }
    const key = `${token}\u0000${network}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      plan.errors.push({ row: line, message: `${token} on ${network} is already on row ${first}` });
      continue;
    }
    firstRowOf.set(key, line);
    const data = plan.byToken.get(token) ?? {};
    data[network] = { address, decimals };
    plan.byToken.set(token, data);
    plan.imported++;
  }
  return { plan };
}

/** The whole plan in one call (what the worker thread runs). */
export function planImport(csv: string): ImportOutcome {
  const steps = planImportSteps(csv, Number.POSITIVE_INFINITY);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
