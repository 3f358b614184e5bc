import { describe, expect, it } from 'vitest';
import { readExportPages, type ListPage } from '../../src/domain/exportPages.ts';

interface Row {
  id: string;
}

const rowsOf = (count: number, prefix = 'r'): Row[] => Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i + 1}` }));

/** A list of `rows` read as the server pages it; each call is remembered as [page, perPage]. */
function list(rows: () => readonly Row[]) {
  const calls: [number, number][] = [];
  const fetchPage = (page: number, perPage: number): Promise<ListPage<Row>> => {
    calls.push([page, perPage]);
    const all = rows();
    return Promise.resolve({ data: all.slice((page - 1) * perPage, page * perPage), total: all.length });
  };
  return { calls, fetchPage };
}

describe('Exports hold every matching row (docs/guide.md "Exports"), read in pages', () => {
  it('reads pages in order until every row is read, saying after each page how many of how many', async () => {
    const { calls, fetchPage } = list(() => rowsOf(1204));
    const progress: [number, number][] = [];
    const rows = await readExportPages({ fetchPage, pageSize: 500, maxRows: 100_000, onProgress: (done, total) => progress.push([done, total]) });
    expect(rows).toEqual(rowsOf(1204));
    expect(calls).toEqual([[1, 500], [2, 500], [3, 500]]);
    expect(progress).toEqual([[500, 1204], [1000, 1204], [1204, 1204]]);
  });

  it('a list of exactly whole pages ends on its last page, with no empty page asked for', async () => {
    const { calls, fetchPage } = list(() => rowsOf(1000));
    expect(await readExportPages({ fetchPage, pageSize: 500, maxRows: 100_000 })).toHaveLength(1000);
    expect(calls).toHaveLength(2);
  });

  it('an empty list is one page and no rows', async () => {
    const { calls, fetchPage } = list(() => []);
    const progress: [number, number][] = [];
    expect(await readExportPages({ fetchPage, pageSize: 500, maxRows: 100_000, onProgress: (d, t) => progress.push([d, t]) })).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(progress).toEqual([[0, 0]]);
  });

  it('stops at the cap: the first rows in the list order, the cap the total it reports', async () => {
    const { calls, fetchPage } = list(() => rowsOf(2500));
    const progress: [number, number][] = [];
    const rows = await readExportPages({ fetchPage, pageSize: 500, maxRows: 1200, onProgress: (d, t) => progress.push([d, t]) });
    expect(rows).toEqual(rowsOf(1200));
    expect(calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toEqual([1200, 1200]);
  });

  it('rows arriving at the top while it reads push read rows onto the next page: each is kept once, none is lost', async () => {
    let live: Row[] = rowsOf(1000);
    const { fetchPage } = list(() => live);
    const rows = await readExportPages({
      fetchPage: async (page, perPage) => {
        const answer = await fetchPage(page, perPage);
        // Three new rows at the top after the first page was read.
        if (page === 1) live = [...rowsOf(3, 'new'), ...live];
        return answer;
      },
      pageSize: 500,
      maxRows: 100_000,
    });
    expect(rows.map((r) => r.id)).toEqual(rowsOf(1000).map((r) => r.id));
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('a server that answers the same full page again ends the export instead of reading forever', async () => {
    let calls = 0;
    const rows = await readExportPages({
      fetchPage: () => {
        calls++;
        return Promise.resolve({ data: rowsOf(500), total: 5000 });
      },
      pageSize: 500,
      maxRows: 100_000,
    });
    expect(rows).toHaveLength(500);
    expect(calls).toBe(2);
  });

  it('without a total it reads until a page is short', async () => {
    const all = rowsOf(700);
    const rows = await readExportPages({
      fetchPage: (page, perPage) => Promise.resolve({ data: all.slice((page - 1) * perPage, page * perPage) }),
      pageSize: 500,
      maxRows: 100_000,
    });
    expect(rows).toHaveLength(700);
  });

  it("a page that fails rejects with that page's error, after the pages before it were reported", async () => {
    const { fetchPage } = list(() => rowsOf(2000));
    const refused = Object.assign(new Error('HTTP 500 Internal Server Error'), { status: 500 });
    const progress: number[] = [];
    const reading = readExportPages({
      fetchPage: (page, perPage) => (page === 3 ? Promise.reject(refused) : fetchPage(page, perPage)),
      pageSize: 500,
      maxRows: 100_000,
      onProgress: (done) => progress.push(done),
    });
    await expect(reading).rejects.toBe(refused);
    expect(progress).toEqual([500, 1000]);
  });

  it('an abort while a page is in flight rejects at once with the reason, and no further page is asked for', async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    let answerPage2: (page: ListPage<Row>) => void = () => undefined;
    const reading = readExportPages<Row>({
      fetchPage: (page) => {
        calls.push(page);
        if (page === 1) return Promise.resolve({ data: rowsOf(500), total: 5000 });
        return new Promise((resolve) => (answerPage2 = resolve));
      },
      pageSize: 500,
      maxRows: 100_000,
      signal: controller.signal,
    });
    await expect.poll(() => calls).toEqual([1, 2]);
    controller.abort(new Error('cancelled'));
    await expect(reading).rejects.toThrow('cancelled');
    answerPage2({ data: rowsOf(500, 'p2-'), total: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([1, 2]);
  });

  it('an abort between pages asks for no further page; aborted before it starts, it asks for none', async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const reading = readExportPages({
      fetchPage: (page) => {
        calls.push(page);
        controller.abort();
        return Promise.resolve({ data: rowsOf(500), total: 5000 });
      },
      pageSize: 500,
      maxRows: 100_000,
      signal: controller.signal,
    });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toEqual([1]);

    const none: number[] = [];
    const aborted = AbortSignal.abort();
    await expect(readExportPages({ fetchPage: (page) => (none.push(page), Promise.resolve({ data: [], total: 0 })), pageSize: 500, maxRows: 10, signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
    expect(none).toEqual([]);
  });
});
