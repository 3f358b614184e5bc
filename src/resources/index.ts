/**
 * Every resource of the console, one line each (README "Adding a resource"). App.tsx registers a
 * <Resource> per definition, the data provider serves them, the menu lists them.
 */
import { bridges } from './bridges/index.ts';
import { cloudGroups } from './cloudGroups/index.ts';
import { configs } from './configs/index.ts';
import type { ResourceDefinition } from '../kit/definition.ts';
import { tokenPins, tokens } from './tokens/index.ts';
import { trades } from './trades/definition.ts';
import { txs } from './txs/definition.ts';
import { userLogs } from './userLogs/index.ts';

export const DEFINITIONS: readonly ResourceDefinition[] = [tokens, tokenPins, cloudGroups, configs, userLogs, txs, trades, bridges];
