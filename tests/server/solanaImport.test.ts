/**
 * The Solana bridge import and list under load: done inline, one admin's 8 MB import would stall
 * every other user's requests for seconds, and a list of a whole bridge would answer 24 MB at once.
 * The import is planned off the main thread (server/src/lib/solanaImports.ts), at most two at a
 * time, and written a chunk per turn of the event loop; the list is always a page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLANA_IMPORT_MAX_CHARS, SolanaBridgeListResponse } from '../../src/contract/index.ts';
import { SOLANA_LIST_PER_PAGE_DEFAULT, SOLANA_LIST_PER_PAGE_MAX } from '../../server/src/routes/solanaBridge.ts';
import { PLAN_CHUNK, planInSlices, startImportPlanner } from '../../server/src/lib/solanaImports.ts';
import { BAD_HEADER, planImport } from '../../server/src/lib/solanaImportPlan.ts';
import { fieldsOf, json, logsWrittenBy, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.app.close());

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { 'x-api-key': t.adminToken }, ...(payload ? { payload } : {}) });
}

const NETWORKS = ['Ethereum', 'Arbitrum', 'Base'] as const;
const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112';

/** `rows` valid rows, each token on the three networks above: rows / 3 tokens. */
function validCsv(rows: number, prefix = 'TKN'): string {
  const lines = ['token,network,address,decimals'];
  for (let i = 0; i < rows; i++) {
    lines.push(`${prefix}${Math.floor(i / NETWORKS.length)},${NETWORKS[i % NETWORKS.length]},0x${(i * 7919).toString(16).padStart(40, '0')},18`);
  }
  return lines.join('\n');
}

/** Every kind of row, in CRLF lines: valid, bad fields, wrong width, repeated; more tokens and errors than a worker's message holds. */
function mixedCsv(): string {
  const lines = ['Decimals,Address,Network,Token'];
  for (let i = 0; i < 3000; i++) {
    // Each token comes twice: its second rows repeat its first.
    const token = `T${i % 1500}`;
    if (i % 97 === 0) lines.push(`18,0x${'0'.repeat(40)},Narnia,${token}`);
    else if (i % 89 === 0) lines.push('seven,0x1,Ethereum,BAD');
    else if (i % 83 === 0) lines.push('too,few');
    else lines.push(`18,"0x${i.toString(16).padStart(40, 'A')}",Ethereum,${token}`, `9,${SOLANA_ADDRESS},Solana,${token}`);
  }
  return lines.join('\r\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('GET /api/solana-bridge/:x is always a page', () => {
  it(`SECURITY: without page/perPage the list answers the first ${SOLANA_LIST_PER_PAGE_DEFAULT} entries and the full total`, async () => {
    const response = await call('POST', '/api/solana-bridge/paged/import', { csv: validCsv(750, 'P') });
    expect(response.json()).toMatchObject({ imported: 750, tokens: 250 });
    const list = SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/paged')));
    expect(list.total).toBe(250);
    expect(list.data).toHaveLength(SOLANA_LIST_PER_PAGE_DEFAULT);
    const firstPage = SolanaBridgeListResponse.parse(json(await call('GET', `/api/solana-bridge/paged?page=1&perPage=${SOLANA_LIST_PER_PAGE_DEFAULT}`)));
    expect(list).toEqual(firstPage);
    const last = SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/paged?page=3')));
    expect(last.data).toHaveLength(50);
  });

  it(`SECURITY: perPage above ${SOLANA_LIST_PER_PAGE_MAX} is a 400 naming perPage; ${SOLANA_LIST_PER_PAGE_MAX} is allowed`, async () => {
    const tooMany = await call('GET', `/api/solana-bridge/paged?page=1&perPage=${SOLANA_LIST_PER_PAGE_MAX + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(fieldsOf(tooMany)).toEqual(['perPage']);
    expect(fieldsOf(await call('GET', '/api/solana-bridge/paged?perPage=5000'))).toEqual(['perPage']);
    const most = SolanaBridgeListResponse.parse(json(await call('GET', `/api/solana-bridge/paged?page=1&perPage=${SOLANA_LIST_PER_PAGE_MAX}`)));
    expect(most.data).toHaveLength(250);
  });
});

describe('POST /api/solana-bridge/:x/import is planned off the main thread', () => {
  it('SECURITY: an 8 MB import leaves the event loop free for other users, and imports every row', async () => {
    const csv = validCsv(120_000);
    expect(csv.length).toBeGreaterThan(7_000_000);
    expect(csv.length).toBeLessThanOrEqual(SOLANA_IMPORT_MAX_CHARS);
    // Serialised before the clock starts: what is timed is the server's work, not this client's.
    const body = JSON.stringify({ csv });
    // Other users' work waits for the event loop as a timer does: the longest gap between ticks is
    // the longest any of them would have waited. (perf_hooks' monitorEventLoopDelay is not used: it
    // can miss a stall that begins as it is enabled, reading 8 ms for a loop held 1.2 s.)
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    let response;
    try {
      response = await t.app.inject({
        method: 'POST',
        url: '/api/solana-bridge/bulk8/import',
        headers: { 'x-api-key': t.adminToken, 'content-type': 'application/json' },
        payload: body,
      });
      // A loop held until the answer never ticked: the stretch since the last tick counts too.
      longestGap = Math.max(longestGap, performance.now() - last);
    } finally {
      clearInterval(ticker);
    }
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 120_000, tokens: 40_000, errors: [] });
    // Planned and written on the main thread in one go, this import held the loop for 1.2 s here
    // (and other users' GET /txs/ p95 at 2.5 s); now its longest stretch is ~70 ms, the parsing of
    // the request's JSON body included.
    expect(longestGap).toBeLessThan(400);
    const page = SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/bulk8?page=400&perPage=100')));
    expect(page.total).toBe(40_000);
    expect(page.data).toHaveLength(100);
    expect(Object.keys(page.data[0]?.data ?? {}).sort()).toEqual(['Arbitrum', 'Base', 'Ethereum']);
  });

  it('a large CSV with a bad header is still a 400 on csv, with nothing imported or logged', async () => {
    const csv = validCsv(3000).replace('token,network', 'name,network');
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await call('POST', '/api/solana-bridge/badheader/import', { csv });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['csv']);
    });
    expect(logs).toEqual([]);
    expect(SolanaBridgeListResponse.parse(json(await call('GET', '/api/solana-bridge/badheader'))).total).toBe(0);
  });

  it("a worker's plan, and one made on the main thread in slices, are planImport's own", async () => {
    const csv = mixedCsv();
    const expected = planImport(csv);
    if (!('plan' in expected)) throw new Error('the mixed CSV has a good header');
    expect(expected.plan.errors.length).toBeGreaterThan(PLAN_CHUNK);
    expect(expected.plan.byToken.size).toBeGreaterThan(PLAN_CHUNK);
    const failures: Error[] = [];
    const planner = startImportPlanner({ inlineMaxChars: 0, onFailure: (err) => failures.push(err) });
    expect(await planner.plan(csv)).toEqual(expected);
    expect(await planner.plan('name,address\nX,Y')).toEqual({ badHeader: BAD_HEADER });
    expect(failures).toEqual([]);
    expect(await planInSlices(csv, 7)).toEqual(expected);
  });

  it('a worker that cannot start: the CSV is planned on the main thread and the failure reported', async () => {
    const failures: Error[] = [];
    const planner = startImportPlanner({
      inlineMaxChars: 0,
      entry: new URL('./no-such-worker.ts', import.meta.url).href,
      onFailure: (err) => failures.push(err),
    });
    const csv = mixedCsv();
    expect(await planner.plan(csv)).toEqual(planImport(csv));
    expect(failures).toHaveLength(1);
  });

  it('SECURITY: at most two imports are planned at once; the others wait their turn', async () => {
    const channel = new BroadcastChannel('gated-import-worker');
    let started = 0;
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'started') started++;
    };
    try {
      const planner = startImportPlanner({ inlineMaxChars: 0, entry: new URL('../support/gatedImportWorker.ts', import.meta.url).href });
      const csvs = [validCsv(30, 'A'), validCsv(30, 'B'), validCsv(30, 'C')];
      const plans = csvs.map((csv) => planner.plan(csv));
      await until(() => started === 2, 'two workers to start');
      await sleep(500);
      expect(started).toBe(2);
      channel.postMessage('go');
      await until(() => started === 3, 'the third worker to start');
      channel.postMessage('go');
      expect(await Promise.all(plans)).toEqual(csvs.map(planImport));
    } finally {
      channel.close();
    }
  });
});
