/** What the bridge screens need, loaded with them (see ResourceDefinition.ui): columns, search and sort rules, row actions, the form. */
import { createElement } from 'react';
import { BRIDGE_KINDS } from '../../config/enums.ts';
import type { ResourceUi } from '../../kit/definition.ts';
import { EnabledInput, FeeInput, NetworksInput, SolanaConfigButton, TokensInput } from './BridgeInputs.tsx';
import { bodyOf, bridgeFormErrors, formValues, valuesOf } from '../../domain/bridgeRules.ts';
import { BRIDGE_COLUMNS, BridgeRowActions, bridgeSortValue, matchesBridge } from './columns.tsx';
import type { BridgeRow } from './record.ts';

export const bridgeUi: ResourceUi<BridgeRow> = {
  columns: BRIDGE_COLUMNS,
  live: { collection: 'bridges', matches: matchesBridge, sortValue: bridgeSortValue },
  rowActions: BridgeRowActions,
  // The record's id and version ride along so the rules know an edit from a create.
  toForm: (bridge) => ({ ...valuesOf(bridge), ...(bridge ? { id: bridge.id, version: bridge.version } : {}) }),
  toBody: (values, bridge) => bodyOf(formValues(values), bridge),
  validate: (values) => bridgeFormErrors(values, values.id === undefined),
  fields: [
    { source: 'solana', label: 'Solana config', kind: 'custom', input: createElement(SolanaConfigButton) },
    { source: 'bridgeName', label: 'Bridge name', kind: 'text', fixedOnEdit: true },
    { source: 'kind', label: 'Kind', kind: 'select', choices: BRIDGE_KINDS },
    { source: 'networks', label: 'Networks', kind: 'custom', input: createElement(NetworksInput) },
    { source: 'tokens', label: 'Tokens', kind: 'custom', input: createElement(TokensInput) },
    { source: 'fee', label: 'Fee', kind: 'custom', input: createElement(FeeInput) },
    { source: 'enabled', label: 'Enabled', kind: 'custom', input: createElement(EnabledInput) },
  ],
};
