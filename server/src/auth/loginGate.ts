/**
 * How many sign-ins are worked on at once, good keys and bad alike (docs/decisions.md "Our own
 * limits on sign-ins and writes"). One address's sign-ins run one at a time, in turn, and at most
 * `perAddress` of them may be in line; across all addresses at most `running` run at once and
 * `total` are in line. A sign-in past either bound is answered at once (429) without any key work,
 * so a flood of sign-ins from one address or many costs a bounded amount of CPU and leaves the
 * console's files and API to everyone else.
 *
 * One at a time per address is also what makes the wrong-key limiter exact: a sign-in is checked
 * against the limiter only once the previous one from its address is over, so parallel guesses
 * cannot slip in under it and a good key is never counted while another is being checked.
 */
export const BUSY = Symbol('busy');

export interface LoginGateLimits {
  /** Sign-ins deriving a key at once, across all addresses. */
  running: number;
  /** Sign-ins in line or running, across all addresses. */
  total: number;
  /** Sign-ins in line or running from one client address. */
  perAddress: number;
}

/** The defaults: the key hasher derives one key at a time; two keeps it busy without a gap. */
export const LOGIN_GATE_DEFAULTS: LoginGateLimits = { running: 2, total: 32, perAddress: 4 };

export interface LoginGate {
  /** Runs `task` when its turn comes, or BUSY at once when the line is full. */
  run<T>(address: string, task: () => Promise<T>): Promise<T | typeof BUSY>;
}

export function createLoginGate(limits: LoginGateLimits = LOGIN_GATE_DEFAULTS): LoginGate {
  // Per address: the sign-ins in line or running, and the turns of those in line.
  const addresses = new Map<string, { count: number; turns: (() => void)[] }>();
  const globalTurns: (() => void)[] = [];
  let total = 0;
  let running = 0;

  const takeGlobalSlot = (): Promise<void> => {
    if (running < limits.running) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => globalTurns.push(resolve));
  };
  const releaseGlobalSlot = () => {
    const next = globalTurns.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(address, task) {
      const entry = addresses.get(address) ?? { count: 0, turns: [] };
      if (total >= limits.total || entry.count >= limits.perAddress) return BUSY;
      total += 1;
      entry.count += 1;
      addresses.set(address, entry);
      // The first of an address runs at once; the others wait for the one before them.
      if (entry.count > 1) await new Promise<void>((resolve) => entry.turns.push(resolve));
      try {
        await takeGlobalSlot();
        try {
          return await task();
        } finally {
          releaseGlobalSlot();
        }
      } finally {
        total -= 1;
        entry.count -= 1;
        const next = entry.turns.shift();
        if (next) next();
        else if (entry.count === 0) addresses.delete(address);
      }
    },
  };
}
