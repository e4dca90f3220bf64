/**
 * The stop-reminders link of an e-mail (/messages/stop/<token>, made by ./outbox.server.ts
 * `stopUrl`): the token names the message by its public id, signed with the server's secret, so
 * holding the link is what authorises stopping reminders to that message's address; nothing
 * else about the parent is shown or asked.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema/messages";
import { getConfig } from "~/lib/config.server";
import { readToken } from "~/lib/signed-token.server";
import { optOutsOf, stopReminders } from "./admin.server";
import { maskRecipient } from "./recipient";

export type StopLink = { recipient: string; masked: string; stopped: boolean };

/** The address a stop link names, masked, and whether reminders to it are stopped; null for a bad or expired link. */
export async function stopLinkOf(db: Database, token: string, now = new Date()): Promise<StopLink | null> {
  const publicId = readToken(getConfig().authSecret, "kva-messages-stop", token, now);
  if (!publicId) return null;
  const [message] = await db.select({ recipient: messages.recipient }).from(messages).where(eq(messages.publicId, publicId));
  if (!message) return null;
  const stopped = (await optOutsOf(db, [message.recipient])).has(message.recipient);
  return { recipient: message.recipient, masked: maskRecipient(message.recipient), stopped };
}

/** Stops reminders to the address a stop link names (source "link"); null for a bad or expired link. */
export async function stopByLink(db: Database, token: string, now = new Date()): Promise<StopLink | null> {
  const link = await stopLinkOf(db, token, now);
  if (!link) return null;
  await stopReminders(db, link.recipient, "link", now);
  return { ...link, stopped: true };
}

/**
 * The stop link's path. Its POSTs count with the gateways' posts, not a parent's form posts, and
 * one from another site is answered before the cross-site check (server/messages-stop.ts):
 * RFC 8058's one-click stop is posted by a mail provider's servers or a mail app.
 */
export const STOP_PATH = /^\/messages\/stop\/[A-Za-z0-9._-]{1,200}$/;
