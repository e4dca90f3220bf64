/**
 * Server-side ingest of tracker beacons (SPEC §4, §5, §7; DESIGN.md §1, §8). The route answers
 * 204 at once and hands the visit to `IngestQueue`; the queue drops bots, reads browser, OS,
 * device and place, and stores visits in arrival order with one writer, in batches of up to
 * BATCH_SIZE (per driver): one look-up and one multi-row INSERT per batch (batch-insert.server.ts). A batch
 * that fails is retried visit by visit with the SPEC §7 fallback chain (insert-visit.server.ts),
 * so one bad visit costs only itself.
 */
import type { Database } from "~/db/client.server";
import { reasonOf } from "~/db/sql.server";
import { isBotVisit } from "./bot-detection";
import { locate } from "./geolocation.server";
import { insertBatch, type VisitRecord } from "./batch-insert.server";
import { insertVisit, type InsertOutcome } from "./insert-visit.server";
import type { TrackPayload } from "./beacon-schema";
import { parseUserAgent } from "./user-agent";

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
  /** Dropped because the queue was full, or lost because even the minimal insert failed. */
  dropped: number;
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
};

/** One writer per process: visits are classified against every visit stored before them. */
export class IngestQueue {
  private readonly queue: Promise<VisitRecord | null>[] = [];
  private running: Promise<void> | null = null;
  readonly stats: IngestStats = { accepted: 0, bots: 0, stored: { full: 0, reduced: 0, minimal: 0 }, dropped: 0, failed: 0, pending: 0 };

  constructor(private readonly options: IngestOptions) {}

  /** Accepts a beacon; returns at once. Enrichment (geolocation) starts now, in parallel. */
  push(beacon: Beacon): void {
    this.stats.accepted++;
    if (this.queue.length >= (this.options.maxPending ?? MAX_PENDING)) {
      this.stats.dropped++;
      return;
    }
    this.queue.push(enrichBeacon(beacon, this.options.httpGeoUrl).catch(() => null));
    this.stats.pending = this.queue.length;
    this.running ??= this.drainLoop();
  }

  /** Resolves when every accepted beacon has been stored or dropped. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
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
      this.stats.pending = this.queue.length;
      const visits: VisitRecord[] = [];
      for (const pending of batch) {
        const visit = await pending;
        if (visit) visits.push(visit);
        else this.stats.bots++;
      }
      if (visits.length > 0) await this.write(visits);
    }
  }

  private async write(visits: VisitRecord[]): Promise<void> {
    let db: Database;
    try {
      db = await this.options.getDb();
    } catch (error) {
      console.error(`Analytics: database unavailable, ${visits.length} visit(s) lost: ${reasonOf(error)}`);
      this.stats.failed += visits.length;
      return;
    }
    try {
      await insertBatch(db, visits);
      this.stats.stored.full += visits.length;
      return;
    } catch {
      // Nothing of the batch was stored: retried one by one below, each with the fallback chain.
    }
    for (const visit of visits) {
      try {
        this.stats.stored[await insertVisit(db, visit)]++;
      } catch (error) {
        this.stats.failed++;
        console.error(`Analytics: a visit could not be stored: ${reasonOf(error)}`);
      }
    }
  }
}

let shared: IngestQueue | undefined;

/** The process-wide queue, created on first use with `options`. */
export function getIngestQueue(options: () => IngestOptions): IngestQueue {
  shared ??= new IngestQueue(options());
  return shared;
}
