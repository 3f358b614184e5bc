/**
 * What the definition and the bridge screens both name: the resource (its route) and a row. Kept
 * apart from both, so the definition, which loads the screens lazily, imports none of them.
 */
import type { Bridge } from '../../contract/index.ts';

export const BRIDGES_RESOURCE = 'settings/bridges';

export type BridgeRow = Bridge & { id: string };
