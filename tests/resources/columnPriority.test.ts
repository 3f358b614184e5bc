import { describe, expect, it } from 'vitest';
import { columnStoreKey, hiddenColumnsAt, tierOf } from '../../src/ui/columnPriority.ts';
import { explorerTxUrl } from '../../src/config/networks.ts';
import { phoneColumns } from '../../src/ui/PhoneList.tsx';

const COLUMNS = [
  { source: 'time', priority: 'primary' as const },
  { source: 'token' },
  { source: 'side', priority: 'medium' as const },
  { source: 'amount', priority: 'low' as const },
  { source: 'id', hidden: true },
];

describe('tables that fit: a table drops low-priority columns into the column chooser before it overflows', () => {
  it('below 1440 px only primary and high columns start shown; medium from 1440, low from 1920; hidden ones never', () => {
    expect(hiddenColumnsAt(COLUMNS, 1280)).toEqual(['side', 'amount', 'id']);
    expect(hiddenColumnsAt(COLUMNS, 1440)).toEqual(['amount', 'id']);
    expect(hiddenColumnsAt(COLUMNS, 1920)).toEqual(['id']);
    expect(hiddenColumnsAt(COLUMNS, 390)).toEqual(['side', 'amount', 'id']);
  });

  it("each width range keeps its own column choice; the widest keeps react-admin's own key", () => {
    expect([1280, 1439, 1440, 1919, 1920].map(tierOf)).toEqual(['narrow', 'narrow', 'medium', 'medium', 'wide']);
    expect(columnStoreKey('tx', 1920)).toBe('tx.datatable');
    expect(columnStoreKey('tx', 1440)).toBe('tx.datatable.medium');
    expect(columnStoreKey('tx', 1280)).toBe('tx.datatable.narrow');
  });

  it('a phone list shows the primary column, then the columns named for it, else the first plain ones (never a rendered one, which may hold controls)', () => {
    const render = () => null;
    expect(phoneColumns([{ source: 'a', label: 'A', priority: 'primary' }, { source: 'b', label: 'B', render }, { source: 'c', label: 'C' }, { source: 'd', label: 'D', hidden: true }])).toEqual({
      primary: { source: 'a', label: 'A', priority: 'primary' },
      secondary: [{ source: 'c', label: 'C' }],
    });
    const named = phoneColumns([{ source: 'a', label: 'A' }, { source: 'b', label: 'B', render, phone: 'secondary' }]);
    expect(named.primary).toBeUndefined();
    expect(named.secondary.map((c) => c.source)).toEqual(['b']);
  });
});

describe('§2 explorer links: a tx hash links to its network explorer', () => {
  it('§3 explorers: /tx/ by default, /transaction/ where the explorer says so; no link for an unknown network', () => {
    expect(explorerTxUrl('Ethereum', '0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(explorerTxUrl('TON', 'x/y')).toBe('https://tonviewer.com/transaction/x%2Fy');
    expect(explorerTxUrl('Tron', 'ab')).toBe('https://tronscan.org/#/transaction/ab');
    expect(explorerTxUrl('Nowhere', '0xab')).toBeNull();
  });
});
