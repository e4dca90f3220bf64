/**
 * The tracker's beacon (POST /api/track), validated with zod on the server. The body is JSON
 * sent as text/plain by navigator.sendBeacon (no CORS preflight), capped at MAX_BEACON_BYTES.
 */
import { z } from "zod";

export const MAX_BEACON_BYTES = 4096;

export const trackPayloadSchema = z.object({
  /** Session id from localStorage (SPEC §4): URL-safe characters, 8-64 long. */
  sid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "sid must be 8-64 URL-safe characters"),
  /** The page's path, e.g. "/apply" (query and hash are dropped by the tracker). */
  path: z.string().min(1).max(512).startsWith("/", "path must start with /"),
  /** document.referrer on the first page, the previous page's URL after a route change. */
  ref: z.string().max(2048).optional(),
});

export type TrackPayload = z.infer<typeof trackPayloadSchema>;

/**
 * Parses a beacon body. Returns the payload, or the SPEC §8 "Validation failed: {reason}"
 * message. Never throws.
 */
export function parseTrackBody(body: string): { ok: true; payload: TrackPayload } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: "Validation failed: the body is not JSON" };
  }
  const result = trackPayloadSchema.safeParse(json);
  if (!result.success) {
    const reason = result.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
    return { ok: false, message: `Validation failed: ${reason}` };
  }
  return { ok: true, payload: result.data };
}
