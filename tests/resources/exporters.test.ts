// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { DataProvider, RaRecord } from 'react-admin';
import { loadViews } from '../../src/kit/definition.ts';
import { DEFINITIONS } from '../../src/screens/index.tsx';

describe('CSV exports: every export is formula-escaped', () => {
  it("a definition's own exporter writes a formula as text (the others use the kit's exporter, tested through the user log)", async () => {
    const blobs: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:export';
    };
    try {
      // A definition's list parts load lazily (ResourceDefinition.views): its exporter is among them.
      // One at a time: Node 20 may fail a require() of an ES module that a parallel import() is still loading.
      const loaded = [];
      for (const d of DEFINITIONS) loaded.push({ name: d.name, exporter: (await loadViews(d)).exporter });
      const own = loaded.filter((d) => d.exporter !== undefined);
      expect(own.map((d) => d.name)).toContain('tx');
      for (const definition of own) {
        blobs.length = 0;
        const record: RaRecord = { id: '=1+1', tokenName: '=HYPERLINK("x")', hash: '@x', name: '+x' };
        await definition.exporter?.([record], async () => ({}), {} as DataProvider, definition.name);
        const csv = await blobs[0]?.text();
        expect(csv, definition.name).toBeDefined();
        expect(csv, definition.name).not.toMatch(/(^|,)"?[=+@]/m);
      }
    } finally {
      URL.createObjectURL = createObjectURL;
    }
  });
});
