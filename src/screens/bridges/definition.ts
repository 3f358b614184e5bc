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

// Loaded when shown: the list's automation section and the Solana screens stay out of the first load.
const BridgeAutomationSection = retryableLazy<object>('bridge automation', () => import('./BridgeAutomation.tsx').then((m) => ({ default: m.BridgeAutomationSection })));
const SolanaConfigView = retryableLazy<ResourceViewProps>('the Solana config', () => import('./SolanaScreen.tsx').then((m) => ({ default: m.SolanaConfigView })));

export const bridges = defineResource<BridgeRow>({
  name: BRIDGES_RESOURCE,
  label: 'Bridges',
  recordLabel: 'bridge',
  idField: 'bridgeName',
  icon: CompareArrowsIcon,
  api: { record: 'bridges' },
  live: { collection: 'bridges' },
  filters: [{ source: 'q', label: 'Search', kind: 'search', placeholder: 'name, kind, network or token' }],
  defaultSort: { field: 'bridgeName', order: 'ASC' },
  // Columns, search and sort rules, the form and its inputs load with the screens (views.tsx).
  ui: () => import('./views.tsx').then((m) => m.bridgeUi),
  deleteConsequence: 'Tokens that list it lose it, and it leaves bridge automation.',
  views: { show: SolanaConfigView },
  listAside: BridgeAutomationSection,
  recordRepresentation: (b) => b.bridgeName,
});
