/** The configs screens, loaded when opened (ResourceDefinition.views): the list's columns and search, and the editor. */
import { createElement } from 'react';
import type { ConfigRecord } from '../../contract/index.ts';
import type { FilterDef, ResourceViews } from '../../kit/definition.ts';
import { TimeText } from '../../ui/TimeText.tsx';

export { default as ConfigEditView } from './ConfigEditView.tsx';

export const columns: ResourceViews<ConfigRecord & { id: string }>['columns'] = [
  { source: 'configName', label: 'Config', priority: 'primary', render: (c) => createElement('code', null, c.configName) },
  { source: 'version', label: 'Version' },
  { source: 'updatedAt', label: 'Updated', render: (c) => createElement(TimeText, { ms: c.updatedAt }) },
];

// ConfigListQuery's filter: q, a part of the name in any case.
export const filters: FilterDef[] = [{ source: 'q', label: 'Search', kind: 'search', placeholder: 'config name' }];
