/**
 * What the fuzz suite walks, read from the app itself so a route added later is covered
 * without editing the suite:
 * - React Router's route table (app/routes.ts), with whether each route module exports a
 *   loader and an action (read from its source);
 * - the routes Express mounts itself (`app.get("/healthz", …)`, `app.post("/api/track", …)` in
 *   server/*.ts);
 * - the query and form field names the app reads (`searchParams.get("range")`,
 *   `form.get("intent")`, zod object keys of query and form schemas), plus common ones.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../../app/routes";

export type FuzzRoute = {
  /** "/admin/enquiries", "/news/:slug", "*" patterns as registered. */
  pattern: string;
  source: "react-router" | "express";
  hasLoader: boolean;
  hasAction: boolean;
  /** Inside the admin layout (routes/admin/layout.tsx) but not its sign-in page: a visitor is sent to sign in (as under /admin/ anywhere). */
  adminOnly?: boolean;
  /** Express only: the methods it registers. */
  methods?: string[];
};

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

function exportsFunction(source: string, name: string): boolean {
  return new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(source);
}

function join(prefix: string, part: string | undefined): string {
  if (!part) return prefix || "/";
  if (part.startsWith("/")) return part;
  return `${prefix.replace(/\/$/, "")}/${part}`;
}

/** Every route of app/routes.ts that answers a URL (layouts without a path are walked through). */
export function reactRouterRoutes(): FuzzRoute[] {
  const out = new Map<string, FuzzRoute>();
  const walk = (entries: Entry[], prefix: string, underAdmin: boolean) => {
    for (const entry of entries) {
      const full = entry.index ? prefix || "/" : join(prefix, entry.path);
      if (entry.index || entry.path !== undefined) {
        const source = read(path.join("app", entry.file));
        const known = out.get(full);
        out.set(full, {
          pattern: full,
          source: "react-router",
          hasLoader: (known?.hasLoader ?? false) || exportsFunction(source, "loader"),
          hasAction: (known?.hasAction ?? false) || exportsFunction(source, "action"),
          adminOnly: underAdmin && full !== "/admin/login",
        });
      }
      if (entry.children) walk(entry.children, entry.path !== undefined ? full : prefix, underAdmin || entry.file === "routes/admin/layout.tsx");
    }
  };
  walk(routes as Entry[], "", false);
  return [...out.values()];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)));
}

/** Routes Express registers itself in server/*.ts: `app.post("/api/track", …)`. */
export function expressRoutes(): FuzzRoute[] {
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles("server")) {
    for (const m of read(file).matchAll(/\b\w+\.(get|post|put|patch|delete|all)\(\s*"(\/[^"]*)"/g)) {
      const methods = found.get(m[2]!) ?? new Set<string>();
      methods.add(m[1]!.toUpperCase());
      found.set(m[2]!, methods);
    }
  }
  return [...found].map(([pattern, methods]) => ({
    pattern,
    source: "express" as const,
    methods: [...methods],
    hasLoader: methods.has("GET") || methods.has("ALL"),
    hasAction: methods.has("POST") || methods.has("ALL"),
  }));
}

const COMMON_NAMES = ["q", "page", "from", "to", "id", "range", "table", "limit", "status", "class", "redirectTo", "reason", "intent", "index", "_data", "sort"];

/** Query and form field names the app reads, harvested from app/ sources, plus common ones. */
export function parameterNames(): string[] {
  const names = new Set(COMMON_NAMES);
  for (const file of sourceFiles("app")) {
    const source = read(file);
    for (const m of source.matchAll(/\b(?:searchParams|params|form|formData)\.get(?:All)?\(\s*"([\w-]+)"\s*\)/g)) names.add(m[1]!);
    // Keys of zod objects in query and form schemas: `  name: z.…` at the start of a line.
    if (/schema|query/i.test(path.basename(file))) for (const m of source.matchAll(/^\s+(\w+):\s*(?:z\.|loose\()/gm)) names.add(m[1]!);
  }
  return [...names];
}

/** A concrete path for a pattern: each `:param` and `*` filled with `value`. */
export function fill(pattern: string, value: string): string {
  return pattern.replace(/:[\w]+\??/g, value).replace(/\*$/, `${value}/${value}`);
}

export const isDynamic = (pattern: string) => /:|\*/.test(pattern);
