/**
 * Steady load for soak and restart runs: an open loop, whose requests leave at a fixed rate whatever the server
 * answers, as from many independent clients (a closed loop would slow down with the server and hide a stall).
 */

export interface OpenLoop {
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
  /** Requests due but not sent because `maxInFlight` were already waiting: the server had fallen behind. */
  readonly skipped: number;
  readonly sent: number;
}

/**
 * Calls `send(n)` for n = 1, 2, … at `ratePerSecond`, on time even while earlier requests wait. At most
 * `maxInFlight` wait at once, so that a stalled server cannot make the client pile up sockets without bound.
 */
export function openLoop(options: {
  ratePerSecond: number;
  send: (sequence: number) => Promise<unknown>;
  maxInFlight?: number;
}): OpenLoop {
  const { ratePerSecond, send, maxInFlight = 200 } = options;
  const startedAt = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  let skipped = 0;
  let due = 0;
  const timer = setInterval(() => {
    const dueNow = Math.floor(((performance.now() - startedAt) / 1000) * ratePerSecond);
    for (; due < dueNow; due++) {
      if (inFlight.size >= maxInFlight) {
        skipped++;
        continue;
      }
      sent++;
      const request = send(sent)
        .catch(() => undefined)
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
  }, 5);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
    get skipped() {
      return skipped;
    },
    get sent() {
      return sent;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Megabytes, rounded to one decimal, for reports. */
export const megabytes = (bytes: number) => Math.round(bytes / 104_857.6) / 10;
