/** §4 service health colour. */
export type HealthColour = 'success' | 'danger' | 'warning';

export interface HealthInput {
  /** Peer counts of txPeerStatus and zmqPeerStatus together (docs/protocol.md "Shapes"). */
  peerCounts: readonly number[];
  numConnected: number;
  numExpected: number;
}

export function serviceHealth({ peerCounts, numConnected, numExpected }: HealthInput): HealthColour {
  if (peerCounts.some((count) => !(count > 0))) return 'warning';
  return numConnected < numExpected ? 'danger' : 'success';
}
