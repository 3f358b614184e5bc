/** Filters of /tx: status, side, type, network, §8 error code, token, free text and a createdAt range. */
import { createElement } from 'react';
import { TX_SIDES, TX_STATUSES, TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import type { FilterDef } from '../../kit/definition.ts';
import { TimeFilterInput } from '../../ui/TimeFilterInput.tsx';
import { ERROR_CODE_OPTIONS } from './txFilter.ts';

export const TX_FILTERS: FilterDef[] = [
  { source: 'status', label: 'Status', kind: 'select', choices: TX_STATUSES, emptyText: 'Any' },
  { source: 'side', label: 'Side', kind: 'select', choices: TX_SIDES, emptyText: 'Any' },
  { source: 'txType', label: 'Type', kind: 'select', choices: TX_TYPES, emptyText: 'Any' },
  { source: 'network', label: 'Network', kind: 'select', choices: NETWORKS, emptyText: 'Any' },
  // The code and the toast's message for it: operators know failures by either.
  { source: 'errCode', label: 'Error', kind: 'select', choices: ERROR_CODE_OPTIONS, emptyText: 'Any', optionText: (code) => `${code}: ${tradeErrorMessage(Number(code))}` },
  { source: 'tokenName', label: 'Token', kind: 'search' },
  { source: 'q', label: 'Search', kind: 'search', placeholder: 'token, hash, tradeId or id' },
  { source: 'from', label: 'From', kind: 'custom', input: createElement(TimeFilterInput, { source: 'from', edge: 'start' }) },
  { source: 'to', label: 'To', kind: 'custom', input: createElement(TimeFilterInput, { source: 'to', edge: 'end' }) },
];
