/**
 * §6 Who may do what is said in one table, src/config/access.ts, which the console reads through its
 * helpers and the server through server/src/auth/permissions.ts. A role compared anywhere else is a
 * second table nobody reads: this test parses every file of src/ and server/src (TypeScript's own
 * parser, so comments and strings never count) and fails, naming each `file:line: code`, on a
 * comparison with a role outside those two folders. What must stay is allowed below, each with why.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import { describeFinding, findingsIn, findingsUnder, isAllowed, staleAllowances, type Allowance, type Finding } from './codeFindings.ts';

/** Where the table and its readers live: role comparisons belong there. */
const TABLE_FOLDERS = ['src/config/', 'server/src/auth/'];

/** The role names a comparison could spell out, and the constants that hold them. */
const ROLE_NAMES: ReadonlySet<string> = new Set([ADMIN_ROLE, OPERATOR_ROLE]);
const ROLE_CONSTANTS: ReadonlySet<string> = new Set(['ADMIN_ROLE', 'OPERATOR_ROLE']);
/** A helper comparing a role with Admin, by the name such a helper had: a call to one is a comparison too. */
const ROLE_HELPERS: ReadonlySet<string> = new Set(['isAdminRole']);

/**
 * Role comparisons that stay outside the table, by file and code, each with the reason. One that no
 * longer matches anything fails the test too, so this list never outlives its code.
 */
const ALLOWED: readonly Allowance[] = [
  {
    file: 'src/kit/register.tsx',
    code: "role !== ''",
    why: "'' is what getPermissions answers without a session: whether someone is signed in, not which role",
  },
  {
    file: 'server/src/db/seed.ts',
    code: 'ADMIN_ROLE',
    why: 'login identity data: the role the seeded admin key signs in with',
  },
  {
    file: 'server/src/db/seed.ts',
    code: 'OPERATOR_ROLE',
    why: 'login identity data: the role the seeded operator key signs in with',
  },
  {
    file: 'server/src/db/seed.ts',
    code: 'stored.role === role',
    why: 'login identity data: a stored key is kept only while its role is still the one seeded',
  },
];

const EQUALITY: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** A name that holds a role: `role`, `session.role`, `userRole`. */
const isRoleName = (name: string) => name === 'role' || /Role$/.test(name);

/** The expression inside parentheses, `as`, `!` and `satisfies`. */
function unwrapped(node: ts.Expression): ts.Expression {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node)) {
    return unwrapped(node.expression);
  }
  return node;
}

/** An expression that is a role or a role name: a role variable or property, a role constant, 'Admin'. */
function isRoleLike(node: ts.Expression): boolean {
  const inner = unwrapped(node);
  if (ts.isStringLiteralLike(inner)) return ROLE_NAMES.has(inner.text);
  if (ts.isIdentifier(inner)) return isRoleName(inner.text) || ROLE_CONSTANTS.has(inner.text);
  if (ts.isPropertyAccessExpression(inner)) return isRoleName(inner.name.text) || ROLE_CONSTANTS.has(inner.name.text);
  return false;
}

const calleeName = (call: ts.CallExpression) => {
  const callee = unwrapped(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
};

/** Every comparison with a role in a file: `===`/`!==` with one, a switch or case on one, a role list's includes/has, the Admin helper, a role constant used. */
function roleComparisons(file: string, text: string): Finding[] {
  return findingsIn(file, text, function visit(node, add) {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind) && (isRoleLike(node.left) || isRoleLike(node.right))) {
      add(node);
      return;
    }
    if (ts.isSwitchStatement(node) && isRoleLike(node.expression)) add(node.expression);
    if (ts.isCaseClause(node) && isRoleLike(node.expression)) {
      add(node.expression);
      for (const statement of node.statements) visit(statement, add);
      return;
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (ROLE_HELPERS.has(name)) {
        add(node);
        return;
      }
      if ((name === 'includes' || name === 'has') && node.arguments.some(isRoleLike)) {
        add(node);
        return;
      }
    }
    if (ts.isIdentifier(node) && ROLE_CONSTANTS.has(node.text)) add(node);
    ts.forEachChild(node, (child) => visit(child, add));
  });
}

const FINDINGS = findingsUnder(['src', 'server/src'], roleComparisons);
const inTable = (finding: Finding) => TABLE_FOLDERS.some((folder) => finding.file.startsWith(folder));

describe('§6 no role is compared outside the access table', () => {
  it('reads the sources (the check below would pass on nothing): the table\'s own rule is found, in its folder', () => {
    expect(FINDINGS.filter(inTable).map((f) => `${f.file}: ${f.code}`)).toContain('src/config/access.ts: role === ADMIN_ROLE');
    expect(FINDINGS.some((f) => f.file === 'server/src/db/seed.ts')).toBe(true);
  });

  it('§6 outside src/config and server/src/auth, a role is compared only where allowed, with a reason', () => {
    expect(FINDINGS.filter((f) => !inTable(f) && !isAllowed(ALLOWED, f)).map(describeFinding)).toEqual([]);
  });

  it('every allowance still matches code and says why (one nothing needs any more goes)', () => {
    expect(staleAllowances(ALLOWED, FINDINGS.filter((f) => !inTable(f)))).toEqual([]);
    for (const allowance of ALLOWED) expect(allowance.why.length, `${allowance.file}: ${allowance.code}`).toBeGreaterThan(20);
  });

  it('the detector catches each way of comparing a role (checked on code written for the purpose)', () => {
    const sample = [
      "if (session.role !== 'Admin') throw new Error();",
      'const admin = role === ADMIN_ROLE;',
      "const operator = 'Operator' == user.role;",
      'switch (role) { case OPERATOR_ROLE: }',
      "const x = ['Admin'].includes(userRole);",
      'const y = isAdminRole(permissions);',
      "const fine = route.access === 'admin' && role.length > 0;",
    ].join('\n');
    const codes = roleComparisons('sample.ts', sample).map((f) => f.code);
    expect(codes).toEqual([
      "session.role !== 'Admin'",
      'role === ADMIN_ROLE',
      "'Operator' == user.role",
      'role',
      'OPERATOR_ROLE',
      "['Admin'].includes(userRole)",
      'isAdminRole(permissions)',
    ]);
  });
});
