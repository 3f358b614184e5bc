/** The token screens' parts that render components, loaded with the screen (see ResourceDefinition.ui). */
import { createElement } from 'react';
import type { Token } from '../../contract/index.ts';
import type { ResourceUi } from '../kit/definition.ts';
import { TOKEN_COLUMNS } from './columns.tsx';
import { NetworkRowsInput } from './NetworkRowsInput.tsx';

type TokenRow = Token & { id: string };

export const tokenUi: ResourceUi<TokenRow> = {
  columns: TOKEN_COLUMNS,
  fields: [
    { source: 'tokenName', label: 'Token name', kind: 'text', fixedOnEdit: true },
    { source: 'networks', label: 'Network data', kind: 'custom', input: createElement(NetworkRowsInput) },
  ],
};

export const pinsUi: ResourceUi<TokenRow> = { columns: TOKEN_COLUMNS };
