/** The configs list's columns, loaded with it (see ResourceDefinition.ui). */
import { createElement } from 'react';
import type { ConfigRecord } from '../../contract/index.ts';
import type { ResourceUi } from '../../kit/definition.ts';
import { TimeText } from '../../ui/TimeText.tsx';

export const configsUi: ResourceUi<ConfigRecord & { id: string }> = {
  columns: [
    { source: 'configName', label: 'Config', priority: 'primary', render: (c) => createElement('code', null, c.configName) },
    { source: 'version', label: 'Version' },
    { source: 'updatedAt', label: 'Updated', render: (c) => createElement(TimeText, { ms: c.updatedAt }) },
  ],
};
