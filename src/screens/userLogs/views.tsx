/** What the user logs list needs, loaded with it (see ResourceDefinition.ui). */
import type { UserLog } from '../../contract/index.ts';
import type { ResourceUi } from '../../kit/definition.ts';
import { LOG_COLUMNS, ShowLogJson, type LogRow } from './columns.tsx';
import { LOG_FILTERS } from './filters.tsx';
import { createLogPager } from './logPages.ts';

const readLogs = createLogPager();

export const userLogsUi: ResourceUi<LogRow> = {
  columns: LOG_COLUMNS,
  // User, action and time (the time inputs load with the list).
  filters: LOG_FILTERS,
  rowActions: ShowLogJson,
  read: (params, { dataProvider, collection }) =>
    readLogs(params, { logsMore: (query) => dataProvider.logsMore(query), live: () => collection('userLogs') as readonly UserLog[] }),
};
