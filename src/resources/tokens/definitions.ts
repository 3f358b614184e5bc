/**
 * Tokens (SPEC §3, §7): kept live by the socket (allTokens; §4 token create/update/delete done),
 * written over POST/PUT/DELETE /tokens. Two resources over the same records: Manage tokens for
 * Admin (create, edit, delete) and Token pins for every role (pins only).
 */
import TokenIcon from '@mui/icons-material/Token';
import TollIcon from '@mui/icons-material/Toll';
import { NETWORKS } from '../../config/networks.ts';
import type { Token } from '../../contract/index.ts';
import { defineResource, type FilterDef } from '../kit/definition.ts';
import { tokenSortValue } from './sort.ts';
import { EMPTY_ROW, matchesToken, networkDataOf, rowsOf, tokenFormErrors, type NetworkRow } from './tokenRules.ts';

type TokenRow = Token & { id: string };

const FILTERS: FilterDef[] = [
  { source: 'q', label: 'Search', kind: 'search', placeholder: 'name/address [network]' },
  { source: 'network', label: 'Network', kind: 'select', choices: NETWORKS, emptyText: 'All networks' },
];

const live = {
  collection: 'tokens',
  matches: (t: TokenRow, filter: Readonly<Record<string, unknown>>) =>
    matchesToken(t, typeof filter.q === 'string' ? filter.q : '', typeof filter.network === 'string' ? filter.network : ''),
  sortValue: tokenSortValue,
} as const;

export const tokens = defineResource<TokenRow>({
  name: 'settings/tokens',
  label: 'Manage tokens',
  recordLabel: 'token',
  idField: 'tokenName',
  icon: TokenIcon,
  access: { list: 'admin', show: 'none', create: 'admin', edit: 'admin', delete: 'admin' },
  api: { record: 'tokens' },
  live,
  // Columns and the network rows input render components: they load with the screen.
  ui: () => import('./ui.tsx').then((m) => m.tokenUi),
  filters: FILTERS,
  defaultSort: { field: 'tokenName', order: 'ASC' },
  toForm: (token) => ({ ...token, networks: token ? rowsOf(token) : [{ ...EMPTY_ROW }] }),
  toBody: ({ networks, ...values }, token) => ({
    ...values,
    // A token is not renamed: its disabled name field is not among the submitted values.
    tokenName: token?.tokenName ?? String(values.tokenName ?? '').trim(),
    networkData: networkDataOf((networks ?? []) as NetworkRow[], token?.networkData),
  }),
  validate: (values) => tokenFormErrors(values, values.version === undefined),
  deleteConsequence: 'It is also taken off every bridge that lists it and off the pins.',
  recordRepresentation: (t) => t.tokenName,
});

export const tokenPins = defineResource<TokenRow>({
  name: 'tsettings/tokens',
  label: 'Token pins',
  recordLabel: 'token',
  idField: 'tokenName',
  icon: TollIcon,
  access: { list: 'any', show: 'none', create: 'none', edit: 'none', delete: 'none' },
  live,
  ui: () => import('./ui.tsx').then((m) => m.pinsUi),
  filters: FILTERS,
  defaultSort: { field: 'tokenName', order: 'ASC' },
  recordRepresentation: (t) => t.tokenName,
});
