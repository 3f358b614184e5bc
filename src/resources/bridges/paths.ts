/**
 * Sub-routes of /settings/bridges/*. Names of records (bridgeName, a Solana config's token) cannot
 * start with "_" (contract RecordName), so the `_` paths never shadow a record's own route.
 */
export const NEW_BRIDGE_PATH = '_new';
export const AUTOMATION_PATH = '_automation';
/** Under a bridge: its Solana bridge configuration (SPEC §7, x = the bridgeName). */
export const SOLANA_PATH = 'solana';
export const NEW_SOLANA_ENTRY_PATH = '_new';
export const SOLANA_IMPORT_PATH = '_import';

export const bridgePath = (bridgeName: string) => encodeURIComponent(bridgeName);
export const solanaPath = (bridgeName: string) => `${bridgePath(bridgeName)}/${SOLANA_PATH}`;
