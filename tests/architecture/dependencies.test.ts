/**
 * docs/architecture.md "Dependencies point one way", checked over the source itself: every import,
 * export-from and dynamic import() of src/ and server/src, a relative specifier resolved to a
 * repository path. A failure names each offending import as `file -> specifier`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Edge {
  /** Repository path of the importing file, e.g. src/layout/Menu.tsx. */
  from: string;
  /** Repository path the specifier resolves to, e.g. src/config/access.ts; null for a package. */
  to: string | null;
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

// A static import or export-from is a statement of its own: it starts a line, which keeps examples
// in comments (` * import ...`) out; its bindings may span lines. A dynamic import() is anywhere.
const FROM = /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom[ \t]*['"]([^'"\n]+)['"]/gm;
const BARE = /^[ \t]*import[ \t]*['"]([^'"\n]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [FROM, BARE, DYNAMIC].flatMap((pattern) => [...text.matchAll(pattern)]).map((m) => m[1] ?? '');
  return specifiers.map((specifier) => ({
    from: file,
    to: specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : null,
    specifier,
  }));
}

const EDGES = [...sourceFiles('src'), ...sourceFiles('server/src')].flatMap(edgesOf);

const under = (file: string | null, ...dirs: string[]) => file !== null && dirs.some((dir) => file.startsWith(`${dir}/`));
const describeEdge = (edge: Edge) => `${edge.from} -> ${edge.specifier}`;
const offending = (breaks: (edge: Edge) => boolean) => EDGES.filter(breaks).map(describeEdge);

/** The folder of src/screens a file belongs to (tokens, home...), or null for a file directly under src/screens. */
function screenOf(file: string | null): string | null {
  const [, folder, rest] = /^src\/screens\/([^/]+)(\/.*)?$/.exec(file ?? '') ?? [];
  return folder !== undefined && rest !== undefined ? folder : null;
}

describe('dependencies point one way (docs/architecture.md)', () => {
  it('reads the sources (the check below would pass on nothing)', () => {
    expect(EDGES.some((edge) => edge.from === 'src/contract/index.ts' && edge.to === 'src/contract/socket.ts')).toBe(true);
    expect(EDGES.some((edge) => edge.from === 'src/screens/index.tsx' && edge.to === 'src/screens/home/index.ts')).toBe(true);
    expect(EDGES.some((edge) => under(edge.from, 'server/src') && edge.to === 'src/contract/index.ts')).toBe(true);
  });

  it('domain, config and contract use nothing of the app (contract may use config; domain config and contract)', () => {
    const allowed: Record<string, readonly string[]> = {
      'src/config': ['src/config'],
      'src/contract': ['src/contract', 'src/config'],
      'src/domain': ['src/domain', 'src/config', 'src/contract'],
    };
    expect(
      offending((edge) => {
        const layer = Object.keys(allowed).find((dir) => under(edge.from, dir));
        return layer !== undefined && edge.to !== null && !under(edge.to, ...(allowed[layer] ?? []));
      }),
    ).toEqual([]);
  });

  it('contract imports nothing from React, so server/ imports it too (as it does domain and config)', () => {
    const REACT = /^(react|react-dom|react-admin|react-router|react-router-dom|notistack|@mui\/|@emotion\/|@tanstack\/react-query)(\/|$)/;
    expect(offending((edge) => under(edge.from, 'src/contract', 'src/domain', 'src/config') && edge.to === null && REACT.test(edge.specifier))).toEqual([]);
  });

  it('a screen never imports another screen folder (what they share is in src/ui, src/kit, src/domain or src/preferences)', () => {
    expect(
      offending((edge) => {
        const own = screenOf(edge.from);
        return own !== null && under(edge.to, 'src/screens') && screenOf(edge.to) !== own;
      }),
    ).toEqual([]);
  });

  it('the kit, which renders every definition, imports no screen', () => {
    expect(offending((edge) => under(edge.from, 'src/kit') && under(edge.to, 'src/screens'))).toEqual([]);
  });

  it('the shared UI (dialogs included) and notifications import no screen', () => {
    expect(offending((edge) => under(edge.from, 'src/ui', 'src/notifications') && under(edge.to, 'src/screens'))).toEqual([]);
  });

  it('realtime imports nothing of notifications (the app wiring, src/app, joins them); src/ui imports no widget, screen or notification', () => {
    expect(offending((edge) => under(edge.from, 'src/realtime') && under(edge.to, 'src/notifications'))).toEqual([]);
    expect(offending((edge) => under(edge.from, 'src/ui') && under(edge.to, 'src/widgets', 'src/screens', 'src/notifications'))).toEqual([]);
  });

  it('widgets import no screen: they are pieces of the dashboard and the frame', () => {
    expect(offending((edge) => under(edge.from, 'src/widgets') && under(edge.to, 'src/screens'))).toEqual([]);
  });

  it('screens import no widget and nothing of notifications; what Preferences and the trades list compose comes through src/preferences', () => {
    // Home's screen is the dashboard itself (src/widgets/Dashboard), which it frames.
    const homeFramesTheDashboard = (edge: Edge) => edge.from === 'src/screens/home/views.tsx' && edge.to === 'src/widgets/Dashboard/Dashboard.tsx';
    expect(
      offending((edge) => under(edge.from, 'src/screens') && under(edge.to, 'src/widgets', 'src/notifications') && !homeFramesTheDashboard(edge)),
    ).toEqual([]);
  });

  it('screens and layout do not import each other both ways: layout imports no screen (it knows the screens from config/access.ts)', () => {
    expect(offending((edge) => under(edge.from, 'src/layout') && under(edge.to, 'src/screens'))).toEqual([]);
  });

  it('server/ may import src/contract, src/domain and src/config and nothing else from src/', () => {
    expect(
      offending((edge) => under(edge.from, 'server/src') && under(edge.to, 'src') && !under(edge.to, 'src/contract', 'src/domain', 'src/config')),
    ).toEqual([]);
  });

  it('the data provider does not import the authProvider (App.tsx wires the token getter in)', () => {
    expect(offending((edge) => under(edge.from, 'src/dataProvider') && under(edge.to, 'src/authProvider'))).toEqual([]);
  });
  it('the rest of the console uses realtime through its index; only src/app opens the socket (service.ts, a lazy chunk)', () => {
    const SOCKET = new Set(['src/realtime/service.ts', 'src/realtime/DisconnectedMessage.tsx']);
    expect(
      offending((edge) => {
        if (!under(edge.to, 'src/realtime') || under(edge.from, 'src/realtime') || !under(edge.from, 'src')) return false;
        if (edge.to === 'src/realtime/index.ts') return false;
        return !(edge.from === 'src/app/RealtimeConnection.tsx' && SOCKET.has(edge.to ?? ''));
      }),
    ).toEqual([]);
  });
});
