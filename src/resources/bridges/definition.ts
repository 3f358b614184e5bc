/**
 * Bridges (SPEC §3, §7): kept live by the socket (the `bridges` collection), written over
 * POST/PUT/DELETE /bridges (PUT with the version it was loaded at; 409 -> theirs vs yours). Bridge
 * automation sits above the list; a bridge's Solana bridge configuration is the resource's show
 * view (/settings/bridges/:bridgeName/show/...), reached from its row and its edit form. Admin only.
 */
import { createElement } from 'react';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { BRIDGE_KINDS } from '../../config/enums.ts';
import { retryableLazy } from '../../widgets/shared/retryableLazy.tsx';
import { defineResource } from '../kit/definition.ts';
import { EnabledInput, FeeInput, NetworksInput, SolanaConfigButton, TokensInput } from './BridgeInputs.tsx';
import { bodyOf, bridgeFormErrors, formValues, valuesOf } from './bridgeRules.ts';
import { BRIDGE_COLUMNS, BRIDGES_RESOURCE, BridgeRowActions, bridgeSortValue, matchesBridge, type BridgeRow } from './columns.tsx';

// Loaded when shown: the list's automation section and the Solana screens stay out of the first load.
const BridgeAutomationSection = retryableLazy<object>('bridge automation', () => import('./BridgeAutomation.tsx').then((m) => ({ default: m.BridgeAutomationSection })));
const SolanaConfigView = retryableLazy<object>('the Solana config', () => import('./SolanaScreen.tsx').then((m) => ({ default: m.SolanaConfigView })));

export const bridges = defineResource<BridgeRow>({
  name: BRIDGES_RESOURCE,
  label: 'Bridges',
  recordLabel: 'bridge',
  idField: 'bridgeName',
  icon: CompareArrowsIcon,
  access: { list: 'admin', show: 'admin', create: 'admin', edit: 'admin', delete: 'admin' },
  api: { record: 'bridges' },
  live: { collection: 'bridges', matches: matchesBridge, sortValue: bridgeSortValue },
  columns: BRIDGE_COLUMNS,
  filters: [{ source: 'q', label: 'Search', kind: 'search', placeholder: 'name, kind, network or token' }],
  defaultSort: { field: 'bridgeName', order: 'ASC' },
  fields: [
    { source: 'solana', label: 'Solana config', kind: 'custom', input: createElement(SolanaConfigButton) },
    { source: 'bridgeName', label: 'Bridge name', kind: 'text', fixedOnEdit: true },
    { source: 'kind', label: 'Kind', kind: 'select', choices: BRIDGE_KINDS },
    { source: 'networks', label: 'Networks', kind: 'custom', input: createElement(NetworksInput) },
    { source: 'tokens', label: 'Tokens', kind: 'custom', input: createElement(TokensInput) },
    { source: 'fee', label: 'Fee', kind: 'custom', input: createElement(FeeInput) },
    { source: 'enabled', label: 'Enabled', kind: 'custom', input: createElement(EnabledInput) },
  ],
  // The record's id and version ride along so the rules know an edit from a create.
  toForm: (bridge) => ({ ...valuesOf(bridge), ...(bridge ? { id: bridge.id, version: bridge.version } : {}) }),
  toBody: (values, bridge) => bodyOf(formValues(values), bridge),
  validate: (values) => bridgeFormErrors(values, values.id === undefined),
  deleteConsequence: 'Tokens that list it lose it, and it leaves bridge automation.',
  rowActions: BridgeRowActions,
  views: { show: SolanaConfigView },
  listAside: BridgeAutomationSection,
  recordRepresentation: (b) => b.bridgeName,
});
