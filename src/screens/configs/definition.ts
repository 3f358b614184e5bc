/**
 * Configs (§3 configName, §7 GET/PUT /configs): listed over REST (name search, sorting,
 * paging by the list convention), each edited as JSON with the diff shown before saving and the
 * version loaded sent with the PUT (409: theirs vs yours). Created and deleted only by the server.
 */
import DescriptionIcon from '@mui/icons-material/Description';
import type { ConfigRecord } from '../../contract/index.ts';
import { defineResource, type ResourceViewProps } from '../../kit/definition.ts';
import { retryableLazy } from '../../ui/retryableLazy.tsx';

/** The list's columns and search, and the editor with its diff: one lazy chunk, out of the first load. */
const loadViews = () => import('./views.tsx');

type ConfigRow = ConfigRecord & { id: string };

export const configs = defineResource<ConfigRow>({
  name: 'settings/configs',
  recordLabel: 'config',
  idField: 'configName',
  icon: DescriptionIcon,
  api: { record: 'configs' },
  views: loadViews,
  defaultSort: { field: 'configName', order: 'ASC' },
  edit: retryableLazy<ResourceViewProps>('this screen', () => loadViews().then((m) => ({ default: m.ConfigEditView }))),
  recordRepresentation: (c) => c.configName,
});
