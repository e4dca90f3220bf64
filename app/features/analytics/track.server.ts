/**
 * POST /api/track (issue "Ingest"): reads the beacon (at most MAX_BEACON_BYTES), validates it,
 * hands it to the ingest queue and answers 204 without waiting for the database. Answers 400
 * ("Validation failed: {reason}", SPEC §8) or 413 for a bad body; never a 5xx for any payload.
 */
import { getDb } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { visitorIpOf } from "./client-ip";
import { getIngestQueue } from "./ingest.server";
import { MAX_BEACON_BYTES, parseTrackBody } from "./schema";

const NO_CONTENT = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
const refuse = (status: 400 | 413, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** The body as text, or null when it is longer than `limit` bytes. */
async function readCapped(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The shared ingest queue on the process-wide database. */
export function ingestQueue() {
  return getIngestQueue(() => ({ getDb, httpGeoUrl: getConfig().geoProviderUrl }));
}

/**
 * Stores every queued visit, then returns a one-line account for the log, e.g. "Analytics
 * ingest: 120 accepted, 118 stored (118 full, 0 reduced, 0 minimal), 2 bots, 0 dropped, 0 failed."
 * Never throws.
 */
export async function drainIngest(): Promise<string> {
  const queue = ingestQueue();
  await queue.drain().catch(() => undefined);
  const { accepted, bots, stored, dropped, failed } = queue.stats;
  const total = stored.full + stored.reduced + stored.minimal;
  return `Analytics ingest: ${accepted} accepted, ${total} stored (${stored.full} full, ${stored.reduced} reduced, ${stored.minimal} minimal), ${bots} bots, ${dropped} dropped, ${failed} failed.`;
}

/**
 * Handles one beacon. `clientIp` is Express's req.ip (TRUST_PROXY applied). Never throws.
 */
export async function handleBeacon(request: Request, clientIp: string): Promise<Response> {
  try {
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BEACON_BYTES) return refuse(413, "Validation failed: the body is too large");
    const body = await readCapped(request, MAX_BEACON_BYTES);
    if (body === null) return refuse(413, "Validation failed: the body is too large");
    const parsed = parseTrackBody(body);
    if (!parsed.ok) return refuse(400, parsed.message);
    ingestQueue().push({
      payload: parsed.payload,
      userAgent: request.headers.get("user-agent") ?? "",
      visitorIp: visitorIpOf(clientIp),
      receivedAt: new Date(),
    });
    return NO_CONTENT();
  } catch (error) {
    // Analytics failures are tolerated silently (SPEC §5): the visitor is never shown an error.
    console.error("Analytics beacon not accepted:", error instanceof Error ? error.message : error);
    return NO_CONTENT();
  }
}
