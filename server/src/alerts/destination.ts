/**
 * A destination as the server keeps it, in a module of its own: the repo stores it and secrets.ts
 * seals its fields, and neither may import the other (no import cycles).
 */
import type { DestinationKind } from '../../../src/contract/alertDelivery.ts';

/** A destination as stored: its secrets whole. */
export interface StoredDestination {
  id: string;
  name: string;
  kind: DestinationKind;
  enabled: boolean;
  url?: string;
  chatId?: string;
  botToken?: string;
  apiBase?: string;
  commands?: boolean;
  /**
   * Never stored: set when read back, when a secret kept encrypted could not be decrypted
   * (alerts/secrets.ts); which field, and why. Such a destination is not sent to until its secret is
   * entered again.
   */
  unreadable?: string;
}
