export { bridges } from './definition.ts';
