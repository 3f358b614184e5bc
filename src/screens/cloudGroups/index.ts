export { cloudGroups } from './definition.ts';
