/**
 * Bridges (§3, §7): kept live by the socket (the `bridges` collection), written over
 * POST/PUT/DELETE /bridges (PUT with the version it was loaded at; 409 -> theirs vs yours). Bridge
 * automation sits above the list; a bridge's Solana bridge configuration is the resource's show
 * view (/settings/bridges/:bridgeName/show/...), reached from its row and its edit form. Admin only.
 */
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import { defineResource, type ResourceViewProps } from '../../kit/definition.ts';
import { BRIDGES_RESOURCE, type BridgeRow } from './record.ts';

/** Columns, search and sort rules, the form, bridge automation and the Solana screens: one lazy chunk, out of the first load. */
const loadViews = () => import('./views.tsx');

export const bridges = defineResource<BridgeRow>({
  name: BRIDGES_RESOURCE,
  recordLabel: 'bridge',
  idField: 'bridgeName',
  icon: CompareArrowsIcon,
  api: { record: 'bridges' },
  live: { collection: 'bridges' },
  defaultSort: { field: 'bridgeName', order: 'ASC' },
  deleteConsequence: 'Tokens that list it lose it, and it leaves bridge automation.',
  show: retryableLazy<ResourceViewProps>('the Solana config', () => loadViews().then((m) => ({ default: m.SolanaConfigView }))),
  views: loadViews,
  recordRepresentation: (b) => b.bridgeName,
});
