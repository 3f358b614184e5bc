export { configs } from './definition.ts';
