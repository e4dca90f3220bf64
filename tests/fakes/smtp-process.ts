/**
 * The SMTP double (./smtp.ts) in a process of its own, for benchmarks and fault scripts that
 * must not count its memory as the server's or that stop it while the server runs.
 * `tsx tests/fakes/smtp-process.ts <port>`: prints `listening <port>`, then one JSON line per
 * accepted mail (`{"id": Message-ID, "to": first recipient, "at": ms since epoch, "attachments": n}`);
 * reads `stop` and `restart` lines on stdin (the same port again), answering `stopped` and
 * `restarted`.
 */
import { createInterface } from "node:readline";
import { startSmtpFake } from "./smtp";

const smtp = await startSmtpFake({ port: Number(process.argv[2] ?? 0) });
console.log(`listening ${smtp.port}`);
let printed = 0;
setInterval(() => {
  while (printed < smtp.mails.length) {
    const mail = smtp.mails[printed++]!;
    console.log(JSON.stringify({ id: mail.messageId, to: mail.to[0] ?? null, at: mail.receivedAt.getTime(), attachments: mail.attachments.length }));
    // Keep the sink's memory flat on long runs: the parsed bodies are not needed once printed.
    smtp.mails[printed - 1] = { ...mail, html: null, text: null, attachments: [] };
  }
}, 20);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "stop") {
    await smtp.stop();
    console.log("stopped");
  } else if (line === "restart") {
    await smtp.restart();
    console.log("restarted");
  }
}
