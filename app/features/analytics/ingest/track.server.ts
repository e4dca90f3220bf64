/**
 * POST /api/track: reads the beacon (at most MAX_BEACON_BYTES), validates it,
 * hands it to the ingest queue and answers 204 without waiting for the database. Answers 400
 * ("Validation failed: {reason}", SPEC §8) or 413 for a bad body; never a 5xx for any payload.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { getDb } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { visitorIpOf } from "./client-ip";
import { BATCH_SIZE, getIngestQueue } from "./ingest-queue.server";
import { MAX_BEACON_BYTES, parseTrackBody } from "./beacon-schema";
import { messageOf } from "~/lib/errors";

/** The shared ingest queue on the process-wide database. */
export function ingestQueue() {
  return getIngestQueue(() => {
    const config = getConfig();
    return { getDb, httpGeoUrl: config.geoProviderUrl, batchSize: config.databaseUrl ? BATCH_SIZE.pg : BATCH_SIZE.pglite };
  });
}

/**
 * Stores every queued visit (waiting at most `deadlineMs` for an unavailable database), then returns a one-line account for the log, e.g. "Analytics
 * ingest: 120 accepted, 118 stored (118 full, 0 reduced, 0 minimal), 2 bots, 0 dropped, 0 failed."
 * Never throws.
 */
export async function drainIngest(deadlineMs?: number): Promise<string> {
  const queue = ingestQueue();
  await queue.drain(deadlineMs).catch(() => undefined);
  const { accepted, bots, stored, dropped, failed } = queue.stats;
  const total = stored.full + stored.reduced + stored.minimal;
  return `Analytics ingest: ${accepted} accepted, ${total} stored (${stored.full} full, ${stored.reduced} reduced, ${stored.minimal} minimal), ${bots} bots, ${dropped} dropped, ${failed} failed.`;
}

/** What the beacon endpoint answers: 204, or 400/413 with a SPEC §8 "Validation failed" text. */
export type BeaconAnswer = { status: 204 } | { status: 400 | 413; message: string };

const TOO_LARGE: BeaconAnswer = { status: 413, message: "Validation failed: the body is too large" };

/**
 * Accepts one beacon body (null when it was longer than MAX_BEACON_BYTES): validates it and
 * queues the visit. `userAgent` is the request's User-Agent ("" when absent); `clientIp` is
 * Express's req.ip (TRUST_PROXY applied). Never throws: analytics failures are silent (SPEC §5).
 */
export function acceptBeacon(body: string | null, userAgent: string, clientIp: string): BeaconAnswer {
  try {
    if (body === null) return TOO_LARGE;
    const parsed = parseTrackBody(body);
    if (!parsed.ok) return { status: 400, message: parsed.message };
    ingestQueue().push({ payload: parsed.payload, userAgent, visitorIp: visitorIpOf(clientIp), receivedAt: new Date() });
  } catch (error) {
    console.error("Analytics beacon not accepted:", messageOf(error));
  }
  return { status: 204 };
}

/**
 * POST /api/track as an Express handler, mounted before the page pipeline (server/app.ts): a
 * beacon comes with every page view, so it skips React Router, compression and the redirect
 * table. Reads at most MAX_BEACON_BYTES of body. Never throws.
 */
export function trackHandler(req: ExpressRequest, res: ExpressResponse): void {
  const send = (answer: BeaconAnswer) => {
    res.set("Cache-Control", "no-store");
    if (answer.status === 204) res.status(204).end();
    else res.status(answer.status).type("text/plain; charset=utf-8").send(answer.message);
  };
  if (Number(req.get("content-length") ?? 0) > MAX_BEACON_BYTES) {
    req.resume();
    send(TOO_LARGE);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on("data", (chunk: Buffer) => {
    if (tooLarge) return;
    size += chunk.byteLength;
    if (size > MAX_BEACON_BYTES) tooLarge = true;
    else chunks.push(chunk);
  });
  req.on("end", () => send(acceptBeacon(tooLarge ? null : Buffer.concat(chunks).toString("utf8"), req.get("user-agent") ?? "", req.ip ?? "")));
  req.on("error", () => {
    if (!res.headersSent) send({ status: 204 });
  });
}
