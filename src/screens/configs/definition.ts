/**
 * Configs (§3 configName, §7 GET/PUT /configs): listed over REST (name search, sorting,
 * paging by the list convention), each edited as JSON with the diff shown before saving and the
 * version loaded sent with the PUT (409: theirs vs yours). Created and deleted only by the server.
 */
import DescriptionIcon from '@mui/icons-material/Description';
import type { ConfigRecord } from '../../contract/index.ts';
import { defineResource, type ResourceViewProps } from '../../kit/definition.ts';
import { retryableLazy } from '../../ui/retryableLazy.tsx';

/** Loaded when a config is opened: the editor and its diff stay out of the first load. */
const ConfigEditView = retryableLazy<ResourceViewProps>('this screen', () => import('./ConfigEditView.tsx'));

type ConfigRow = ConfigRecord & { id: string };

export const configs = defineResource<ConfigRow>({
  name: 'settings/configs',
  label: 'Configs',
  recordLabel: 'config',
  idField: 'configName',
  icon: DescriptionIcon,
  api: { record: 'configs' },
  ui: () => import('./views.tsx').then((m) => m.configsUi),
  // ConfigListQuery's filter: q, a part of the name in any case.
  filters: [{ source: 'q', label: 'Search', kind: 'search', placeholder: 'config name' }],
  defaultSort: { field: 'configName', order: 'ASC' },
  views: { edit: ConfigEditView },
  recordRepresentation: (c) => c.configName,
});
