import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser-test files that take longest (a few minutes each: every screen at every size, every
 * control with its refusals) start first, so that two workers end together instead of one finishing
 * a long file alone at the end. A fresh clone has no timings of its own for vitest to sort by; the
 * rest keep vitest's order.
 */
const LONGEST_FIRST = ['layout', 'a11y', 'controls', 'layering', 'tables', 'phone', 'txNew', 'screens', 'resources', 'dashboard'];

const rank = (spec: TestSpecification): number => {
  const name = /([^/]+)\.e2e\.ts$/.exec(spec.moduleId)?.[1] ?? '';
  const at = LONGEST_FIRST.indexOf(name);
  return at === -1 ? LONGEST_FIRST.length : at;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
