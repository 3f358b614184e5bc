/**
 * The console's /api client and DataProvider. Nothing here knows where the session token comes
 * from: App.tsx wires createApiFetch to the authProvider's token getter.
 */
export { ApiError, createApiFetch, type ApiFetch, type ApiFetchOptions, type HttpMethod } from './apiFetch.ts';
export { UnexpectedAnswerError } from './checked.ts';
export { createDataProvider, type AppDataProvider } from './createDataProvider.ts';
export { createCustomMethods, type CustomMethods, type LogsMoreQuery, type SolanaPage } from './customMethods.ts';
export { getApiOrigin } from './runtimeConfig.ts';
export { RESOURCE_ID_FIELDS, idFieldOf } from './resources.ts';
export { useConsoleDataProvider } from './useConsoleDataProvider.ts';
