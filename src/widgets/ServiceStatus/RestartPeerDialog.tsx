/** The confirmation before a peer restart: its own module, so PeerButtons loads it when first asked for (bench/lib/bundle.ts ON_DEMAND). */
export { ConfirmDialog as RestartPeerDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
