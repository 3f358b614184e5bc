/**
 * What the bridge screens need, loaded with them (ResourceDefinition.views): columns, search and
 * sort rules, row actions, the form, bridge automation above the list, and the Solana config (the
 * show view).
 */
import { createElement } from 'react';
import { BRIDGE_KINDS } from '../../config/enums.ts';
import type { FilterDef, ResourceViews } from '../../kit/definition.ts';
import { EnabledInput, FeeInput, NetworksInput, SolanaConfigButton, TokensInput } from './BridgeInputs.tsx';
import { bodyOf, bridgeFormErrors, formValues, valuesOf } from '../../domain/bridgeRules.ts';
import { BRIDGE_COLUMNS, BridgeRowActions, bridgeSortValue, matchesBridge } from './columns.tsx';
import type { BridgeRow } from './record.ts';

export { BridgeAutomationSection as listAside } from './BridgeAutomation.tsx';
export { SolanaConfigView } from './SolanaScreen.tsx';

type Views = ResourceViews<BridgeRow>;

export const columns: Views['columns'] = BRIDGE_COLUMNS;
export const filters: FilterDef[] = [{ source: 'q', label: 'Search', kind: 'search', placeholder: 'name, kind, network or token' }];
export const matches: Views['matches'] = matchesBridge;
export const sortValue: Views['sortValue'] = bridgeSortValue;
export const rowActions: Views['rowActions'] = BridgeRowActions;

// The record's id and version ride along so the rules know an edit from a create.
export const toForm: Views['toForm'] = (bridge) => ({ ...valuesOf(bridge), ...(bridge ? { id: bridge.id, version: bridge.version } : {}) });
export const toBody: Views['toBody'] = (values, bridge) => bodyOf(formValues(values), bridge);
export const validate: Views['validate'] = (values) => bridgeFormErrors(values, values.id === undefined);

export const fields: Views['fields'] = [
  { source: 'solana', label: 'Solana config', kind: 'custom', input: createElement(SolanaConfigButton) },
  { source: 'bridgeName', label: 'Bridge name', kind: 'text', fixedOnEdit: true },
  { source: 'kind', label: 'Kind', kind: 'select', choices: BRIDGE_KINDS },
  { source: 'networks', label: 'Networks', kind: 'custom', input: createElement(NetworksInput) },
  { source: 'tokens', label: 'Tokens', kind: 'custom', input: createElement(TokensInput) },
  { source: 'fee', label: 'Fee', kind: 'custom', input: createElement(FeeInput) },
  { source: 'enabled', label: 'Enabled', kind: 'custom', input: createElement(EnabledInput) },
];
