/**
 * An in-process SMTP server for tests of the outbox's mail (DESIGN.md §2, messages row): the
 * `smtp-server` package without TLS (STARTTLS is not offered, so a client must not require it),
 * with no auth or plain auth, that parses every accepted mail with `mailparser` and keeps it.
 * Faults: recipients refused with 550, temporary 451 failures, and a stop and restart on the same
 * port (the server "down" for a while). Started by the tests; never part of the app build.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export type SmtpFakeOptions = {
  /** 0 or absent: a free port. */
  port?: number;
  /** When set, clients must log in with these (AUTH PLAIN or LOGIN, over plain text). */
  auth?: { user: string; pass: string };
};

export type ReceivedAttachment = { filename: string | null; contentType: string; size: number; content: Buffer };

/** One accepted mail, parsed. */
export type ReceivedMail = {
  /** The Message-ID header, with its angle brackets; null when the mail had none. */
  messageId: string | null;
  /** The From header as text, e.g. `"KVA School" <office@example.org>`. */
  from: string | null;
  /** The envelope recipients accepted (RCPT TO), lower-case: Bcc included. */
  to: string[];
  /** The envelope sender (MAIL FROM). */
  envelopeFrom: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  attachments: ReceivedAttachment[];
  /** Header lines by lower-case name; repeated headers joined by "\n". */
  headers: Record<string, string>;
  /** The user the client logged in as, when auth is on. */
  user: string | null;
  receivedAt: Date;
};

type Refusal = { match: (address: string) => boolean; code: number };

/** An error smtp-server answers with `code`. */
function smtpError(message: string, code: number): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function addressText(value: AddressObject | AddressObject[] | undefined): string | null {
  if (!value) return null;
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(", ");
}

/** Starts the server on 127.0.0.1 (`options.port`, or a free one). */
export async function startSmtpFake(options: SmtpFakeOptions = {}) {
  const mails: ReceivedMail[] = [];
  const refusals: Refusal[] = [];
  const failures = { left: 0, code: 451 };
  const waiters = new Set<{ predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();

  const serverOptions: SMTPServerOptions = {
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    // A stop() does not wait long for clients still connected (a pool, a slow test).
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      callback(smtpError("Invalid username or password", 535));
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusals.find((r) => r.match(address.address.toLowerCase()));
      if (refusal) return callback(smtpError(`Mailbox unavailable: ${address.address}`, refusal.code));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          // The whole message is read before a temporary failure, as a real server answers after DATA.
          if (failures.left > 0) {
            failures.left--;
            return callback(smtpError("Temporary local problem, try again later", failures.code));
          }
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines) {
            const value = line.slice(line.indexOf(":") + 1).trim();
            headers[key] = headers[key] === undefined ? value : `${headers[key]}\n${value}`;
          }
          const mail: ReceivedMail = {
            messageId: parsed.messageId ?? null,
            from: addressText(parsed.from),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            subject: parsed.subject ?? null,
            text: parsed.text ?? null,
            html: typeof parsed.html === "string" ? parsed.html : null,
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size, content: a.content })),
            headers,
            user: typeof session.user === "string" ? session.user : null,
            receivedAt: new Date(),
          };
          mails.push(mail);
          for (const waiter of waiters) {
            if (waiter.predicate(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: unknown) => callback(smtpError(`Could not parse the message: ${String(error)}`, 554)));
    },
  };

  let server = new SMTPServer(serverOptions);
  let running = false;
  const listenOn = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(p, "127.0.0.1", () => {
        server.server.off("error", reject);
        running = true;
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const port = await listenOn(options.port ?? 0);

  async function stop(): Promise<void> {
    if (!running) return;
    running = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return {
    host: "127.0.0.1",
    port,
    mails,
    /** Closes the port: connections are refused until `restart()`. */
    stop,
    /** Listens again on the same port (after `stop()`, or at once when running). */
    async restart(): Promise<void> {
      await stop();
      server = new SMTPServer(serverOptions);
      await listenOn(port);
    },
    /** RCPT TO an address (case-insensitive) or matching `predicate` is refused with `code` (550: permanent). */
    refuseRecipient(address: string | ((address: string) => boolean), code = 550): void {
      const match = typeof address === "string" ? (a: string) => a === address.toLowerCase() : address;
      refusals.push({ match, code });
    },
    /** Lifts every refusal. */
    acceptAllRecipients(): void {
      refusals.length = 0;
    },
    /** The next `n` messages are refused after DATA with `code` (451: temporary, the sender should retry). */
    failNext(n: number, code = 451): void {
      failures.left = n;
      failures.code = code;
    },
    /** The first mail (already received or yet to come) matching `predicate`; rejects after `timeoutMs`. */
    waitFor(predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 5000): Promise<ReceivedMail> {
      const found = mails.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    /** How many times each Message-ID was received: a count above 1 is a duplicate send. */
    countByMessageId(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const mail of mails) if (mail.messageId) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
  };
}

export type SmtpFake = Awaited<ReturnType<typeof startSmtpFake>>;
