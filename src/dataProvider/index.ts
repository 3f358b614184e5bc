/**
 * The console's /api client and DataProvider. Nothing here knows where the session token comes
 * from: App.tsx wires createApiFetch to the authProvider's token getter.
 */
export {
  ApiError, createApiClient, createApiFetch, type ApiClient, type ApiFetch, type ApiFetchOptions, type HttpClient, type HttpMethod,
} from './apiFetch.ts';
export { UnexpectedAnswerError } from './checked.ts';
export { createDataProvider, type AppDataProvider, type DataProviderOptions } from './createDataProvider.ts';
export { createCustomMethods, type CustomMethods, type LogsMoreQuery, type SolanaPage, type TimelineRequest } from './customMethods.ts';
export { getApiOrigin } from './runtimeConfig.ts';
export { createRealtimeChannel, listTopic, recordTopic, type RealtimeEvent, type RealtimeMethods } from './realtime.ts';
export type { ResourceRoute } from './resourceProvider.ts';
export { useConsoleDataProvider } from './useConsoleDataProvider.ts';
export { providedOr404, type Provided } from './provided.ts';
export { useStatsSeries, useTradeStats } from './useStats.ts';
export { useTimelinePages, useTimelineWindow, type TimelineFilter } from './useTimeline.ts';
