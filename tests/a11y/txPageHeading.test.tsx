// @vitest-environment jsdom
/**
 * The transaction page has one title, an h1: axe's page-has-heading-one rule asks for an h1 on
 * /tx/{id}, and "Transaction <id>" is that title.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { txs } from '../../src/screens/txs/index.ts';
import { fakeApi, json } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, renderKit, resetKit } from '../resources/kitHarness.tsx';

beforeEach(() => {
  allowKnownReactAdminWarnings();
});
afterEach(resetKit);

const record = {
  id: 'a1', tradeId: 't1', tokenName: 'PEPE', side: 'buy', method: 'odos', attempt: 1, txType: 'Swap', status: 'completed',
  networkBuy: 'Base', networkSell: 'Ethereum', network: 'Base', bridgeName: null, amountIn: 100, amountOut: 101,
  expectedProfit: 1, hash: '0xabc', createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000, historyKey: 'buy:odos:1:Swap',
};

describe('a11y: the transaction page is titled by one h1', () => {
  it('/tx/{id}: "Transaction <id>" is the page\'s only level-1 heading', async () => {
    const api = fakeApi((r) => (r.method === 'GET' && r.path === '/txs/a1' ? json(record) : undefined));
    renderKit('/tx/a1', { api, role: 'Operator', definitions: [txs] });
    const page = await screen.findByRole('article', { name: 'Transaction a1' });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Transaction a1');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
