export { trades } from './definition.ts';
