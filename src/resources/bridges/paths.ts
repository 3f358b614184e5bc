/**
 * The create sub-route. A bridgeName cannot start with "_" (contract RecordName), so this path
 * never shadows a bridge's own edit route.
 */
export const NEW_BRIDGE_PATH = '_new';
