/** Sort keys of the token list's computed columns (networks, pinned, autosell), from the live pins. */
import type { Token } from '../../contract/index.ts';
import { liveStore } from '../../realtime/index.ts';

export function tokenSortValue(token: Token, field: string): unknown {
  const brain = liveStore.getState().brainState;
  switch (field) {
    case 'networks':
      return Object.keys(token.networkData).length;
    case 'pinned':
      return brain?.pinnedTokens.includes(token.tokenName) ?? false;
    case 'autosell':
      return brain?.autosellPins.includes(token.tokenName) ?? false;
    default:
      return (token as Record<string, unknown>)[field];
  }
}
