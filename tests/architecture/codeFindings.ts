/**
 * What the rule tests here share (a rule stated once: roles in the access table, numbers in one
 * formatting module): the project's sources, parsed by TypeScript's own parser so comments and
 * strings never count, what a rule finds in them named `file:line: code`, and the allowances that
 * let a finding stay, each with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts and .tsx file under `dir` (relative to the project root, with forward slashes). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

export interface Finding {
  file: string;
  line: number;
  /** The code found, as written. */
  code: string;
}

/** A finding that may stay, by file and code, and the reason it may. */
export interface Allowance {
  file: string;
  code: string;
  why: string;
}

/**
 * The nodes `visit` reports in one file, as findings. `visit` gets each node from the top and a
 * function to report one; it walks on into a node's children itself (ts.forEachChild).
 */
export function findingsIn(file: string, text: string, visit: (node: ts.Node, report: (node: ts.Node) => void) => void): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const report = (node: ts.Node) => {
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, code: node.getText(source) });
  };
  visit(source, report);
  return found;
}

/** The findings of `detect` over every source file under `dirs`. */
export function findingsUnder(dirs: readonly string[], detect: (file: string, text: string) => Finding[]): Finding[] {
  return dirs.flatMap(sourceFiles).flatMap((file) => detect(file, readFileSync(path.join(ROOT, file), 'utf8')));
}

export const describeFinding = (finding: Finding): string => `${finding.file}:${finding.line}: ${finding.code}`;

export const isAllowed = (allowances: readonly Allowance[], finding: Finding): boolean =>
  allowances.some((a) => a.file === finding.file && a.code === finding.code);

/** Allowances that match no finding any more: the code they excused is gone, so they go too. */
export const staleAllowances = (allowances: readonly Allowance[], findings: readonly Finding[]): string[] =>
  allowances.filter((a) => !findings.some((f) => f.file === a.file && f.code === a.code)).map((a) => `${a.file}: ${a.code}`);
