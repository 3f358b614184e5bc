export { userLogs } from './definition.ts';
