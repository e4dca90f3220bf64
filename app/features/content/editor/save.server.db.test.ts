/**
 * The content editor's posts on the database: a refused save names each field and gives back
 * every value posted (a 10,000-character banner line included); a second notice with the same
 * words gets a numbered address; a story's address comes from its title; a stale save is told
 * who saved and when and keeps the text; publish, unpublish and restore go through with the
 * form's version, and a stale restore changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/core/audit/audit.server";
import { openTestDatabase, type TestDatabase } from "~/db/test-database";
import { itemById, revisionsOf } from "../store.server";
import { createFromForm, editFromForm } from "./save.server";

const EDITOR: Actor = { userId: "editor-1", email: "editor@test.example", ip: "10.0.0.1" };
const OWNER: Actor = { userId: "owner-1", email: "owner@test.example", ip: "10.0.0.2" };
const NOW = new Date("2026-11-27T06:00:00Z");

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

const notice = (over: Record<string, string> = {}) => form({ intent: "save", title: "School closed tomorrow: heavy rain", body: "Stay safe.", startsAt: "2026-11-28T00:00", endsAt: "2026-11-28T18:00", banner: "on", publishAt: "", unpublishAt: "", ...over });
const story = (over: Record<string, string> = {}) =>
  form({ intent: "save", title: "Annual Sports Meet 2026!", slug: "", date: "2026-11-20", category: "News", summary: "Our annual sports meet on the main ground, with relay races and long jump.", body: "## Events\n\nRelay races.", image: "/images/campus.svg", imageAlt: "Children running", publishAt: "", unpublishAt: "", ...over });

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe("the content editor's posts", () => {
  it("refuse a 10,000-character banner line with its message, every value given back, nothing stored", async () => {
    const title = "x".repeat(10_000);
    const answer = await createFromForm(t.db, EDITOR, "notice", notice({ title, endsAt: "" }), NOW);
    expect(answer.status).toBe(400);
    expect(answer.item).toBeUndefined();
    if (answer.notice.ok) throw new Error("expected a refusal");
    expect(answer.notice.errors).toEqual({ title: "Keep the notice to 120 characters or fewer", endsAt: "Enter when the notice stops showing" });
    expect(answer.notice.message).toBe("Nothing was saved: correct the 2 fields marked below.");
    expect(answer.notice.values).toMatchObject({ title, body: "Stay safe.", startsAt: "2026-11-28T00:00", endsAt: "", banner: true });
  });

  it("save a notice as a draft, and a second with the same words under a numbered address", async () => {
    const first = await createFromForm(t.db, EDITOR, "notice", notice(), NOW);
    const second = await createFromForm(t.db, EDITOR, "notice", notice({ intent: "publish" }), NOW);
    expect(first.item).toMatchObject({ slug: "2026-11-28-school-closed-tomorrow-heavy-rain", status: "draft", updatedBy: EDITOR.email });
    expect(second.item).toMatchObject({ slug: "2026-11-28-school-closed-tomorrow-heavy-rain-2", status: "published" });
    expect(second.notice).toEqual({ ok: true, message: "Saved and published: it shows on the site from 28 Nov 2026, 12:00 AM." });
    expect(first.item?.draft).toMatchObject({ startsAt: "2026-11-27T18:30:00.000Z", banner: true });
  });

  it("make a story's address from its title, check a typed one, and want an event's start", async () => {
    const made = await createFromForm(t.db, EDITOR, "news", story(), NOW);
    expect(made.item?.slug).toBe("annual-sports-meet-2026");
    const taken = await createFromForm(t.db, EDITOR, "news", story(), NOW);
    expect(taken.notice).toMatchObject({ ok: false, errors: { slug: "Another item already uses this address: choose another" } });
    const event = await createFromForm(t.db, EDITOR, "news", story({ slug: "Sports Day", category: "Event", eventLocation: "ab" }), NOW);
    expect(event.notice).toMatchObject({ ok: false, errors: { slug: expect.stringMatching(/lowercase letters/), "event.start": "Enter when the event starts", "event.location": "Write the place in at least 3 characters" } });
  });

  it("tell a stale save who saved and when, keeping its text; publish and unpublish from the form's version", async () => {
    const created = await createFromForm(t.db, EDITOR, "news", story({ slug: "quiz-final" }), NOW);
    const id = created.item!.id;
    const first = await editFromForm(t.db, EDITOR, id, story({ version: "1", title: "Quiz final" }), NOW);
    expect(first.notice).toEqual({ ok: true, message: "Draft saved." });
    const stale = await editFromForm(t.db, OWNER, id, story({ version: "1", title: "The owner's title", body: "The owner's long text." }), NOW);
    expect(stale.status).toBe(409);
    if (stale.notice.ok) throw new Error("expected a conflict");
    expect(stale.notice.message).toMatch(/^Saved by editor@test\.example at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M while you were editing: your text is below; copy what you need, then reload\.$/);
    expect(stale.notice).toMatchObject({ conflict: true, values: { title: "The owner's title", body: "The owner's long text." } });
    expect((await itemById(t.db, id))?.draft).toMatchObject({ title: "Quiz final" });

    const published = await editFromForm(t.db, OWNER, id, story({ version: "2", intent: "publish", title: "Quiz final" }), NOW);
    expect(published.notice).toEqual({ ok: true, message: "Saved and published: visitors see it now." });
    const changed = await editFromForm(t.db, EDITOR, id, story({ version: "3", title: "Quiz final: Red house wins" }), NOW);
    expect(changed.notice).toEqual({ ok: true, message: "Draft saved. Visitors still see the published version until you publish." });
    const off = await editFromForm(t.db, OWNER, id, form({ intent: "unpublish", version: "4" }), NOW);
    expect(off.item?.status).toBe("draft");
  });

  it("restore an earlier revision as the draft from the form's version, and refuse a stale one", async () => {
    const created = await createFromForm(t.db, EDITOR, "news", story({ slug: "restore-me", title: "First title" }), NOW);
    const id = created.item!.id;
    await editFromForm(t.db, EDITOR, id, story({ version: "1", title: "Second title" }), NOW);
    const original = (await revisionsOf(t.db, id)).at(-1)!;
    const stale = await editFromForm(t.db, OWNER, id, form({ intent: "restore", version: "1", revisionId: String(original.id) }), NOW);
    expect(stale).toMatchObject({ status: 409, notice: { ok: false, conflict: true, message: expect.stringContaining("nothing was restored") } });
    const restored = await editFromForm(t.db, OWNER, id, form({ intent: "restore", version: "2", revisionId: String(original.id) }), NOW);
    expect(restored.notice).toMatchObject({ ok: true, message: expect.stringMatching(/^The revision saved by editor@test\.example at .+ is the draft again: publish it to show it to visitors\.$/) });
    expect(restored.item?.draft).toMatchObject({ title: "First title" });
    expect((await revisionsOf(t.db, id))[0]).toMatchObject({ action: "restore", authorEmail: OWNER.email });
    expect((await editFromForm(t.db, OWNER, id, form({ intent: "restore", version: "3", revisionId: "999999" }), NOW)).status).toBe(404);
    // An address that names no item (/admin/content/abc): 404 for every intent, without asking the database.
    for (const intent of ["save", "publish", "unpublish", "restore"]) expect((await editFromForm(t.db, OWNER, Number.NaN, form({ intent, version: "1", revisionId: "1" }), NOW)).status).toBe(404);
  });
});
