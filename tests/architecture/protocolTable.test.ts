/**
 * docs/protocol.md "REST routes" summarises the operations table (src/contract/operations.ts) in
 * words for backend teams. The words are written by hand, so this holds the table's skeleton to the
 * entries: every route is named once, with the entry's access, and the document names no route the
 * table lacks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, openApiPath } from '../../src/contract/operations.ts';

const PROTOCOL = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');

/** The rows of the first table under "## REST routes": [routes cell, access cell]. */
function restRows(): [string, string][] {
  const section = PROTOCOL.slice(PROTOCOL.indexOf('\n## REST routes'));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| Method and path'));
  const rows: [string, string][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [, routes = '', access = ''] = line.split('|').map((cell) => cell.trim());
    rows.push([routes, access]);
  }
  return rows;
}

/**
 * The routes a cell names: "POST /a, PUT /b/{x}" and "GET, PUT /a; POST /b" (a bare method shares
 * the path that follows it), each as "METHOD /api/path".
 */
function routesOf(cell: string): string[] {
  const named: string[] = [];
  let waiting: string[] = [];
  for (const part of cell.split(/[;,]/).map((p) => p.trim())) {
    const [method = '', path] = part.split(/\s+/);
    if (path === undefined) {
      waiting.push(method);
      continue;
    }
    for (const m of [...waiting, method]) named.push(`${m} /api${path}`);
    waiting = [];
  }
  return named;
}

describe('docs/protocol.md REST routes: the summary names every entry of the operations table', () => {
  const documented = restRows().flatMap(([routes, access]) => routesOf(routes).map((route) => ({ route, access })));

  it('reads the table (the checks below would pass on nothing)', () => {
    expect(documented.length).toBeGreaterThan(40);
    expect(documented).toContainEqual({ route: 'GET /api/alerts/deliveries', access: 'Admin' });
  });

  it('every route of the table is named once, and nothing else', () => {
    const routes = documented.map((d) => d.route);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...routes].sort()).toEqual(OPERATIONS.map((op) => `${op.method} ${openApiPath(op.path)}`).sort());
  });

  it('§6 each is named with its entry\'s access', () => {
    const words = { public: 'public', any: 'any', admin: 'Admin' } as const;
    const byRoute = new Map(documented.map((d) => [d.route, d.access]));
    for (const op of OPERATIONS) {
      const route = `${op.method} ${openApiPath(op.path)}`;
      expect({ route, access: byRoute.get(route) }).toEqual({ route, access: words[op.access] });
    }
  });
});
