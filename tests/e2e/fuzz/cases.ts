/**
 * The requests the fuzz suite sends to every path: wrong methods, wrong and missing content
 * types, broken encodings, NUL bytes, overlong and malformed query values, chunked and
 * declared bodies over the route's limit.
 */
import type { FuzzBody, FuzzRequest } from "./http";

export type FuzzCase = {
  name: string;
  /** "oversize" answers must not be a parsed body (see the spec's rule). */
  kind: "read" | "method" | "body" | "oversize";
  build: (path: string) => Omit<FuzzRequest, "headers"> & { headers?: Record<string, string> };
};

const FORM = "application/x-www-form-urlencoded";
const bytes = (s: string | Buffer): FuzzBody => ({ kind: "bytes", data: Buffer.isBuffer(s) ? s : Buffer.from(s, "utf8") });
const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** Query values, already percent-encoded where they are valid; some are deliberately not. */
const QUERY_VALUES: Record<string, string> = {
  nul: "a%00b",
  "bare percent": "%",
  "truncated escape": "%E0%A4%A",
  "non-hex escape": "%ZZ",
  "overlong UTF-8": "%C0%AF",
  "lone surrogate": "%ED%A0%80",
  "year 0": "0000-01-01",
  "impossible date": "2024-02-30",
  "huge number": "99999999999999999999",
  "negative and float": "-1.5e309",
  sql: "%27%20OR%201%3D1--%20",
  markup: "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "header injection": "%0D%0ASet-Cookie:%20x=1",
  traversal: "..%2F..%2F..%2Fetc%2Fpasswd",
  "protocol-relative": "%2F%2Fevil.example%2F",
  overlong: "x".repeat(300),
};

const SEGMENT_VALUES = ["%00", "a%00b", "x".repeat(3000), "..%2F..%2Fetc%2Fpasswd", "%E0%A4%A", "%2e%2e", "%C0%AF"];

/** Values a dynamic segment is filled with, besides a plain sample. */
export const segmentValues = () => SEGMENT_VALUES;

/** Every parameter name set to one value: `?q=v&page=v&…`. */
function everyName(names: string[], value: string): string {
  return names.map((n) => `${n}=${value}`).join("&");
}

function formOf(names: string[], value: (name: string) => string): string {
  return names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(value(n))}`).join("&");
}

/** Plausible values, so a form gets past its first checks. */
const PLAUSIBLE: Record<string, string> = {
  name: "Fuzz Parent",
  phone: "9876543210",
  class: "LKG",
  email: "fuzz@example.com",
  password: "not-the-password",
  intent: "contacted",
  id: "1",
  note: "fuzz",
  reason: "inactivity",
  back: "/admin",
  redirectTo: "/admin",
};

/**
 * The cases for one path. `names` are the parameter names the app reads; `limit` the route's
 * body limit in bytes (oversize bodies are `limit` + 1 KiB).
 */
export function casesFor(names: string[], limit: number): FuzzCase[] {
  const plausible = formOf(names, (n) => PLAUSIBLE[n] ?? "1");
  const cases: FuzzCase[] = [
    { name: "GET", kind: "read", build: (path) => ({ method: "GET", path, body: { kind: "none" } }) },
    { name: "HEAD", kind: "read", build: (path) => ({ method: "HEAD", path, body: { kind: "none" } }) },
    ...Object.entries(QUERY_VALUES).map(([label, value]): FuzzCase => ({
      name: `GET ?all=${label}`,
      kind: "read",
      build: (path) => ({ method: "GET", path: withQuery(path, everyName(names, value)), body: { kind: "none" } }),
    })),
    {
      name: "GET repeated parameters",
      kind: "read",
      build: (path) => ({ method: "GET", path: withQuery(path, names.flatMap((n) => [`${n}=1`, `${n}=2`, `${n}[]=3`]).join("&")), body: { kind: "none" } }),
    },
    {
      name: "GET three very long values",
      kind: "read",
      build: (path) => ({ method: "GET", path: withQuery(path, ["q", "redirectTo", "range"].map((n) => `${n}=${"y".repeat(3500)}`).join("&")), body: { kind: "none" } }),
    },
    ...["OPTIONS", "DELETE", "TRACE", "PROPFIND"].map((method): FuzzCase => ({ name: method, kind: "method", build: (path) => ({ method, path, body: { kind: "none" } }) })),
    ...["PUT", "PATCH"].map((method): FuzzCase => ({
      name: `${method} form`,
      kind: "method",
      build: (path) => ({ method, path, headers: { "content-type": FORM }, body: bytes(plausible) }),
    })),
    { name: "POST form", kind: "body", build: (path) => ({ method: "POST", path, headers: { "content-type": FORM }, body: bytes(plausible) }) },
    {
      name: "POST form, NUL in every field",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": FORM }, body: bytes(formOf(names, (n) => `${PLAUSIBLE[n] ?? "1"}\u0000`)) }),
    },
    {
      name: "POST form, overlong fields under the limit",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": FORM }, body: bytes(formOf(names, () => "z".repeat(Math.max(1, Math.floor(limit / names.length / 2))))) }),
    },
    {
      name: "POST form, malformed escapes",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": FORM }, body: bytes("name=%E0%A4%A&phone=%ZZ&email=%&class=%C0%AF") }),
    },
    {
      name: "POST form, invalid UTF-8",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": `${FORM}; charset=utf-8` }, body: bytes(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe, 0xc0, 0x80])) }),
    },
    {
      name: "POST form, charset=utf-16",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": `${FORM}; charset=utf-16` }, body: bytes(Buffer.from("name=x", "utf16le")) }),
    },
    {
      name: "POST form, Content-Encoding: gzip (not gzip)",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": FORM, "content-encoding": "gzip" }, body: bytes(plausible) }),
    },
    { name: "POST JSON", kind: "body", build: (path) => ({ method: "POST", path, headers: { "content-type": "application/json" }, body: bytes(JSON.stringify(PLAUSIBLE)) }) },
    { name: "POST broken JSON", kind: "body", build: (path) => ({ method: "POST", path, headers: { "content-type": "application/json" }, body: bytes('{"name":') }) },
    { name: "POST text/plain", kind: "body", build: (path) => ({ method: "POST", path, headers: { "content-type": "text/plain" }, body: bytes(plausible) }) },
    { name: "POST XML", kind: "body", build: (path) => ({ method: "POST", path, headers: { "content-type": "application/xml" }, body: bytes("<a>1</a>") }) },
    { name: "POST without Content-Type", kind: "body", build: (path) => ({ method: "POST", path, body: bytes(plausible) }) },
    { name: "POST without a body", kind: "body", build: (path) => ({ method: "POST", path, body: { kind: "none" } }) },
    { name: "POST multipart without boundary", kind: "body", build: (path) => ({ method: "POST", path, headers: { "content-type": "multipart/form-data" }, body: bytes(plausible) }) },
    {
      name: "POST broken multipart",
      kind: "body",
      build: (path) => ({ method: "POST", path, headers: { "content-type": "multipart/form-data; boundary=XyZ" }, body: bytes('--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated') }),
    },
    {
      name: "POST multipart with a file",
      kind: "body",
      build: (path) => ({
        method: "POST",
        path,
        headers: { "content-type": "multipart/form-data; boundary=XyZ" },
        body: bytes(
          `--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nFuzz\u0000\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--XyZ--\r\n`,
        ),
      }),
    },
    {
      name: "POST chunked over the limit",
      kind: "oversize",
      build: (path) => ({ method: "POST", path, headers: { "content-type": FORM }, body: { kind: "chunked", total: limit + 1024, fill: "a", prefix: `${plausible}&pad=` } }),
    },
    {
      name: "POST declared over the limit",
      kind: "oversize",
      build: (path) => ({ method: "POST", path, headers: { "content-type": FORM }, body: bytes(`${plausible}&pad=${"b".repeat(limit + 1024)}`) }),
    },
  ];
  return cases;
}
