export { tokens, tokenPins } from './definition.ts';
