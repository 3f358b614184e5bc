/**
 * Tokens (§3, §7): kept live by the socket (allTokens; §4 token create/update/delete done),
 * written over POST/PUT/DELETE /tokens. Two resources over the same records: Manage tokens for
 * Admin (create, edit, delete) and Token pins for every role (pins only). What the screens need
 * (columns, the form, search and sort rules) is in views.tsx, loaded with them; Token pins take
 * its list parts only.
 */
import TokenIcon from '@mui/icons-material/Token';
import TollIcon from '@mui/icons-material/Toll';
import type { Token } from '../../contract/index.ts';
import { defineResource } from '../../kit/definition.ts';

type TokenRow = Token & { id: string };

export const tokens = defineResource<TokenRow>({
  name: 'settings/tokens',
  recordLabel: 'token',
  idField: 'tokenName',
  icon: TokenIcon,
  api: { record: 'tokens' },
  live: { collection: 'tokens' },
  views: () => import('./views.tsx'),
  defaultSort: { field: 'tokenName', order: 'ASC' },
  deleteConsequence: 'It is also taken off every bridge that lists it and off the pins.',
  recordRepresentation: (t) => t.tokenName,
});

export const tokenPins = defineResource<TokenRow>({
  name: 'tsettings/tokens',
  recordLabel: 'token',
  idField: 'tokenName',
  icon: TollIcon,
  live: { collection: 'tokens' },
  views: () => import('./views.tsx').then(({ columns, filters, matches, sortValue }) => ({ columns, filters, matches, sortValue })),
  defaultSort: { field: 'tokenName', order: 'ASC' },
  recordRepresentation: (t) => t.tokenName,
});
