/**
 * The SMTP double (tests/fakes/smtp.ts) with a real client, nodemailer over plain SMTP: what it
 * parses back, and its faults (a refused recipient, a temporary failure, a stop and restart).
 */
import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSmtpFake, type SmtpFake } from "./smtp";

let smtp: SmtpFake;

const transport = (auth?: { user: string; pass: string }) =>
  nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true, auth, connectionTimeout: 2000 });

const mail = { from: '"KVA School" <office@kva.example>', to: "parent@example.org", subject: "Fee receipt", text: "Receipt attached.", html: "<p>Receipt <b>attached</b>.</p>" };

describe("SMTP double", () => {
  beforeEach(async () => {
    smtp = await startSmtpFake();
  });
  afterEach(async () => {
    await smtp.stop();
  });

  it("receives a real mail and gives it back parsed: both parts, the attachment, the Message-ID, Bcc in the envelope", async () => {
    const pdf = Buffer.from("%PDF-1.7\n% receipt R-2026-0001\n%%EOF\n");

    const info = await transport().sendMail({ ...mail, bcc: "Office@KVA.example", attachments: [{ filename: "receipt.pdf", content: pdf, contentType: "application/pdf" }] });
    const received = await smtp.waitFor((m) => m.messageId === info.messageId, 2000);

    expect(received.from).toBe('"KVA School" <office@kva.example>');
    expect(received.to).toEqual(["parent@example.org", "office@kva.example"]);
    expect(received.subject).toBe("Fee receipt");
    expect(received.text?.trim()).toBe("Receipt attached.");
    expect(received.html).toContain("<p>Receipt <b>attached</b>.</p>");
    expect(received.attachments).toHaveLength(1);
    expect(received.attachments[0]).toMatchObject({ filename: "receipt.pdf", contentType: "application/pdf", size: pdf.length });
    expect(received.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(received.headers["message-id"]).toBe(info.messageId);
    expect(received.headers["bcc"]).toBeUndefined();
  });

  it("counts a mail sent twice with one Message-ID as a duplicate", async () => {
    await transport().sendMail({ ...mail, messageId: "<m1@kva.example>" });
    await transport().sendMail({ ...mail, messageId: "<m1@kva.example>" });
    await transport().sendMail({ ...mail, messageId: "<m2@kva.example>" });

    expect(smtp.countByMessageId()).toEqual(
      new Map([
        ["<m1@kva.example>", 2],
        ["<m2@kva.example>", 1],
      ]),
    );
  });

  it("refuses a recipient with 550; the others of the same mail still get it", async () => {
    smtp.refuseRecipient("Gone@Example.org");
    smtp.refuseRecipient((address) => address.endsWith("@blocked.example"));

    await expect(transport().sendMail({ ...mail, to: "gone@example.org" })).rejects.toMatchObject({ responseCode: 550 });
    const partly = await transport().sendMail({ ...mail, to: ["parent@example.org", "x@blocked.example"] });

    expect(partly.rejected).toEqual(["x@blocked.example"]);
    expect(smtp.mails.map((m) => m.to)).toEqual([["parent@example.org"]]);
  });

  it("fails the next message with 451 (temporary) and keeps nothing of it; the retry is received once", async () => {
    smtp.failNext(1);

    await expect(transport().sendMail({ ...mail, messageId: "<r1@kva.example>" })).rejects.toMatchObject({ responseCode: 451 });
    expect(smtp.mails).toHaveLength(0);
    await transport().sendMail({ ...mail, messageId: "<r1@kva.example>" });

    expect(smtp.countByMessageId().get("<r1@kva.example>")).toBe(1);
  });

  it("refuses connections while stopped and takes mail again on the same port after restart", async () => {
    const port = smtp.port;
    await smtp.stop();

    await expect(transport().sendMail(mail)).rejects.toThrow(/ECONNREFUSED/);
    await smtp.restart();
    await transport().sendMail(mail);

    expect(smtp.port).toBe(port);
    expect(smtp.mails).toHaveLength(1);
  });

  it("waitFor rejects when no matching mail comes in time", async () => {
    await transport().sendMail(mail);

    await expect(smtp.waitFor((m) => m.subject === "Never sent", 100)).rejects.toThrow("No matching mail within 100 ms (1 received)");
  });
});

describe("SMTP double with auth", () => {
  beforeEach(async () => {
    smtp = await startSmtpFake({ auth: { user: "outbox", pass: "s3cret" } });
  });
  afterEach(async () => {
    await smtp.stop();
  });

  it("takes mail from the right login only, and records who sent it", async () => {
    await expect(transport({ user: "outbox", pass: "wrong" }).sendMail(mail)).rejects.toMatchObject({ responseCode: 535 });
    await transport({ user: "outbox", pass: "s3cret" }).sendMail(mail);

    expect(smtp.mails.map((m) => m.user)).toEqual(["outbox"]);
  });
});
