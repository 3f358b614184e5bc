/** What the user logs list needs, loaded with it (ResourceDefinition.views). */
import type { UserLog } from '../../contract/index.ts';
import type { ResourceViews } from '../../kit/definition.ts';
import { LOG_COLUMNS, ShowLogJson, type LogRow } from './columns.tsx';
import { LOG_FILTERS } from './filters.tsx';
import { createLogPager } from './logPages.ts';

type Views = ResourceViews<LogRow>;

const readLogs = createLogPager();

export const columns: Views['columns'] = LOG_COLUMNS;
// User, action and time (the time inputs load with the list).
export const filters: Views['filters'] = LOG_FILTERS;
export const rowActions: Views['rowActions'] = ShowLogJson;
export const read: Views['read'] = (params, { dataProvider, collection }) =>
  readLogs(params, { logsMore: (query) => dataProvider.logsMore(query), live: () => collection('userLogs') as readonly UserLog[] });
