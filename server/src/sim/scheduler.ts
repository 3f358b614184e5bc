/**
 * Discrete-event clock of the simulation. Work is scheduled in simulated milliseconds and runs in
 * time order (ties in scheduling order), so the sequence of events depends only on the seed and
 * never on how the wall clock happens to slice the ticks.
 */

interface Entry {
  at: number;
  seq: number;
  run: () => void;
}

export interface Timer {
  cancel(): void;
}

export class Scheduler {
  private heap: Entry[] = [];
  private seq = 0;
  private time = 0;

  /** Simulated milliseconds since the simulation started. */
  get now(): number {
    return this.time;
  }

  after(delayMs: number, run: () => void): Timer {
    const entry: Entry = { at: this.time + Math.max(0, delayMs), seq: this.seq++, run };
    this.push(entry);
    return { cancel: () => void (entry.run = noop) };
  }

  /** Runs `run` after each delay drawn by `nextDelay`, for as long as the simulation runs. */
  repeat(nextDelay: () => number, run: () => void): void {
    // The next run is booked first, so one that throws does not end the series.
    const loop = () => {
      this.after(nextDelay(), loop);
      run();
    };
    this.after(nextDelay(), loop);
  }

  /** Runs everything due up to `time`, in order, including work scheduled by that work. */
  advanceTo(time: number): void {
    for (let top = this.heap[0]; top !== undefined && top.at <= time; top = this.heap[0]) {
      this.pop();
      this.time = top.at;
      top.run();
    }
    this.time = Math.max(this.time, time);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, heap[parent] as Entry)) break;
      heap[i] = heap[parent] as Entry;
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && before(heap[right] as Entry, heap[left] as Entry) ? right : left;
      if (!before(heap[child] as Entry, last)) break;
      heap[i] = heap[child] as Entry;
      i = child;
    }
    heap[i] = last;
  }
}

function before(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

function noop(): void {}
