/** The console's /api client and DataProvider, wired to the session token and the API origin. */
import { getSessionToken } from '../authProvider/index.ts';
import { createApiFetch } from './apiFetch.ts';
import { createDataProvider } from './createDataProvider.ts';
import { getApiOrigin } from './runtimeConfig.ts';

export { ApiError, createApiFetch, type ApiFetch, type ApiFetchOptions, type HttpMethod } from './apiFetch.ts';
export { createDataProvider } from './createDataProvider.ts';
export { getApiOrigin } from './runtimeConfig.ts';
export { RESOURCE_ID_FIELDS, idFieldOf } from './resources.ts';

export const apiFetch = createApiFetch({ getToken: getSessionToken, getOrigin: getApiOrigin });
export const dataProvider = createDataProvider(apiFetch);
export type AppDataProvider = typeof dataProvider;
