/**
 * Uploaded pictures through the routes that take and show them (DESIGN.md §2 "uploads and
 * images"), on PGlite and on PostgreSQL (scripts/ci/with-postgres.sh): /apply refuses a
 * decompression bomb from its header with a message beside the field and every value kept; the
 * acknowledgement PDF of an application stored before copies existed answers at once when its
 * photo is a bomb, and makes the copy of a fair one on first use; the administrator sees the
 * normalised copy, never the parent's file with its EXIF GPS position.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pdfText } from "../../tests/support/pdf";
import { signedInWithCode } from "../../tests/support/two-factor";

// The copies wait for a quiet machine (app/lib/quiet.server.ts); the test suite keeps it busy.
vi.mock("~/lib/quiet.server", async (original) => ({ ...(await original<object>()), whenQuiet: async () => undefined }));

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-uploads-"));
const run = Date.now().toString(36);
const ADMIN = { email: `admin-${run}@uploads.example`, password: "admin-password-123" };
process.env.ADMIN_EMAIL = ADMIN.email;

const { getDatabase } = await import("~/db/client.server");
const { ensureAdminAccount } = await import("~/features/auth/admin-account.server");
const { createApplication } = await import("~/features/admissions/applications.server");
const { saveSessionSettings } = await import("~/features/admissions/sessions.server");
const { submitApplication } = await import("~/features/admissions/submit.server");
const { applicationDocumentsDir, applicationUploadsDir, makeCopiesSoon } = await import("~/features/admissions/documents.server");
const applyRoute = await import("./public/apply");
const pdfRoute = await import("./documents/admission-acknowledgement-pdf");
const documentRoute = await import("./admin/application-document");
const ACTOR = (await import("~/core/audit/testing.server")).testActor();

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
let session: Awaited<ReturnType<typeof saveSessionSettings>>;
const ORIGIN = "http://localhost:3000";
const context = { cspNonce: "", clientIp: "127.0.0.1" };

const TYPED = {
  childName: "Ananya Roy", dateOfBirth: "2020-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General",
  fatherName: "Subrata Roy", mobile: "9876543210", address: "12 Station Road, Malancha", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
};

/** A multipart /apply form: the typed values and `files`. */
function applyForm(files: Record<string, File>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...TYPED, ...files })) form.append(k, v);
  return form;
}

let huge: Buffer;
let fairPhoto: Buffer;
let certificate: Buffer;
beforeAll(async () => {
  db = (await getDatabase()).db;
  session = await saveSessionSettings(db, { name: "2043-44", openClasses: ["Nursery", "LKG", "UKG", "Class 1"], applicationFeePaise: 500_00, ageCutOff: "2027-03-31" }, ACTOR);
  await ensureAdminAccount(ADMIN);
  // 10,000 × 10,000 pixels in a few hundred KB: what the review sent as a photograph.
  huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 4, background: { r: 244, g: 244, b: 244, alpha: 1 } } }).png().toBuffer();
  fairPhoto = await sharp({ create: { width: 900, height: 1_200, channels: 3, background: "#3a6ea5" } }).png().toBuffer();
  certificate = await sharp({ create: { width: 1_240, height: 1_754, channels: 3, background: "#ffffff" } }).jpeg().toBuffer();
});
afterAll(async () => {
  await (await getDatabase()).close();
});

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** Writes `bytes` as an application stored before normalised copies were kept: the original only. */
function storeAsBefore(bytes: Buffer, ext: "png" | "jpg") {
  const dir = applicationDocumentsDir();
  mkdirSync(dir, { recursive: true });
  const hex = randomBytes(16).toString("hex");
  writeFileSync(path.join(dir, `${hex}.${ext}`), bytes);
  return { hex, dir, row: { kind: "photo" as const, storedName: `${hex}.${ext}`, originalName: `photo.${ext}`, contentType: ext === "png" ? "image/png" : "image/jpeg", sizeBytes: bytes.byteLength } };
}

async function acknowledgement(publicId: string): Promise<{ ms: number; response: Response }> {
  const started = performance.now();
  const response = (await pdfRoute.loader({ request: new Request(`${ORIGIN}/admissions/acknowledgement/${publicId}/pdf`), params: { applicationId: publicId }, context } as never)) as Response;
  return { ms: performance.now() - started, response };
}

describe("/apply", () => {
  it("refuses a 10,000 × 10,000 PNG photograph from its header with the message beside the field, keeps every typed value, and stores nothing", async () => {
    const before = filesIn(applicationDocumentsDir());
    const form = applyForm({ photo: new File([new Uint8Array(huge)], "photo.png", { type: "image/png" }), birthCertificate: new File([new Uint8Array(certificate)], "birth-certificate.jpg", { type: "image/jpeg" }) });
    const request = new Request(`${ORIGIN}/apply`, { method: "POST", body: form });
    const started = performance.now();
    const answer = (await applyRoute.action({ request, params: {}, context } as never)) as unknown as { data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: { status: number } };
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error?.photo).toEqual([
      "The child's photograph is too large a picture (more than 40 megapixels, or wider or taller than 8,000 pixels): attach a smaller copy, such as a phone photo or a scan at 300 dpi",
    ]);
    // The birth certificate was fine: no message for it.
    expect(answer.data.result.error?.birthCertificate).toBeUndefined();
    expect(answer.data.result.initialValue).toMatchObject({ childName: "Ananya Roy", mobile: "9876543210", address: "12 Station Road, Malancha", pinCode: "721301", classApplied: "Class 1", fatherName: "Subrata Roy" });
    expect(filesIn(applicationDocumentsDir())).toEqual(before);
    expect(filesIn(applicationUploadsDir())).toEqual([]);
  });

  it("moves a stored application's uploads into place, leaves nothing waiting, and makes the pictures' copies after answering", async () => {
    const before = new Set(filesIn(applicationDocumentsDir()));
    const form = applyForm({ photo: new File([new Uint8Array(fairPhoto)], "photo.png", { type: "image/png" }), birthCertificate: new File([new Uint8Array(certificate)], "birth-certificate.jpg", { type: "image/jpeg" }) });
    const answer = await applyRoute.action({ request: new Request(`${ORIGIN}/apply`, { method: "POST", body: form }), params: {}, context } as never).catch((r: unknown) => r);
    expect((answer as Response).status).toBe(303);
    expect(filesIn(applicationUploadsDir())).toEqual([]);
    const added = filesIn(applicationDocumentsDir()).filter((name) => !before.has(name));
    const originals = added.filter((name) => !name.endsWith(".view.jpg"));
    expect(originals.map((name) => path.extname(name)).sort()).toEqual([".jpg", ".png"]);
    const sizes = originals.map((name) => statSync(path.join(applicationDocumentsDir(), name)).size).sort((a, b) => a - b);
    expect(sizes).toEqual([fairPhoto.byteLength, certificate.byteLength].sort((a, b) => a - b));
    await makeCopiesSoon([]);
    for (const name of originals) expect(existsSync(path.join(applicationDocumentsDir(), name.replace(/\.\w+$/, ".view.jpg")))).toBe(true);
  });
});

describe("the acknowledgement PDF of an application stored before copies were kept", () => {
  it("answers at once when its photo is 10,000 × 10,000, with a note in the photo's box, and never makes a copy", async () => {
    const { hex, dir, row } = storeAsBefore(huge, "png");
    const application = await createApplication(db, session, { ...TYPED, photo: new File([new Uint8Array(huge)], "photo.png"), birthCertificateLater: "yes" } as never, [row]);
    const { ms, response } = await acknowledgement(application.publicId);
    expect(response.status).toBe(200);
    // Decoding it took 10-18 s here; reading its header takes milliseconds.
    expect(ms).toBeLessThan(5_000);
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain(application.number);
    expect(text).toContain("Photograph received: too large a picture to print.");
    expect(existsSync(path.join(dir, `${hex}.view.jpg`))).toBe(false);
  });

  it("makes the copy of a fair photo on first use, keeps it, and prints it", async () => {
    const { hex, dir, row } = storeAsBefore(fairPhoto, "png");
    const application = await createApplication(db, session, { ...TYPED, photo: new File([new Uint8Array(fairPhoto)], "photo.png"), birthCertificateLater: "yes" } as never, [row]);
    const first = await acknowledgement(application.publicId);
    expect(first.response.status).toBe(200);
    const copy = path.join(dir, `${hex}.view.jpg`);
    expect(await sharp(copy).metadata()).toMatchObject({ format: "jpeg", width: 900, height: 1_200 });
    const made = statSync(copy).mtimeMs;
    const pdf = Buffer.from(await first.response.arrayBuffer());
    // The photo is embedded as the JPEG it is (DCTDecode), not decoded and re-encoded.
    expect(pdf.includes("/DCTDecode")).toBe(true);
    await acknowledgement(application.publicId);
    expect(statSync(copy).mtimeMs).toBe(made);
  });
});

describe("the administrator's view of a document", () => {
  it("is the normalised copy: a JPEG without EXIF or GPS, upright, its longest side at most 1,200 pixels", async () => {
    const phone = await sharp({ create: { width: 3_000, height: 2_000, channels: 3, background: "#8a5a44" } })
      .withExif({ IFD0: { Make: "Phone", Copyright: "Where-I-live" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 20/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "87/1 19/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const form = applyForm({ photo: new File([new Uint8Array(phone)], "photo.jpg", { type: "image/jpeg" }) });
    form.append("birthCertificateLater", "yes");
    const ok = await submitApplication(form, session, db);
    if (ok.kind !== "stored") throw new Error(ok.kind);
    const id = ok.application.publicId;
    const request = new Request(`${ORIGIN}/admin/applications/${id}/documents/photo`, { headers: { cookie: await signedInWithCode(ADMIN) } });
    const response = (await documentRoute.loader({ request, params: { applicationId: id, kind: "photo" }, context } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 1_200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes("Where-I-live")).toBe(false);
  });
});
