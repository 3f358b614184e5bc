/** Bridge automation (PUT /settings/automation/bridges): which bridges the system bridges with on its own. */
import { BridgeAutomationRequest, type BridgeAutomation } from '../../contract/index.ts';

export const AUTOMATION_OFF: BridgeAutomation = { enabled: false, bridges: [] };

/** The body to send: the chosen bridges that still exist, in name order; checked by the contract. */
export function automationBody(enabled: boolean, chosen: readonly string[], known: readonly string[]): BridgeAutomationRequest {
  const bridges = [...new Set(chosen)].filter((name) => known.includes(name)).sort();
  return BridgeAutomationRequest.parse({ enabled, bridges });
}

export function sameAutomation(a: BridgeAutomation, b: BridgeAutomation): boolean {
  const sorted = (list: readonly string[]) => [...list].sort().join('\u0000');
  return a.enabled === b.enabled && sorted(a.bridges) === sorted(b.bridges);
}

/** "on, 2 of 4 bridges" for the bridges list's header. */
export function automationSummary(automation: BridgeAutomation, known: readonly string[]): string {
  if (!automation.enabled) return 'off';
  const chosen = automation.bridges.filter((name) => known.includes(name)).length;
  return `on, ${chosen} of ${known.length} bridges`;
}

/**
 * The Automated cell of one bridge, from the live misc settings (bridgeAutomation): "yes" or "no"
 * while automation is on; "off" while it is off, "off (listed)" for a bridge it would use once on.
 */
export function automatedText(automation: BridgeAutomation, bridgeName: string): string {
  const listed = automation.bridges.includes(bridgeName);
  if (automation.enabled) return listed ? 'yes' : 'no';
  return listed ? 'off (listed)' : 'off';
}
