/**
 * Sub-routes of a bridge's Solana config (/settings/bridges/:bridgeName/show/...). A Solana config's
 * token names cannot start with "_" (contract RecordName), so the `_` paths never shadow a token's route.
 */
export const NEW_SOLANA_ENTRY_PATH = '_new';
export const SOLANA_IMPORT_PATH = '_import';
