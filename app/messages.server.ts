/**
 * The site's messages worker (docs/decisions/022-messages.md): the outbox's worker with the
 * channels the configuration gives (SMTP, MSG91; either may be absent: its messages are held)
 * and the attachments each owner makes (a receipt's PDF, an application's acknowledgement).
 * Like app/payment-purposes.server.ts it sits above the features, and only the server and routes
 * import it. The "messages" job runs every MESSAGES_INTERVAL_MS in each process, once at a time
 * across processes, and soon after a message is enqueued in this process (runs start at least
 * MESSAGES_RUN_SPACING_MS apart). The "messages-daily"
 * job runs every hour: from 07:00 IST it enqueues yesterday's summary for the office, once a day,
 * and is where the fee reminders are run; the office can also send today's reminders at once.
 */
import { RateLimiterMemory, RateLimiterQueue } from "rate-limiter-flexible";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import type { SmsProvider } from "~/core/messages/channel";
import { registerJob, runJobNow } from "~/db/exclusive-jobs.server";
import { smtpSender, defaultFrom } from "~/core/messages/email.server";
import { Msg91Provider } from "~/core/messages/msg91.server";
import { enqueue, onEnqueued } from "~/core/messages/outbox.server";
import { messageSettings } from "~/core/messages/settings.server";
import { failedMessagesOn } from "~/core/messages/summary.server";
import { deliverDue, reportLine, type AttachmentResolver, type WorkerDeps } from "~/core/messages/worker.server";
import { receiptPdf } from "~/core/receipts/pdf.server";
import { receiptById } from "~/core/receipts/issue.server";
import { collectionsOn } from "~/core/receipts/admin.server";
import { applicationsSubmittedOn } from "~/features/admissions/applications.server";
import { enquiriesOn } from "~/features/enquiries/enquiries.server";
import { addDays, kolkataDate, kolkataHour } from "~/lib/dates";
import { acknowledgementFor } from "~/features/admissions/acknowledgement-pdf.server";
import { enqueueFeeReminders } from "~/features/fees/reminders.server";
import { getConfig, type Config } from "~/lib/config.server";
import { spacedRuns } from "~/lib/spaced-runs";

export const MESSAGES_JOB = "messages";
/** How often each process looks for due messages (ms). */
export const MESSAGES_INTERVAL_MS = 5_000;
/** Least time between the starts of two runs in one process (ms), however often enqueues wake it. */
export const MESSAGES_RUN_SPACING_MS = 1_000;

/** Documents an e-mail may carry, by the `kind` of its attachment reference. */
export const attachmentResolvers: Record<string, AttachmentResolver> = {
  receipt: async (db, id) => {
    const receipt = /^\d{1,10}$/.test(id) ? await receiptById(db, Number(id)) : null;
    return receipt ? { content: await receiptPdf(receipt, getConfig().publicSiteUrl), contentType: "application/pdf" } : null;
  },
  application_acknowledgement: async (db, publicId) => {
    const made = await acknowledgementFor(db, publicId);
    return made ? { content: made.pdf, contentType: "application/pdf" } : null;
  },
};

/**
 * `provider` sending at most `perSecond` messages a second (the provider's limit): each send
 * waits its turn in a FIFO queue (rate-limiter-flexible) rather than being refused.
 */
export function paced(provider: SmsProvider, perSecond: number): SmsProvider {
  // Whole messages per window: 0.5 a second is 1 per 2 s.
  const points = Math.max(1, Math.round(perSecond));
  const queue = new RateLimiterQueue(new RateLimiterMemory({ points, duration: points / perSecond }), { maxQueueSize: 10_000 });
  return {
    name: provider.name,
    async send(message) {
      await queue.removeTokens(1);
      return provider.send(message);
    },
  };
}

/** The worker's channels and attachments for `config` (a channel missing its settings is null). */
export function workerDeps(config: Config): WorkerDeps {
  const { mail, sms } = config;
  return {
    email: mail.smtpUrl ? smtpSender({ url: mail.smtpUrl, from: mail.from ?? defaultFrom(), ratePerSecond: mail.ratePerSecond }) : null,
    sms: sms.provider === "msg91" && sms.authKey && sms.senderId ? paced(new Msg91Provider({ authKey: sms.authKey, senderId: sms.senderId, apiUrl: sms.apiUrl }), sms.ratePerSecond) : null,
    attachments: attachmentResolvers,
    messageIdHost: new URL(config.publicSiteUrl).hostname,
  };
}

/** Which channels have a provider to send through (SMTP_URL; MSG91's provider, key and sender id). */
export function providersOf(config: Pick<Config, "mail" | "sms">): { email: boolean; sms: boolean } {
  return { email: Boolean(config.mail.smtpUrl), sms: Boolean(config.sms.provider && config.sms.authKey && config.sms.senderId) };
}

/** What the operator is told at start: where e-mail and SMS go, or that they are kept. */
export function channelsLine(config: Config): string {
  const providers = providersOf(config);
  const email = providers.email ? `e-mail via ${new URL(config.mail.smtpUrl!).hostname}` : "e-mail kept in Messages (set SMTP_URL to send)";
  const sms = providers.sms ? "SMS via MSG91" : "SMS kept in Messages (set SMS_PROVIDER=msg91, MSG91_AUTH_KEY, MSG91_SENDER_ID to send)";
  return `Messages: ${email}; ${sms}; office address ${config.mail.officeEmail}.`;
}

export const DAILY_JOB = "messages-daily";
/** How often each process asks whether the day's messages are due (ms). */
export const DAILY_INTERVAL_MS = 3_600_000;
/** The IST hour from which yesterday's summary goes to the office. */
export const SUMMARY_HOUR = 7;

/** What the daily job runs besides the summary; each must be safe to run every hour of the day. */
export type DailyHooks = {
  /**
   * Today's fee reminders (wired with the reminders' own module): enqueues them and returns how
   * many it enqueued; idempotent per family and day, since the job runs each hour from 07:00.
   */
  reminders?: (db: Database, now: Date) => Promise<number>;
};

/**
 * The day's messages at `now`: before 07:00 IST nothing; from then on, yesterday's (IST)
 * `daily_summary` to the office (collections by mode from the receipts issued that day,
 * applications submitted, enquiries, messages that failed; key `daily_summary:<day>`, so stored
 * once however often this runs), then `hooks.reminders`. Returns a line for the log ("" when
 * nothing new was enqueued). Throws what the driver throws.
 */
export async function runDailyMessages(db: Database, now: Date, hooks: DailyHooks = {}): Promise<string> {
  if (kolkataHour(now) < SUMMARY_HOUR) return "";
  const day = addDays(kolkataDate(now), -1);
  const [collections, applications, enquiries, failedMessages] = await Promise.all([collectionsOn(db, day), applicationsSubmittedOn(db, day), enquiriesOn(db, day), failedMessagesOn(db, day)]);
  const totalPaise = collections.reduce((sum, c) => sum + c.amountPaise, 0);
  const stored = await db.transaction((tx) =>
    enqueue(tx, { kind: "daily_summary", data: { day, collections, totalPaise, applications, enquiries, failedMessages }, key: `daily_summary:${day}`, related: `day:${day}`, now }),
  );
  const reminders = hooks.reminders ? await hooks.reminders(db, now) : 0;
  return [stored.length > 0 ? `Messages: the summary of ${day} enqueued for the office.` : "", reminders > 0 ? `Messages: ${reminders} fee reminders enqueued.` : ""].filter(Boolean).join(" ");
}

/**
 * What "Send fee reminders now" did: nothing, fee reminders being switched off; or how many
 * families it reminded, and whether an e-mail or SMS provider will send them (`held`: none is
 * configured, so they wait in Messages).
 */
export type RemindersNow = { off: true } | { off: false; queued: number; held: boolean };

/**
 * The office's "Send fee reminders now" (/admin/messages) at `now`: a reminder to every family
 * owing something past its due date, whatever the schedule's days and hour, at most one a family
 * a day (those reminded earlier today are not again). Pressed by
 * `actor`: audited (`reminders.send_now`, with how many families) once the families' own
 * transactions have enqueued theirs. Throws what the driver throws.
 */
export async function sendFeeRemindersNow(db: Database, now: Date, actor: Actor): Promise<RemindersNow> {
  if ((await messageSettings(db)).off.includes("fee_reminder")) return { off: true };
  const queued = await enqueueFeeReminders(db, now, { everyOverdue: true });
  if (queued > 0) await recordAudit(db, { actor, action: "reminders.send_now", entity: "reminders", entityId: "fee reminders", after: { familiesReminded: queued } });
  const providers = providersOf(getConfig());
  return { off: false, queued, held: !providers.email && !providers.sms };
}

/** The line the office reads after "Send fee reminders now". */
export function remindersNowLine(result: RemindersNow): string {
  if (result.off) return "Fee reminders are switched off: none were queued. Switch them on under Templates, switches and schedule to send them.";
  if (result.queued === 0) return "No fee reminders queued: no family owes fees past their due date, or each such family has had today's reminder already.";
  const families = `${result.queued} ${result.queued === 1 ? "family" : "families"} with fees overdue`;
  return result.held
    ? `Fee reminders queued for ${families}. No e-mail or SMS provider is set up, so they are held below and nothing leaves until one is.`
    : `Fee reminders queued for ${families}: they go out in the next few seconds.`;
}

let started = false;

/**
 * Registers the messages job and starts its timer, and wakes it soon after each enqueue in this
 * process; registers the daily job (runDailyMessages) and runs it now and every hour. Returns
 * the line for the operator. Calling it again does nothing more. Never throws.
 */
export function startMessages(getHandle: () => Promise<Pick<DatabaseHandle, "db" | "driver">>): string {
  const config = getConfig();
  if (started) return channelsLine(config);
  started = true;
  const deps = workerDeps(config);
  registerJob({ name: MESSAGES_JOB, intervalMs: MESSAGES_INTERVAL_MS, run: async (db) => reportLine(await deliverDue(db, deps)) ?? "" });
  // One run at a time in this process, at most one a second: a surge's payments share runs.
  const wake = spacedRuns(() => runJobNow(MESSAGES_JOB, getHandle).then((line) => void (line && console.log(line))), MESSAGES_RUN_SPACING_MS);
  onEnqueued(wake);
  setInterval(wake, MESSAGES_INTERVAL_MS).unref();
  wake();

  registerJob({ name: DAILY_JOB, intervalMs: DAILY_INTERVAL_MS, run: (db) => runDailyMessages(db, new Date(), { reminders: enqueueFeeReminders }) });
  const daily = () => void runJobNow(DAILY_JOB, getHandle).then((line) => void (line && console.log(line)));
  setInterval(daily, DAILY_INTERVAL_MS).unref();
  daily();
  return channelsLine(config);
}
