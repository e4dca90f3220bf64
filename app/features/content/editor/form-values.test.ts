/**
 * The content form's values: India wall-clock times in, UTC instants stored, and back; an event
 * from a date and an optional time; times that are missing or not real named per field; a post
 * read back exactly as typed (line ends made LF); a notice's address.
 */
import { describe, expect, it } from "vitest";
import { albumFieldsSchema, calendarFieldsSchema, newsFieldsSchema, noticeFieldsSchema, openingFieldsSchema } from "../items";
import { KIND_FORMS, emptyFormValues, fieldsInput, formValuesOf, readFormValues, type CalendarFormValues, type NewsFormValues, type NoticeFormValues, type OpeningFormValues } from "./form-values";

const noticeSlug = (values: NoticeFormValues, n = 1) => KIND_FORMS.notice.slug(values, n);

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

const story: NewsFormValues = {
  ...emptyFormValues("news", new Date("2026-11-20T20:00:00Z")),
  title: "Annual sports meet",
  summary: "Our annual sports meet on the main ground, with relay races and long jump.",
  body: "## Events\n\nRelay races.",
  imageAlt: "Children running",
};

describe("form values", () => {
  it("start a new story on today's date in India with the default picture, and a notice with the banner ticked", () => {
    expect(story.date).toBe("2026-11-21");
    expect(story.image).toBe("/images/campus.svg");
    expect(emptyFormValues("notice", new Date()).banner).toBe(true);
  });

  it("turn a notice's India times into instants, and back", () => {
    const values: NoticeFormValues = { title: "School closed tomorrow: heavy rain", body: "", startsAt: "2026-11-28T00:00", endsAt: "2026-11-28T18:00", banner: true, publishAt: "2026-11-27T15:30", unpublishAt: "" };
    const { fields, errors } = fieldsInput("notice", values);
    expect(errors).toEqual({});
    expect(fields).toEqual({ title: values.title, body: "", startsAt: "2026-11-27T18:30:00.000Z", endsAt: "2026-11-28T12:30:00.000Z", banner: true, publishAt: "2026-11-27T10:00:00.000Z", unpublishAt: null });
    expect(formValuesOf("notice", fields as never, "x")).toEqual(values);
  });

  it("name a missing or impossible time beside its field", () => {
    const values: NoticeFormValues = { title: "Closed", body: "", startsAt: "", endsAt: "2026-02-30T10:00", banner: false, publishAt: "", unpublishAt: "" };
    expect(fieldsInput("notice", values).errors).toEqual({ startsAt: "Enter when the notice starts to show", endsAt: "Enter a real date and time, for example 28/11/2026 09:00" });
  });

  it("send an event only for an Event, from a date and an optional time; an end time alone ends on the start day", () => {
    expect(fieldsInput("news", story).fields).not.toHaveProperty("event");
    const event = { ...story, category: "Event" as const, eventStart: "2026-12-05", eventStartTime: "09:00", eventEndTime: "13:30", eventLocation: "  " };
    expect(fieldsInput("news", event).fields.event).toEqual({ start: "2026-12-05T09:00", end: "2026-12-05T13:30" });
    expect(fieldsInput("news", { ...event, eventStart: "", eventStartTime: "" }).errors).toEqual({ "event.start": "Enter when the event starts" });
    const stored = { ...story, category: "Event" as const, event: { start: "2026-12-05", end: "2026-12-06T16:00", location: "Town hall" }, publishAt: null, unpublishAt: null };
    expect(formValuesOf("news", stored as never, "sports-meet")).toMatchObject({ slug: "sports-meet", eventStart: "2026-12-05", eventStartTime: "", eventEnd: "2026-12-06", eventEndTime: "16:00", eventLocation: "Town hall" });
  });

  it("read a post as typed, with CRLF line ends made LF and the banner box as ticked or not", () => {
    const values = readFormValues("notice", form({ title: "  Closed  ", body: "Line one\r\nLine two", startsAt: "2026-11-28T00:00", endsAt: "2026-11-29T00:00" }));
    expect(values).toEqual({ title: "  Closed  ", body: "Line one\nLine two", startsAt: "2026-11-28T00:00", endsAt: "2026-11-29T00:00", banner: false, publishAt: "", unpublishAt: "" });
    expect(readFormValues("notice", form({ banner: "on" })).banner).toBe(true);
    expect(readFormValues("news", form({ category: "Other" })).category).toBe("News");
  });

  it("make fields that pass the schemas of items.ts", () => {
    expect(newsFieldsSchema.safeParse(fieldsInput("news", story).fields).error).toBeUndefined();
    const notice: NoticeFormValues = { title: "Closed", body: "", startsAt: "2026-11-28T00:00", endsAt: "2026-11-29T00:00", banner: true, publishAt: "", unpublishAt: "" };
    expect(noticeFieldsSchema.safeParse(fieldsInput("notice", notice).fields).error).toBeUndefined();
  });

  it("give a notice an address from its start day and banner line, numbered when taken", () => {
    const notice: NoticeFormValues = { title: "School closed tomorrow: heavy rain!", body: "", startsAt: "2026-11-28T00:00", endsAt: "", banner: true, publishAt: "", unpublishAt: "" };
    expect(noticeSlug(notice)).toBe("2026-11-28-school-closed-tomorrow-heavy-rain");
    expect(noticeSlug(notice, 2)).toBe("2026-11-28-school-closed-tomorrow-heavy-rain-2");
    expect(noticeSlug({ ...notice, title: "x".repeat(200) }, 12)).toMatch(/^2026-11-28-x+-12$/);
    expect(noticeSlug({ ...notice, title: "x".repeat(200) }, 12)).toHaveLength(80);
    expect(noticeSlug({ ...notice, title: "বন্যা", startsAt: "" })).toBe("notice");
  });

  it("turn a calendar entry's form into fields and back: no last day for a single day, the tentative box as ticked", () => {
    const values: CalendarFormValues = { ...emptyFormValues("calendar", new Date()), title: "Christmas", start: "2026-12-25", category: "holiday" };
    const { fields, errors } = fieldsInput("calendar", values);
    expect(errors).toEqual({});
    expect(fields).toEqual({ title: "Christmas", start: "2026-12-25", category: "holiday", tentative: false, publishAt: null, unpublishAt: null });
    expect(calendarFieldsSchema.safeParse(fields).error).toBeUndefined();
    expect(formValuesOf("calendar", calendarFieldsSchema.parse(fields), "x")).toEqual(values);
    expect(readFormValues("calendar", form({ title: "Exams", start: "2027-02-24", end: "2027-03-09", category: "exam", tentative: "on" }))).toMatchObject({ end: "2027-03-09", tentative: true });
    expect(fieldsInput("calendar", { ...values, start: "" }).errors).toEqual({ start: "Enter the first day" });
    expect(KIND_FORMS.calendar.slug(values, 1)).toBe("2026-12-25-christmas");
  });

  it("turn an opening's qualifications, one a line, into a list and back", () => {
    const values: OpeningFormValues = { ...emptyFormValues("opening", new Date("2026-11-20T20:00:00Z")), role: "PGT Physics", subject: "Physics", type: "Teaching, full-time", qualifications: "M.Sc. in Physics\n\n  B.Ed.  \n", experience: "Two years", howToApply: "E-mail your CV.", closingDate: "2027-01-15" };
    expect(values.posted).toBe("2026-11-21");
    const { fields, errors } = fieldsInput("opening", values);
    expect(errors).toEqual({});
    expect(fields.qualifications).toEqual(["M.Sc. in Physics", "B.Ed."]);
    const stored = openingFieldsSchema.parse(fields);
    expect(formValuesOf("opening", stored, "pgt-physics").qualifications).toBe("M.Sc. in Physics\nB.Ed.");
    expect(fieldsInput("opening", { ...values, closingDate: "", posted: "" }).errors).toEqual({ closingDate: "Enter the closing date", posted: "Enter the day it was posted" });
    expect(KIND_FORMS.opening.slug(values, 2)).toBe("pgt-physics-2");
  });
});

describe("an album's form", () => {
  const photo = (n: number) => `/media/${String(n).repeat(32).slice(0, 32)}`;
  const post = (rows: { image: string; alt: string; caption?: string; include: boolean }[]) => {
    const f = form({ title: "Annual Day 2026", slug: "annual-day-2026", date: "2026-12-19", description: "Dance, song and the prizes." });
    rows.forEach((r, i) => {
      f.append("pictureImage", r.image);
      f.append("pictureAlt", r.alt);
      f.append("pictureCaption", r.caption ?? "");
      f.append("pictureThumbnail", "");
      if (r.include) f.append("pictureInclude", String(i));
    });
    return f;
  };

  it("reads the ticked photos first, in the posted order, so a message about the album's second photo names the second row", () => {
    const values = readFormValues("album", post([
      { image: photo(1), alt: "Not in the album", include: false },
      { image: photo(2), alt: "The choir on stage", include: true },
      { image: photo(3), alt: "x", include: true },
    ]));
    expect(values.pictures.map((p) => [p.image, p.include])).toEqual([[photo(2), true], [photo(3), true], [photo(1), false]]);
    const input = fieldsInput("album", values);
    expect(input.fields.pictures).toEqual([{ image: photo(2), alt: "The choir on stage", caption: "" }, { image: photo(3), alt: "x", caption: "" }]);
    const checked = albumFieldsSchema.safeParse(input.fields);
    expect(checked.success).toBe(false);
    // The store's message is about the album's photo 1 (from 0): the row shown second.
    expect(checked.error!.issues.map((i) => i.path.join("."))).toEqual(["pictures.1.alt"]);
  });

  it("saves an album without photos yet (its uploads are offered once it has an address), refuses a path outside the site's pictures, and keeps the stored fields through the form", () => {
    const empty = albumFieldsSchema.safeParse(fieldsInput("album", readFormValues("album", post([{ image: photo(1), alt: "The choir on stage", include: false }]))).fields);
    expect(empty.data?.pictures).toEqual([]);
    const outside = albumFieldsSchema.safeParse({ ...fieldsInput("album", readFormValues("album", post([{ image: "../../etc/passwd", alt: "The choir on stage", include: true }]))).fields });
    expect(outside.error!.issues[0]!.message).toBe("Choose a photo from the pictures page");
    const stored = albumFieldsSchema.parse({ title: "Campus", date: "2025-07-01", description: "Where we learn.", pictures: [{ image: "gallery/campus-library.svg", alt: "Students reading in the library", caption: "The library" }] });
    const again = fieldsInput("album", formValuesOf("album", stored, "campus"));
    expect(albumFieldsSchema.parse(again.fields)).toEqual(stored);
  });
});

describe("a page's form", () => {
  const fields = {
    title: "Principal's Message",
    description: "A message from the Principal.",
    keywords: ["principal message", "CBSE school principal Kharagpur"],
    lead: "On learning with understanding and the partnership between school and home.",
    body: "## Dear parents\n\nWelcome.",
    person: { name: "Mr. Debashis Sample", role: "Principal, {{name}}", image: "people/principal.svg", imageAlt: "Illustrated portrait of the Principal" },
    related: [{ label: "Read the Secretary's message", to: "/secretary" }],
  };

  it("edits the words and keeps the parts it does not show (the portrait's file, the related links) through a save", () => {
    const values = formValuesOf("page", fields as never, "principal");
    expect(values.keywords).toBe("principal message\nCBSE school principal Kharagpur");
    const posted = readFormValues("page", form({ ...values, title: "A word from the Principal", keywords: "principal message\r\n\r\n  school head  \r\n", personName: "Ms. Anita Sample" }));
    const { fields: saved, errors } = fieldsInput("page", posted);
    expect(errors).toEqual({});
    expect(saved).toMatchObject({ title: "A word from the Principal", keywords: ["principal message", "school head"], heading: undefined, related: fields.related, person: { ...fields.person, name: "Ms. Anita Sample", qualification: undefined } });
  });

  it("makes a description or lead typed on several lines one line, and refuses kept parts it cannot read", () => {
    const values = formValuesOf("page", fields as never, "principal");
    expect(fieldsInput("page", { ...values, description: "First line\n second line" }).fields.description).toBe("First line second line");
    expect(fieldsInput("page", { ...values, kept: "not json" }).errors).toEqual({ form: "That request was not understood: reload the page and try again." });
  });

  it("is never new and has no schedule", () => {
    expect(KIND_FORMS.page.newLabel).toBeNull();
    expect(KIND_FORMS.page.schedule).toBe(false);
  });
});
