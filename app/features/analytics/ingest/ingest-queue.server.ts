/**
 * Server-side ingest of tracker beacons (SPEC §4, §5, §7; DESIGN.md §1, §8). The route answers
 * 204 at once and hands the visit to `IngestQueue`; the queue drops bots, reads browser, OS,
 * device and place, and stores visits in arrival order with one writer, in batches of up to
 * BATCH_SIZE (per driver): one look-up and one multi-row INSERT per batch (batch-insert.server.ts). A batch
 * that fails is retried visit by visit with the SPEC §7 fallback chain (insert-visit.server.ts),
 * so one bad visit costs only itself. While the database is away (a restart, a failover, an
 * outage), visits wait in the queue, in order, and the writer retries with a growing pause
 * (RETRY_MIN_MS … RETRY_MAX_MS); the queue is bounded by MAX_PENDING and what overflows is
 * counted as dropped and logged, so an outage cannot exhaust memory.
 */
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { isBotVisit } from "./bot-detection";
import { locate } from "./geolocation.server";
import { insertBatch, type VisitRecord } from "./batch-insert.server";
import { insertVisit, type InsertOutcome } from "./insert-visit.server";
import type { TrackPayload } from "./beacon-schema";
import { parseUserAgent } from "./user-agent";
import { reasonOf } from "~/lib/errors";

/** A beacon as the route received it. */
export type Beacon = {
  payload: TrackPayload;
  /** The request's User-Agent header ("" when absent). */
  userAgent: string;
  /** visitorIpOf(request IP): the stored IP or the development placeholder. */
  visitorIp: string;
  receivedAt: Date;
};

/**
 * Largest batch per driver. PostgreSQL works in its own process, so larger batches only add
 * throughput (500: about 2,100 beacons/s stored on 2 cores); PGlite works on the server's own
 * thread, and a batch blocks beacons while it runs: 100 keeps their p99 near 50 ms.
 */
export const BATCH_SIZE = { pg: 500, pglite: 100 } as const;
/**
 * How long the writer waits for more visits before storing a batch smaller than BATCH_SIZE. A
 * batch costs about the same few statements whatever its size (a transaction of 1 visit cost
 * ~5 ms of CPU on PGlite), so waiting a moment makes batches, and throughput, larger. The
 * browser never waits for this: it had its 204 already.
 */
export const FLUSH_DELAY_MS = 20;
/** Visits waiting beyond this are dropped (and counted) rather than exhausting memory. */
export const MAX_PENDING = 50_000;
/** First and longest pause between attempts while the database is away (ms). */
export const RETRY_MIN_MS = 250;
export const RETRY_MAX_MS = 5_000;

/** Path without query or fragment, at most 512 characters. */
function cleanPath(path: string): string {
  return path.split(/[?#]/, 1)[0]!.slice(0, 512) || "/";
}

/**
 * Turns a beacon into the row to store, or null for a bot (SPEC §5: bots are not recorded).
 * `httpGeoUrl`: optional HTTP geolocation provider (GEO_PROVIDER_URL).
 */
export async function enrichBeacon(beacon: Beacon, httpGeoUrl?: string): Promise<VisitRecord | null> {
  const userAgent = beacon.userAgent.slice(0, 1024);
  if (isBotVisit(userAgent, beacon.visitorIp)) return null;
  const ua = parseUserAgent(userAgent);
  const place = await locate(beacon.visitorIp, httpGeoUrl);
  const pageVisited = cleanPath(beacon.payload.path);
  const referrer = beacon.payload.ref?.trim() ? beacon.payload.ref.trim() : null;
  return {
    visitorIp: beacon.visitorIp,
    sessionId: beacon.payload.sid,
    userAgent,
    pageVisited,
    country: place.country,
    city: place.city,
    region: place.region,
    referrer,
    deviceType: ua.deviceType,
    browser: ua.browser,
    os: ua.os,
    isMobile: ua.isMobile,
    isApplyPage: pageVisited === "/apply" || pageVisited.startsWith("/apply/"),
    isBot: false,
    timestamp: beacon.receivedAt,
  };
}

export type IngestStats = {
  /** Beacons handed to the queue. */
  accepted: number;
  /** Of those, dropped as bots. */
  bots: number;
  /** Stored, by payload. */
  stored: Record<InsertOutcome, number>;
  /** Dropped because the queue was full, or still waiting when a drain's deadline passed. */
  dropped: number;
  /** Lost because even the minimal insert failed with the database up (a bad visit). */
  failed: number;
  pending: number;
};

export type IngestOptions = {
  getDb: () => Promise<Database>;
  httpGeoUrl?: string;
  batchSize?: number;
  maxPending?: number;
  /** Defaults to FLUSH_DELAY_MS; 0 writes at once. */
  flushDelayMs?: number;
  /** Defaults to RETRY_MIN_MS; the pause doubles up to RETRY_MAX_MS while the database is away. */
  retryMinMs?: number;
};

/** One writer per process: visits are classified against every visit stored before them. */
export class IngestQueue {
  private readonly queue: Promise<VisitRecord | null>[] = [];
  private running: Promise<void> | null = null;
  /** Visits taken off the queue and not yet stored (they count against MAX_PENDING). */
  private inFlight = 0;
  /** Time after which a drain stops waiting for the database (ms since the epoch). */
  private deadline = Infinity;
  private wake: (() => void) | undefined;
  private overflowLogged = false;
  readonly stats: IngestStats = { accepted: 0, bots: 0, stored: { full: 0, reduced: 0, minimal: 0 }, dropped: 0, failed: 0, pending: 0 };

  constructor(private readonly options: IngestOptions) {}

  /** Accepts a beacon; returns at once. Enrichment (geolocation) starts now, in parallel. */
  push(beacon: Beacon): void {
    this.stats.accepted++;
    const max = this.options.maxPending ?? MAX_PENDING;
    if (this.queue.length + this.inFlight >= max) {
      this.stats.dropped++;
      if (!this.overflowLogged) {
        this.overflowLogged = true;
        console.error(`Analytics: ingest queue full (${max} visits waiting for the database); further visits are dropped and counted until it drains.`);
      }
      return;
    }
    this.queue.push(enrichBeacon(beacon, this.options.httpGeoUrl).catch(() => null));
    this.stats.pending = this.queue.length + this.inFlight;
    this.running ??= this.drainLoop();
  }

  /**
   * Resolves when every accepted beacon has been stored or dropped. With `deadlineMs`, stops
   * waiting for an unavailable database after that long and counts what is left as dropped
   * (graceful shutdown).
   */
  async drain(deadlineMs?: number): Promise<void> {
    if (deadlineMs !== undefined) {
      this.deadline = Date.now() + deadlineMs;
      this.wake?.();
    }
    try {
      while (this.running) await this.running;
    } finally {
      this.deadline = Infinity;
    }
  }

  private async drainLoop(): Promise<void> {
    try {
      await this.drainAll();
    } finally {
      // No await between the last empty check and here, so no push is missed.
      this.running = null;
    }
  }

  private async drainAll(): Promise<void> {
    const batchSize = this.options.batchSize ?? BATCH_SIZE.pglite;
    const delay = this.options.flushDelayMs ?? FLUSH_DELAY_MS;
    while (this.queue.length > 0) {
      if (this.queue.length < batchSize && delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const batch = this.queue.splice(0, batchSize);
      this.inFlight = batch.length;
      const visits: VisitRecord[] = [];
      for (const pending of batch) {
        const visit = await pending;
        if (visit) visits.push(visit);
        else this.stats.bots++;
      }
      this.inFlight = visits.length;
      if (visits.length > 0) await this.writeUntilStored(visits);
      this.inFlight = 0;
      this.stats.pending = this.queue.length;
      if (this.queue.length === 0) this.overflowLogged = false;
    }
  }

  /** Writes a batch, waiting for the database while it is away (until a drain's deadline). */
  private async writeUntilStored(visits: VisitRecord[]): Promise<void> {
    let pause = this.options.retryMinMs ?? RETRY_MIN_MS;
    for (;;) {
      const left = await this.write(visits);
      if (left.length === 0) return;
      if (Date.now() >= this.deadline) {
        const waiting = left.length + this.queue.length;
        this.stats.dropped += waiting;
        this.queue.length = 0;
        console.error(`Analytics: database unavailable at shutdown, ${waiting} queued visit(s) dropped.`);
        return;
      }
      visits = left;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(pause, Math.max(0, this.deadline - Date.now())));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      pause = Math.min(pause * 2, RETRY_MAX_MS);
    }
  }

  /** Stores what it can of `visits`; returns those left because the database is away. */
  private async write(visits: VisitRecord[]): Promise<VisitRecord[]> {
    let db: Database;
    try {
      db = await this.options.getDb();
    } catch {
      // Logged once by the database client; the visits wait.
      return visits;
    }
    try {
      await insertBatch(db, visits);
      this.stats.stored.full += visits.length;
      return [];
    } catch (error) {
      if (isDatabaseUnavailable(error)) return visits;
      // Nothing of the batch was stored: retried one by one below, each with the fallback chain.
    }
    for (const [i, visit] of visits.entries()) {
      try {
        this.stats.stored[await insertVisit(db, visit)]++;
      } catch (error) {
        if (isDatabaseUnavailable(error)) return visits.slice(i);
        this.stats.failed++;
        console.error(`Analytics: a visit could not be stored: ${reasonOf(error)}`);
      }
    }
    return [];
  }
}

let shared: IngestQueue | undefined;

/** The process-wide queue, created on first use with `options`. */
export function getIngestQueue(options: () => IngestOptions): IngestQueue {
  shared ??= new IngestQueue(options());
  return shared;
}
