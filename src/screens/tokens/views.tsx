/**
 * What the token screens need, loaded with them (ResourceDefinition.views): the columns, the
 * filters and their §5 search rules, the sort keys of computed columns, and the form.
 */
import { createElement } from 'react';
import { NETWORKS } from '../../config/networks.ts';
import type { Token } from '../../contract/index.ts';
import type { FilterDef, ResourceViews } from '../../kit/definition.ts';
import { TOKEN_COLUMNS } from './columns.tsx';
import { NetworkRowsInput } from './NetworkRowsInput.tsx';
import { tokenSortValue } from './sort.ts';
import { EMPTY_ROW, matchesToken, networkDataOf, rowsOf, tokenFormErrors, type NetworkRow } from '../../domain/tokenRules.ts';

type Views = ResourceViews<Token & { id: string }>;

export const columns: Views['columns'] = TOKEN_COLUMNS;

export const filters: FilterDef[] = [
  { source: 'q', label: 'Search', kind: 'search', placeholder: 'name/address [network]' },
  { source: 'network', label: 'Network', kind: 'select', choices: NETWORKS, emptyText: 'All networks' },
];

export const matches: Views['matches'] = (t, filter) =>
  matchesToken(t, typeof filter.q === 'string' ? filter.q : '', typeof filter.network === 'string' ? filter.network : '');

export const sortValue: Views['sortValue'] = tokenSortValue;

export const fields: Views['fields'] = [
  { source: 'tokenName', label: 'Token name', kind: 'text', fixedOnEdit: true },
  { source: 'networks', label: 'Network data', kind: 'custom', input: createElement(NetworkRowsInput) },
];

export const toForm: Views['toForm'] = (token) => ({ ...token, networks: token ? rowsOf(token) : [{ ...EMPTY_ROW }] });

export const toBody: Views['toBody'] = ({ networks, ...values }, token) => ({
  ...values,
  // A token is not renamed: its disabled name field is not among the submitted values.
  tokenName: token?.tokenName ?? String(values.tokenName ?? '').trim(),
  networkData: networkDataOf((networks ?? []) as NetworkRow[], token?.networkData),
});

export const validate: Views['validate'] = (values) => tokenFormErrors(values, values.version === undefined);
