/**
 * The networks: block heads at their real block times (newBlock), gas prices and balances as
 * random walks (gas, balance, secondBalance), and now and then a stall that outlasts the
 * network's §9 threshold so the block button turns danger, after which the head catches up.
 */
import { staleThresholdMs, type Network } from '../../../src/config/networks.ts';
import { jittered, significant, type SimContext } from './context.ts';
import { CADENCE, MIN_HEAD_INTERVAL_MS, SECONDARY_WALLETS, SIM_NETWORKS, type NetworkProfile } from './profiles.ts';
import type { Rng } from '../lib/rng.ts';
import type { Timer } from './scheduler.ts';

export interface Chains {
  /**
   * The control's stall: the network's head stops for `ms` simulated ms from now, in place of an
   * earlier stall of the control (so a short one ends a long one); a stall of the simulation's own
   * still holds the head until it ends.
   */
  stall(network: Network, ms: number): void;
  /** Ends the simulation's own stalls under way (entering quiet): their heads move on at once. */
  calm(): void;
}

export function simulateChains(ctx: SimContext): Chains {
  // The control's stalls and the simulation's own are kept apart: quiet ends only the latter, and
  // the control's next stall replaces its last.
  const asked = new Map<Network, number>();
  const own = new Map<Network, number>();
  const wakes = new Map<Network, () => void>();
  const stalledUntil = (network: Network) => Math.max(asked.get(network) ?? 0, own.get(network) ?? 0);
  const ownStall = (network: Network, ms: number) => {
    const until = ctx.scheduler.now + ms;
    if (until > (own.get(network) ?? 0)) own.set(network, until);
    ctx.tally.stalls += 1;
  };

  for (const profile of SIM_NETWORKS) {
    wakes.set(profile.network, heads(ctx, profile, () => stalledUntil(profile.network)));
    gas(ctx, profile);
    balance(ctx, profile);
    const rng = ctx.stream(`stalls:${profile.network}`);
    const threshold = staleThresholdMs(profile.network);
    ctx.scheduler.repeat(
      () => jittered(rng, CADENCE.stallEveryMs),
      () => {
        if (ctx.quiet()) return;
        ownStall(profile.network, threshold * rng.between(1.3, 2.5));
      },
    );
  }
  for (const { address, networks } of SECONDARY_WALLETS) {
    for (const network of networks) secondBalance(ctx, address, network);
  }
  return {
    stall: (network, ms) => {
      asked.set(network, ctx.scheduler.now + ms);
      ctx.tally.stalls += 1;
      wakes.get(network)?.();
    },
    calm: () => {
      if (own.size === 0) return;
      own.clear();
      for (const wake of wakes.values()) wake();
    },
  };
}

/** Reports the network's block heads; returns what makes a head waiting out a stall look again now. */
function heads(ctx: SimContext, profile: NetworkProfile, stalledUntil: () => number): () => void {
  const { network, blockMs } = profile;
  const rng = ctx.stream(`heads:${network}`);
  const interval = Math.max(blockMs, MIN_HEAD_INTERVAL_MS);
  let num = profile.startBlock + rng.int(0, 50_000);
  let lastAt = ctx.scheduler.now;
  // Blocks produced but not yet reported. Rounding keeps it within ±0.5, so the pace stays true;
  // the floor stops a run of short gaps from pushing the head behind its chain.
  let owed = 0;
  ctx.tally.heads[network] = 0;
  /** The head's wait for a stall to end, while it waits. */
  let waiting: Timer | null = null;

  const head = () => {
    waiting = null;
    const until = stalledUntil();
    if (ctx.scheduler.now < until) {
      waiting = ctx.scheduler.after(until - ctx.scheduler.now, head);
      return;
    }
    owed += (ctx.scheduler.now - lastAt) / blockMs;
    lastAt = ctx.scheduler.now;
    const step = Math.max(1, Math.round(owed));
    owed = Math.max(-0.5, owed - step);
    num += step;
    ctx.tally.heads[network] = (ctx.tally.heads[network] ?? 0) + 1;
    ctx.sinks.emit('newBlock', { network, num });
    ctx.scheduler.after(interval * rng.between(0.9, 1.1), head);
  };
  ctx.scheduler.after(interval * rng.next(), head);
  return () => {
    if (!waiting) return;
    waiting.cancel();
    waiting = ctx.scheduler.after(0, head);
  };
}

/** A mean-reverting walk in log space around `typical`: wanders, never drifts off or below 0. */
function logWalk(rng: Rng, typical: number, volatility: number): () => number {
  let x = 0;
  return () => {
    x = 0.9 * x + rng.between(-volatility, volatility);
    return typical * Math.exp(x);
  };
}

function gas(ctx: SimContext, { network, gasGwei }: NetworkProfile): void {
  const rng = ctx.stream(`gas:${network}`);
  const walk = logWalk(rng, gasGwei, 0.25);
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.gasMs),
    () => ctx.sinks.emit('gas', { network, gasEstimate: significant(walk(), 4) }),
  );
}

function balance(ctx: SimContext, { network, balance: typical }: NetworkProfile): void {
  const rng = ctx.stream(`balance:${network}`);
  const walk = logWalk(rng, typical, 0.02);
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.balanceMs),
    () => ctx.sinks.emit('balance', { network, balance: significant(walk(), 6) }),
  );
}

function secondBalance(ctx: SimContext, address: string, network: Network): void {
  const rng = ctx.stream(`secondBalance:${address}:${network}`);
  const profile = SIM_NETWORKS.find((p) => p.network === network);
  const walk = logWalk(rng, (profile?.balance ?? 1) * rng.between(0.1, 0.5), 0.03);
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.secondBalanceMs),
    () => ctx.sinks.emit('secondBalance', { address, network, balance: significant(walk(), 6) }),
  );
}
