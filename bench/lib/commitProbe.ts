/**
 * Which components React renders under the feed, and whether each commit ran inside a frame's
 * callbacks or in a task of its own (a socket message, a timer): the firehose bench's
 * `BENCH_PROFILE=commits` mode. A commit outside a frame is an update that escaped the live store's
 * once-a-frame flush, and it costs the page a style, layout and paint of its own. While the console
 * paces its frames after the frame (a slow CPU: the phone-class step, src/realtime/frameQueue.ts),
 * the live store's own commits run in a task posted from the frame and count as outside too.
 *
 * Installed after the page probe (pageProbe.ts), whose minimal React DevTools hook it wraps and
 * whose `inFrame` it reads. Each commit's fibers are walked where React worked on them (a subtree
 * React did not enter keeps its old child fibers); a component that rendered under a parent that
 * did not is an update root, named "<parent> > <component>": where a subscription fired. Plain
 * JavaScript in a string, for the reason pageProbe.ts gives.
 */
import type { Page } from 'playwright-core';

export interface CommitReading {
  /** Seconds measured. */
  seconds: number;
  commits: number;
  /** Commits made inside a frame's callbacks (the live store's flush). */
  inFrame: number;
  /** Update roots of the commits outside frames, with how many commits each was in. */
  rootsOutside: Record<string, number>;
  /** Update roots of the commits inside frames. */
  rootsInside: Record<string, number>;
  /** How many times each component rendered, in all commits. */
  renders: Record<string, number>;
}

export const COMMIT_PROBE_SOURCE = `(() => {
  const probe = window.__firehoseProbe;
  const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (!probe || !hook) return;
  const d = { on: false, commits: 0, inFrame: 0, rootsOutside: {}, rootsInside: {}, renders: {} };
  Object.defineProperty(window, '__commitProbe', { value: d });
  const nameOf = (f) => {
    const t = f.type;
    if (!t || typeof t === 'string') return null;
    return t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || null;
  };
  // Function, class, forwardRef, memo and simple memo components.
  const COMPOSITE = new Set([0, 1, 11, 14, 15]);
  const walk = (first, parentRendered, owner, roots) => {
    for (let f = first; f; f = f.sibling) {
      const alt = f.alternate;
      let rendered = parentRendered;
      let name = owner;
      if (COMPOSITE.has(f.tag)) {
        name = nameOf(f) || '(anonymous)';
        // A mount, or an update that did work (React's PerformedWork flag).
        rendered = alt === null || (f.flags & 1) === 1;
        if (rendered) {
          d.renders[name] = (d.renders[name] || 0) + 1;
          if (!parentRendered) roots.add(owner + ' > ' + name);
        }
      }
      if (f.child && (alt === null || alt.child !== f.child)) walk(f.child, rendered, name, roots);
    }
  };
  const previous = hook.onCommitFiberRoot;
  hook.onCommitFiberRoot = (id, root, ...rest) => {
    previous(id, root, ...rest);
    if (!d.on) return;
    const inFrame = probe.inFrameNow();
    d.commits += 1;
    if (inFrame) d.inFrame += 1;
    const roots = new Set();
    walk(root.current.child, false, '(root)', roots);
    const into = inFrame ? d.rootsInside : d.rootsOutside;
    for (const r of roots) into[r] = (into[r] || 0) + 1;
  };
})();`;

export async function installCommitProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: COMMIT_PROBE_SOURCE });
}

/** Starts counting from zero. */
export async function startCommits(page: Page): Promise<void> {
  await page.evaluate(`(() => { const d = window.__commitProbe; d.on = true; d.commits = 0; d.inFrame = 0; d.rootsOutside = {}; d.rootsInside = {}; d.renders = {}; d.since = performance.now(); })()`);
}

export async function stopCommits(page: Page): Promise<CommitReading> {
  return (await page.evaluate(`(() => {
    const d = window.__commitProbe; d.on = false;
    return { seconds: (performance.now() - d.since) / 1000, commits: d.commits, inFrame: d.inFrame, rootsOutside: d.rootsOutside, rootsInside: d.rootsInside, renders: d.renders };
  })()`)) as CommitReading;
}

const top = (counts: Record<string, number>, n: number, seconds: number): string[] =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([name, count]) => `${(count / seconds).toFixed(1).padStart(7)}/s  ${name}`);

/** The report's lines: commits per second in and outside frames, their update roots, the busiest components. */
export function formatCommits(title: string, r: CommitReading, n = 12): string[] {
  const perSecond = (x: number) => (r.seconds > 0 ? x / r.seconds : 0);
  const outside = r.commits - r.inFrame;
  return [
    `${title}: ${perSecond(r.commits).toFixed(1)} React commits/s, ${perSecond(r.inFrame).toFixed(1)} in a frame's callbacks, ${perSecond(outside).toFixed(1)} in tasks of their own`,
    '  update roots of the commits outside frames (commits/s):',
    ...(outside === 0 ? ['     none'] : top(r.rootsOutside, n, r.seconds).map((line) => `  ${line}`)),
    '  update roots of the commits in frames (commits/s):',
    ...(r.inFrame === 0 ? ['     none'] : top(r.rootsInside, n, r.seconds).map((line) => `  ${line}`)),
    '  components rendered most (renders/s):',
    ...top(r.renders, n, r.seconds).map((line) => `  ${line}`),
  ];
}
