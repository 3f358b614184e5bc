export { tokens, tokenPins } from './definitions.ts';
