/**
 * Multipart forms whose files go to disk as they arrive (issue 29: 300 parents uploading at
 * once must not hold 4 MB each in memory). The form's text fields are in memory as usual; each
 * file is written to a private temporary file and its `File` in the FormData reads from that
 * file (Node's `fs.openAsBlob`), so a 2 MB photograph costs a few KB of memory until someone
 * reads it.
 *
 * The same limits and refusals as `readForm` (app/lib/request-body.server.ts, OWASP ASVS 4.0.3
 * §12.1.1 and §13.1): the route's total from BODY_LIMITS, declared or counted as the bytes
 * arrive (HTTP 413 at the first byte beyond it), 415 for another type or a compressed body, 400
 * for a form that does not parse or a NUL character. A url-encoded form (no files) is read by
 * `readForm` itself.
 *
 * The caller owns the temporary files: `discard()` removes those it did not move away (call it
 * in a `finally`); `uploadedPath(file)` names a file's temporary path, to move it or to let sharp
 * read it. `sweepUploads(dir)` removes what a crash left behind.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { BODY_LIMITS, BODY_MESSAGES, bodyRefusal, formTypeOf, readForm, STREAM_BUFFER_BYTES, type BodyRoute } from "./request-body.server";

/** The temporary path of each file `readUploadForm` wrote. */
const paths = new WeakMap<File, string>();

/** Where `file` (from `readUploadForm`) waits on disk; undefined for an empty file input or a file from elsewhere. */
export function uploadedPath(file: File): string | undefined {
  return paths.get(file);
}

export type UploadedForm = {
  form: FormData;
  /** Removes every temporary file still in place (moved ones are gone already). Never throws. */
  discard: () => Promise<void>;
};

const TEMPORARY = /^[0-9a-f]{32}\.upload$/;

/** Thrown inside the parse to stop it with an answer. */
class Refusal extends Error {
  constructor(readonly response: Response) {
    super("refused");
  }
}

/**
 * The form of `request` for `route`, its files written under `dir` (created 0700; on the same
 * file system as where they are kept, so moving one is a rename). Throws the plain-text
 * Responses of `readForm`; nothing is left on disk when it throws.
 */
export async function readUploadForm(request: Request, route: BodyRoute, dir: string): Promise<UploadedForm> {
  if (formTypeOf(request, route) !== "multipart/form-data") return { form: await readForm(request, route), discard: async () => undefined };
  const contentType = request.headers.get("content-type")!;
  const limit = BODY_LIMITS[route];

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((p) => rm(p, { force: true }).catch(() => undefined)));
  };
  const form = new FormData();
  const files: Promise<void>[] = [];
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, highWaterMark: STREAM_BUFFER_BYTES, fileHwm: STREAM_BUFFER_BYTES, limits: { fieldSize: limit, fileSize: limit, parts: 200 } });
  } catch {
    throw bodyRefusal(400, BODY_MESSAGES.unreadable);
  }
  parser.on("field", (name, value) => {
    if (name.includes("\u0000") || value.includes("\u0000")) parser.emit("error", new Refusal(bodyRefusal(400, BODY_MESSAGES.forbiddenCharacter)));
    else form.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    const type = info.mimeType || "application/octet-stream";
    const filename = info.filename ?? "";
    const file = path.join(dir, `${randomBytes(16).toString("hex")}.upload`);
    written.push(file);
    files.push(
      pipeline(stream, createWriteStream(file, { mode: 0o600, flags: "wx", highWaterMark: STREAM_BUFFER_BYTES })).then(async () => {
        // An empty file input (no file chosen) is an empty File, as the platform's parser gives.
        if ((await stat(file)).size === 0) {
          await rm(file, { force: true });
          form.append(name, new File([], filename, { type }));
          return;
        }
        const value = new File([await openAsBlob(file)], filename, { type });
        paths.set(value, file);
        form.append(name, value);
      }),
    );
  });
  // Read by hand rather than piped: a refusal stops reading without cancelling the request's
  // stream, which for a Node request would destroy the socket before the 413 is sent.
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  parsed.catch(() => undefined);
  const reader = request.body?.getReader();
  let counted = 0;
  try {
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      counted += chunk.value.byteLength;
      if (counted > limit) throw new Refusal(bodyRefusal(413, BODY_MESSAGES.tooLarge));
      if (!parser.write(chunk.value)) await Promise.race([once(parser, "drain"), parsed]);
    }
    parser.end();
    await parsed;
    await Promise.all(files);
  } catch (error) {
    parser.destroy();
    await Promise.allSettled(files);
    await discard();
    throw error instanceof Refusal ? error.response : bodyRefusal(400, BODY_MESSAGES.unreadable);
  } finally {
    reader?.releaseLock();
  }
  return { form, discard };
}

/**
 * Removes temporary upload files in `dir` older than `olderThanMs` (a process that stopped
 * mid-request leaves its files). Returns how many it removed; never throws.
 */
export async function sweepUploads(dir: string, olderThanMs = 3_600_000, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => TEMPORARY.test(n))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs && (await rm(file).then(() => true, () => false))) removed++;
  }
  return removed;
}
