/**
 * The brain's own side of the brain state: native prices drifting, peers of the transaction and
 * ZMQ services dropping to 0 for a while (the service buttons turn warning, §4), the services
 * reporting in, one missing (danger) or silent now and then, and the route search that follows a
 * workers start.
 */
import { SERVICES } from '../../../src/config/enums.ts';
import type { BrainState, ConnectedServices } from '../../../src/contract/index.ts';
import { jittered, significant, type SimBrain, type SimContext } from './context.ts';
import {
  CADENCE,
  nativeCoinOf,
  ROUTE_SEARCH_MS,
  ROUTE_SEARCH_SETTLE_MS,
  ROUTE_SEARCH_STEP_MS,
  SIM_NETWORKS,
} from './profiles.ts';
import type { Timer } from './scheduler.ts';

export interface Brain {
  workersStarted(): void;
  workersStopped(): void;
  /** Ends the outages under way (entering quiet): every peer and service is back at once. */
  calm(): void;
}

/** Prices for native coins the stored state does not carry yet. */
const DEFAULT_NATIVE_PRICES: Readonly<Record<string, number>> = {
  ETH: 3190, BNB: 600, POL: 0.41, AVAX: 28, SOL: 149, XDAI: 1, FTM: 0.52,
};

/** A peer reported at 0 is restored to this on start: the outage it was in ended with the last run. */
const HEALTHY_PEER_COUNT = 2;

export function simulateBrain(ctx: SimContext, stored: BrainState, services: ConnectedServices): Brain {
  const healthy = (peers: Record<string, number>) =>
    Object.fromEntries(Object.entries(peers).map(([peer, count]) => [peer, count > 0 ? count : HEALTHY_PEER_COUNT]));
  const baseline = { tx: healthy(stored.txPeerStatus), zmq: healthy(stored.zmqPeerStatus) };

  const nativePriceUSD = { ...stored.nativePriceUSD };
  for (const { network } of SIM_NETWORKS) {
    const coin = nativeCoinOf(network);
    nativePriceUSD[coin] ??= DEFAULT_NATIVE_PRICES[coin] ?? 1;
  }
  let state: SimBrain = {
    routeSearchRunning: false,
    routeSearchProgress: stored.routeSearchProgress,
    wethPriceUSD: nativePriceUSD.ETH ?? stored.wethPriceUSD,
    nativePriceUSD,
    txPeerStatus: baseline.tx,
    zmqPeerStatus: baseline.zmq,
  };
  const change = (patch: Partial<SimBrain>, milestone = false) => {
    state = { ...state, ...patch };
    ctx.sinks.brainChanged(state, milestone);
  };
  // The first publication puts right whatever an earlier run left half-done (a search, an outage).
  change({}, true);

  drift(ctx, () => state.nativePriceUSD, (prices) => change({ nativePriceUSD: prices, wethPriceUSD: prices.ETH ?? state.wethPriceUSD }));
  const peersBack = peerOutages(ctx, baseline, () => state, change);
  const servicesBack = serviceDrops(ctx, services);
  return {
    ...routeSearch(ctx, () => state, change),
    calm: () => {
      peersBack();
      servicesBack();
    },
  };
}

function drift(
  ctx: SimContext,
  current: () => Record<string, number>,
  update: (prices: Record<string, number>) => void,
): void {
  const rng = ctx.stream('prices');
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.priceMs),
    () => {
      const prices = Object.fromEntries(
        Object.entries(current()).map(([coin, price]) => {
          // Stable coins stay pinned; the rest move a few basis points per step.
          const next = coin === 'XDAI' ? 1 + rng.between(-0.001, 0.001) : price * Math.exp(rng.between(-0.003, 0.003));
          return [coin, significant(next, 6)];
        }),
      );
      update(prices);
    },
  );
}

type PeerKind = 'tx' | 'zmq';

/** Takes a peer down now and then; returns what brings every peer down now back at once. */
function peerOutages(
  ctx: SimContext,
  baseline: Record<PeerKind, Record<string, number>>,
  current: () => SimBrain,
  change: (patch: Partial<SimBrain>) => void,
): () => void {
  const rng = ctx.stream('peers');
  const peers = (['tx', 'zmq'] as const).flatMap((kind) => Object.keys(baseline[kind]).map((peer) => ({ kind, peer })));
  const outages = new Set<Timer>();
  if (peers.length === 0) return () => undefined;
  const setPeer = (kind: PeerKind, peer: string, count: number) => {
    if (kind === 'tx') change({ txPeerStatus: { ...current().txPeerStatus, [peer]: count } });
    else change({ zmqPeerStatus: { ...current().zmqPeerStatus, [peer]: count } });
  };
  ctx.scheduler.repeat(
    () => jittered(rng, CADENCE.peerOutageEveryMs),
    () => {
      if (ctx.quiet()) return;
      const { kind, peer } = rng.pick(peers);
      setPeer(kind, peer, 0);
      const end = ctx.scheduler.after(rng.between(15_000, 45_000), () => {
        outages.delete(end);
        setPeer(kind, peer, baseline[kind][peer] ?? HEALTHY_PEER_COUNT);
      });
      outages.add(end);
    },
  );
  return () => {
    if (outages.size === 0) return;
    for (const end of outages) end.cancel();
    outages.clear();
    change({ txPeerStatus: { ...current().txPeerStatus, ...baseline.tx }, zmqPeerStatus: { ...current().zmqPeerStatus, ...baseline.zmq } });
  };
}

type ServiceState = 'up' | 'down' | 'silent';

/** The names the simulated services go by: §4's services, as many as the stored count expects. */
function serviceNames(numExpected: number): string[] {
  return Array.from({ length: Math.max(0, numExpected) }, (_, i) => SERVICES[i] ?? `service-${i + 1}`);
}

/**
 * The services report in every CADENCE.serviceReportMs; now and then one goes missing (danger, §4)
 * or stays connected but stops reporting (silent). Returns what brings every service back at once.
 */
function serviceDrops(ctx: SimContext, stored: ConnectedServices): () => void {
  const rng = ctx.stream('services');
  const names = serviceNames(stored.numExpected);
  const states = new Map<string, ServiceState>(names.map((name) => [name, 'up']));
  const publish = () => {
    const services = names.map((name) => {
      const state = states.get(name) ?? 'up';
      return { name, connected: state !== 'down', reporting: state === 'up' };
    });
    ctx.sinks.connectedServicesChanged({
      numConnected: services.filter((s) => s.connected).length,
      numExpected: stored.numExpected,
      services,
    });
  };
  // The first report puts right an outage an earlier run left under way, and names every service.
  publish();
  if (names.length === 0) return () => undefined;
  ctx.scheduler.repeat(() => CADENCE.serviceReportMs, publish);

  const outages = new Set<Timer>();
  const outage = (state: ServiceState, minMs: number, maxMs: number) => {
    if (ctx.quiet()) return;
    const up = names.filter((name) => states.get(name) === 'up');
    if (up.length === 0) return;
    const name = rng.pick(up);
    states.set(name, state);
    publish();
    const end = ctx.scheduler.after(rng.between(minMs, maxMs), () => {
      outages.delete(end);
      states.set(name, 'up');
      publish();
    });
    outages.add(end);
  };
  ctx.scheduler.repeat(() => jittered(rng, CADENCE.serviceDropEveryMs), () => outage('down', 10_000, 40_000));
  ctx.scheduler.repeat(() => jittered(rng, CADENCE.serviceSilenceEveryMs), () => outage('silent', 40_000, 90_000));
  return () => {
    if (outages.size === 0) return;
    for (const end of outages) end.cancel();
    outages.clear();
    for (const name of names) states.set(name, 'up');
    publish();
  };
}

function routeSearch(
  ctx: SimContext,
  current: () => SimBrain,
  change: (patch: Partial<SimBrain>, milestone?: boolean) => void,
): Pick<Brain, 'workersStarted' | 'workersStopped'> {
  let pending: Timer | null = null;
  const cancel = () => {
    pending?.cancel();
    pending = null;
  };
  const step = (startedAt: number) => {
    const progress = Math.min(100, Math.round(((ctx.scheduler.now - startedAt) / ROUTE_SEARCH_MS) * 100));
    if (progress < 100) {
      change({ routeSearchProgress: progress });
      pending = ctx.scheduler.after(ROUTE_SEARCH_STEP_MS, () => step(startedAt));
      return;
    }
    change({ routeSearchProgress: 100 }, true);
    pending = ctx.scheduler.after(ROUTE_SEARCH_SETTLE_MS, () => {
      pending = null;
      change({ routeSearchRunning: false }, true);
    });
  };
  return {
    workersStarted: () => {
      cancel();
      change({ routeSearchRunning: true, routeSearchProgress: 0 }, true);
      const startedAt = ctx.scheduler.now;
      pending = ctx.scheduler.after(ROUTE_SEARCH_STEP_MS, () => step(startedAt));
    },
    workersStopped: () => {
      if (!current().routeSearchRunning) return;
      cancel();
      change({ routeSearchRunning: false }, true);
    },
  };
}
