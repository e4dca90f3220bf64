/**
 * Public pages served from memory at static-file speed
 * (docs/decisions/011-pages-from-memory-hash-csp-and-crowd-limits.md, 025-content-in-the-database.md):
 * the built pages of app/page-routes.ts, the home page and every visible news story, each
 * rendered by React Router once per day in India and per content epoch (what the published
 * content shows: app/features/content/published.server.ts), at the first request after either
 * changes, and kept until then. A publish in any process therefore reaches every process's
 * pages within a second or so; a notice's end time takes the banner off by itself.
 *
 * Each page is kept encoded once as identity, gzip (level 9) and Brotli (quality 11) bodies with
 * a weak ETag and the `'sha256-…'` CSP sources of its inline scripts (server/script-hashes.ts):
 * one copy serves every visitor, so it carries no per-response nonce. A request then costs a Map
 * look-up and a write of a ready buffer. They do not hydrate React: the chrome script gives them
 * their behaviour, started after the first paint (app/lib/without-react.ts `withoutReact`).
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import accepts from "accepts";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import fresh from "fresh";
import { istMidnight, kolkataDate } from "~/lib/dates";
import { withoutReact } from "~/lib/without-react";
import { hashMarkedScripts } from "./script-hashes";
import { messageOf } from "~/lib/errors";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = "br" | "gzip" | "identity";

/** One page, encoded once and served many times. */
export type CachedPage = {
  /** Content-Type header value. */
  type: string;
  /** Weak validator of the identity body, e.g. `W/"3x9…"`. */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /** `'sha256-…'` sources for `script-src`, one per distinct inline script; empty for data. */
  scriptHashes: string[];
  /** Says what the page was rendered for: `X-Rendered-For: <IST date>; content <epoch>`. */
  origin: [header: string, value: string];
  /** Settles when `bodies.br` holds the smallest Brotli encoding (encodePage). */
  smallest?: Promise<void>;
  /** The security headers set on the page's first answer, replayed on every later one (`onceForCachedPages`). */
  headers?: [name: string, value: number | string | string[]][];
};

/** The source file of the chrome script, as the client build's manifest (`.vite/manifest.json`) names it. */
export const CHROME_SOURCE = "app/routes/public/chrome.ts";

/**
 * The URL of the chrome script's chunk ("/assets/index-AbC123.js") from the text of the client
 * build's Vite manifest; undefined when the manifest does not name it (or is not JSON).
 */
export function chromeScriptSrc(manifestJson: string): string | undefined {
  try {
    const file = (JSON.parse(manifestJson) as Record<string, { file?: unknown }>)[CHROME_SOURCE]?.file;
    return typeof file === "string" ? `/${file}` : undefined;
  } catch {
    return undefined;
  }
}

const HTML = "text/html; charset=utf-8";

/** Brotli quality of a page's first encoding (~5 ms for 70 KB) and of the copy that replaces it (~95 ms, ~12 % smaller). */
export const BROTLI_QUICK = 5;
export const BROTLI_BEST = 11;

const brotliAt = (identity: Buffer, quality: number) =>
  brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });

/**
 * The best-quality Brotli encodings waiting, made one at a time: each takes ~95 ms of a libuv
 * thread, and a publish makes many pages at once; one at a time leaves the thread pool (gzip,
 * files, crypto) to the requests.
 */
let upgrades: Promise<void> = Promise.resolve();

/**
 * Encodes the HTML page `text` for serving. Scripts marked with
 * `nonce="<token>"` are hashed and the marks removed (see hashMarkedScripts). Compression runs
 * on libuv's thread pool. The Brotli body is first made at BROTLI_QUICK, so a page rendered
 * after a publish is served at once, and replaced by the BROTLI_BEST one in its turn (the same
 * bytes once decoded, so the ETag holds), unless `stillServed()` says by then that the page was
 * replaced. Resolves to the page; rejects only if zlib fails (a failed upgrade keeps the quick body).
 */
export async function encodePage(text: string, token: string, origin: CachedPage["origin"], stillServed: () => boolean = () => true): Promise<CachedPage> {
  const { html, hashes } = hashMarkedScripts(text, token);
  const identity = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([brotliAt(identity, BROTLI_QUICK), gzipAsync(identity, { level: 9 })]);
  const etag = `W/"${createHash("sha1").update(identity).digest("base64url")}"`;
  const page: CachedPage = { type: HTML, etag, bodies: { identity, gzip: gz, br }, scriptHashes: hashes, origin };
  page.smallest = upgrades = upgrades.then(async () => {
    if (!stillServed()) return;
    try {
      page.bodies.br = await brotliAt(identity, BROTLI_BEST);
    } catch {
      // The quick body stays.
    }
  });
  return page;
}

/**
 * The encoding to send a request: Brotli when its Accept-Encoding allows it, then gzip, else
 * none (the smallest body the client can read, as nginx's gzip_static and CDNs choose).
 */
export function chooseEncoding(req: Pick<IncomingMessage, "headers">): Encoding {
  const accepted = accepts(req as IncomingMessage);
  if (accepted.encodings("br")) return "br";
  return accepted.encodings("gzip") ? "gzip" : "identity";
}

/**
 * Renders one page for the cache: `path` ("/", "/openings"), the instant its date-dependent
 * content is computed for, and the token its inline scripts must carry as their nonce. Resolves
 * to React Router's response.
 */
export type RenderPage = (path: string, options: { now: Date; token: string }) => Promise<globalThis.Response>;

export type PageCacheOptions = {
  /** Paths always kept in memory: the built pages of app/page-routes.ts and "/". */
  paths: readonly string[];
  /** Further paths kept at an instant: the news stories visible then (published.server.ts `visibleNewsPaths`). */
  morePaths?: (now: Date) => readonly string[];
  /**
   * What the site's content shows at an instant (published.server.ts `contentEpoch`): a page is
   * rendered again when it changes (a publish, a notice's end). Default: always the same.
   */
  epoch?: (now: Date) => string;
  render: RenderPage;
  /** The chrome script's URL (`chromeScriptSrc`): pages are kept without React (`withoutReact`); without it, as rendered. */
  chromeScript?: string;
  /** The clock deciding the day in India and the epoch (tests move it); default: the system clock. */
  now?: () => Date;
  /** Where a failed render is reported; default console.error. */
  log?: (message: string) => void;
};

export type PageCache = {
  /** The page for a request path, rendering it first when needed; undefined when the path is not cached or its render failed. Never rejects. */
  get(path: string): Promise<CachedPage | undefined>;
  /** The page for `path` when it is ready for this instant, without waiting; else undefined (then use `get`). */
  peek(path: string): CachedPage | undefined;
  /** Whether `path` is one of the cached paths at this instant. */
  has(path: string): boolean;
  /** Renders every cached path one after another, so the first visitors do not wait (at start); never rejects. */
  warm(): Promise<void>;
};

type Entry = { from: number; until: number; epoch: string; page: Promise<CachedPage | undefined>; value?: CachedPage };

/**
 * The public pages kept in memory (see the module comment): each rendered by React Router once
 * per day in India and content epoch, at the first request (or `warm`) after either changes,
 * and served from memory until then.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.error(message));
  const epochAt = options.epoch ?? (() => "");
  const fixed = new Set(options.paths);
  const entries = new Map<string, Entry>();

  const isCached = (path: string, instant: Date) => fixed.has(path) || (options.morePaths?.(instant).includes(path) ?? false);

  const render = async (path: string, instant: Date, epoch: string, stillServed: () => boolean): Promise<CachedPage | undefined> => {
    const token = randomBytes(16).toString("base64");
    try {
      const response = await options.render(path, { now: instant, token });
      const body = await response.text();
      // Only a plain 200 page is shared; anything else is left to per-request rendering.
      if (response.status !== 200 || response.headers.has("set-cookie")) throw new Error(`status ${response.status}${response.headers.has("set-cookie") ? " with Set-Cookie" : ""}`);
      return await encodePage(options.chromeScript ? withoutReact(body, options.chromeScript, token) : body, token, ["X-Rendered-For", `${kolkataDate(instant)}; content ${epoch}`], stillServed);
    } catch (error) {
      log(`Page ${path} could not be rendered for ${kolkataDate(instant)} (content ${epoch}); rendering it per request: ${messageOf(error)}`);
      return undefined;
    }
  };

  /** The entry of `path` for this instant, if its day and epoch are the current ones. */
  const currentEntry = (path: string, instant: Date) => {
    const entry = entries.get(path);
    const t = instant.getTime();
    return entry && t >= entry.from && t < entry.until && entry.epoch === epochAt(instant) ? entry : undefined;
  };

  const pageFor = (path: string): Promise<CachedPage | undefined> => {
    const instant = now();
    const current = currentEntry(path, instant);
    if (current) return current.page;
    // One render per path, day and epoch, however many requests arrive while it runs.
    const from = istMidnight(kolkataDate(instant)).getTime();
    const epoch = epochAt(instant);
    const entry: Entry = { from, until: from + 86_400_000, epoch, page: Promise.resolve(undefined) };
    entry.page = render(path, instant, epoch, () => entries.get(path) === entry && entry.epoch === epochAt(now()));
    entries.set(path, entry);
    void entry.page.then((p) => {
      if (p) entry.value = p;
      // A failed render is tried again by the next request rather than kept.
      else if (entries.get(path) === entry) entries.delete(path);
    });
    return entry.page;
  };

  return {
    get: (path) => (isCached(path, now()) ? pageFor(path) : Promise.resolve(undefined)),
    peek: (path) => currentEntry(path, now())?.value,
    has: (path) => isCached(path, now()),
    async warm() {
      const instant = now();
      for (const path of [...fixed, ...(options.morePaths?.(instant) ?? [])]) await pageFor(path);
      // Stories no longer shown are not kept.
      for (const path of entries.keys()) if (!isCached(path, instant)) entries.delete(path);
    },
  };
}

/** `res.locals` key of the page chosen for this response by `findCachedPage`. */
const LOCAL = "cachedPage";

/** The cached page chosen for this response, if any. */
export function cachedPageOf(res: Response): CachedPage | undefined {
  return res.locals[LOCAL] as CachedPage | undefined;
}

/**
 * The `script-src` sources that let this response's inline scripts run: the hashes of a cached
 * page (none for a page without React: its only script is the chrome's, allowed by `'self'`),
 * else this response's nonce (`res.locals.cspNonce`). For helmet's CSP directive.
 */
export function scriptSourceFor(res: Response): string {
  const page = cachedPageOf(res);
  return page ? page.scriptHashes.join(" ") : `'nonce-${res.locals.cspNonce as string}'`;
}

/**
 * First half of the pipeline: for GET and HEAD of a cached path, finds (or renders) the page and
 * keeps it in `res.locals`, so the security headers set next can allow its scripts by hash.
 */
export function findCachedPage(cache: PageCache): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === "GET" || req.method === "HEAD") && cache.has(req.path)) {
      const page = cache.peek(req.path) ?? (await cache.get(req.path));
      if (page) res.locals[LOCAL] = page;
    }
    next();
  };
}

/**
 * Runs `headers` (a middleware that only sets response headers, like helmet's) once per cached
 * page, keeps the headers it set in the page (`CachedPage.headers`) and replays them on that
 * page's later answers: helmet builds the same dozen headers, CSP hashes included, for every
 * answer of a page. Other responses run `headers` as usual. Calls `next` with the middleware's
 * error, if any.
 */
export function onceForCachedPages(headers: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const page = cachedPageOf(res);
    if (!page) return headers(req, res, next);
    if (page.headers) {
      setHeaders(res, page.headers);
      return next();
    }
    const before = new Set(res.getHeaderNames());
    return headers(req, res, (error?: unknown) => {
      if (!error) page.headers = res.getHeaderNames().filter((name) => !before.has(name)).map((name) => [name, res.getHeader(name)!]);
      next(error);
    });
  };
}

/** Sets each `[name, value]` of `headers` on `res`. */
export function setHeaders(res: ServerResponse, headers: NonNullable<CachedPage["headers"]>): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/**
 * Second half, after the rate limits: answers with the page found by `findCachedPage`
 * (`writeCachedPage`).
 */
export function sendCachedPage(req: Request, res: Response, next: NextFunction): void {
  const page = cachedPageOf(res);
  if (!page) return next();
  writeCachedPage(req, res, page);
}

/**
 * Answers a GET or HEAD `req` with `page`, in the best encoding the client accepts, or 304 when
 * its ETag matches. HTML is revalidated on every visit (`no-cache`), so a page is never older
 * than the server's. Sets only the page's own headers: the security headers are the caller's.
 */
export function writeCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  res.setHeader("Content-Type", page.type);
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", page.etag);
  res.setHeader(...page.origin);
  if (fresh(req.headers, { etag: page.etag })) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = chooseEncoding(req);
  const body = page.bodies[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}
