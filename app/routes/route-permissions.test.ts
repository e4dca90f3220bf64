/**
 * Every admin route checks a permission on the server (issue 27; DESIGN.md §6: "admin routes and
 * data are checked on the server in the loader/action"). Like the fuzz suite, this reads the route
 * table itself (app/routes.ts), so a route added later is covered without editing a list: each
 * route under /admin (but its sign-in and sign-out) or at /icici-debug, and each layout around
 * one, has its module read with the TypeScript compiler, and every exported `loader` and `action`
 * must start with `requirePermission(request, "<a permission of PERMISSIONS>")`. A form whose
 * permission depends on its intent may check again further down (`demandPermission(session, …)`,
 * or `await requirePermission` again) with a conditional choosing between written-out permissions. `requireStaff` (any staff member) is for the admin frame and
 * unknown paths only; `requireSignedIn` (anyone signed in) for the person's own second factor
 * only. The table below is the record of which permission each route checks.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { NAV } from "~/features/admin/components/admin-shell";
import { PERMISSIONS, type Permission } from "~/features/auth/permissions";
import routes from "~/routes";

/** What a loader or action checks: the permissions it names, or any staff member. */
type Check = Permission[] | "staff" | "signed-in";
type ModuleChecks = { loader?: Check; action?: Check; problems: string[] };

/** Which permission each admin route's loader and action checks (sorted when several). */
const EXPECTED: Record<string, { loader?: Check; action?: Check }> = {
  "(layout routes/admin/layout.tsx)": { loader: "staff" },
  "/admin/account/two-factor": { loader: "signed-in", action: "signed-in" },
  "/admin": { loader: ["dashboard.view"] },
  "/admin/*": { loader: "staff" },
  "/admin/analytics/data": { loader: ["dashboard.view"] },
  "/admin/analytics/export": { loader: ["dashboard.view"] },
  "/admin/analytics/jobs": { loader: ["dashboard.view"], action: ["settings.manage"] },
  "/admin/analytics/realtime": { loader: ["dashboard.view"] },
  "/admin/analytics/visits": { loader: ["dashboard.view"] },
  "/admin/applications": { loader: ["applications.view"] },
  "/admin/applications/:applicationId": { loader: ["applications.view"], action: ["applications.manage"] },
  "/admin/applications/:applicationId/documents/:kind": { loader: ["applications.view"] },
  "/admin/applications/export": { loader: ["applications.view"] },
  "/admin/applications/settings": { loader: ["applications.view"], action: ["applications.manage"] },
  "/admin/enquiries": { loader: ["enquiries.view"], action: ["enquiries.manage"] },
  "/admin/enquiries/export": { loader: ["enquiries.view"] },
  "/admin/fees": { loader: ["fees.view"] },
  "/admin/fees/book": { loader: ["fees.view"], action: ["fees.manage"] },
  "/admin/fees/collections": { loader: ["fees.view"] },
  "/admin/fees/collections.csv": { loader: ["fees.view"] },
  "/admin/fees/defaulters": { loader: ["fees.view"] },
  "/admin/fees/defaulters.csv": { loader: ["fees.view"] },
  "/admin/fees/import": { loader: ["fees.view"], action: ["fees.manage"] },
  "/admin/fees/students/:id": { loader: ["fees.view"], action: ["fees.manage", "fees.view", "messages.manage"] },
  "/admin/fees/students/:id/statement.pdf": { loader: ["fees.view"] },
  "/admin/fees/template.csv": { loader: ["fees.view"] },
  "/admin/messages": { loader: ["messages.view"], action: ["messages.manage"] },
  "/admin/messages/:publicId": { loader: ["messages.view"], action: ["messages.manage"] },
  "/admin/messages/:publicId/html": { loader: ["messages.view"] },
  "/admin/messages/templates": { loader: ["messages.view"], action: ["settings.manage"] },
  "/admin/messages/templates/:kind/html": { loader: ["messages.view"] },
  "/admin/audit": { loader: ["audit.view"] },
  "/admin/content": { loader: ["content.edit"] },
  "/admin/content/:id": { loader: ["content.edit"], action: ["content.edit", "content.publish"] },
  "/admin/content/new": { loader: ["content.edit"], action: ["content.edit", "content.publish"] },
  "/admin/content/preview": { action: ["content.edit"] },
  "/admin/audit/export": { loader: ["audit.view"] },
  "/admin/content/pictures": { loader: ["content.edit"], action: ["content.edit"] },
  "/admin/content/pictures.json": { loader: ["content.edit"], action: ["content.edit"] },
  "/admin/payments": { loader: ["fees.view"] },
  "/admin/payments/:reference": { loader: ["fees.view"], action: ["fees.manage"] },
  "/admin/payments/export": { loader: ["fees.view"] },
  "/admin/receipts/:id": { loader: ["fees.view"] },
  "/admin/receipts/:id/cancel": { loader: ["fees.view"], action: ["fees.manage"] },
  "/admin/staff": { loader: ["staff.manage"], action: ["staff.manage"] },
  "/icici-debug": { loader: ["settings.manage"], action: ["settings.manage"] },
};

/** Modules that may admit any staff member: they show no data of their own. */
const STAFF_ONLY = new Set(["routes/admin/layout.tsx", "routes/admin/not-found.tsx"]);
/**
 * Admin paths open to everyone: signing in and out, asking for a password reset link, and the
 * pages of a link sent by e-mail (an invitation, a password reset: its token is the check).
 */
const OPEN = new Set(["/admin/login", "/admin/login/code", "/admin/logout", "/admin/invitation/:token", "/admin/forgot-password", "/admin/reset-password/:token"]);
/** Modules that admit anyone signed in: the person's own second factor. */
const SIGNED_IN_ONLY = new Set(["routes/admin/account-two-factor.tsx"]);
const GUARDS = new Set(["requirePermission", "requireStaff", "requireSignedIn"]);
/** GUARDS, and the check an action makes again once it has read its form's intent (synchronous). */
const CHECKS = new Set([...GUARDS, "demandPermission"]);

/**
 * The admin routes of a route table: `key` is the URL pattern, or "(layout <file>)" for a layout
 * without a path around admin routes, and `file` the module, relative to app/.
 */
export function adminRoutes(entries: RouteConfigEntry[]): { key: string; file: string }[] {
  const found = new Map<string, string>();
  const isAdmin = (full: string) => (full === "/admin" || full.startsWith("/admin/") || full === "/icici-debug") && !OPEN.has(full);
  const walk = (list: RouteConfigEntry[], prefix: string): boolean => {
    let any = false;
    for (const entry of list) {
      const full = entry.index ? prefix || "/" : entry.path === undefined ? prefix : `${prefix.replace(/\/$/, "")}/${entry.path}`;
      const inside = entry.children ? walk(entry.children, full) : false;
      if ((entry.index || entry.path !== undefined) && isAdmin(full)) found.set(full, entry.file);
      else if (entry.path === undefined && !entry.index && inside) found.set(`(layout ${entry.file})`, entry.file);
      any ||= inside || ((entry.index || entry.path !== undefined) && isAdmin(full));
    }
    return any;
  };
  walk(entries, "");
  return [...found].map(([key, file]) => ({ key, file })).sort((a, b) => a.key.localeCompare(b.key));
}

/** The body of the exported function `name` (declaration, `const` arrow/function, or local `export { x as name }`). */
function exportedBody(file: ts.SourceFile, name: string): { body?: ts.ConciseBody; problem?: string } | null {
  const locals = new Map<string, ts.ConciseBody | undefined>();
  let exportedAs: string | null = null;
  let reexported = false;
  const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      locals.set(statement.name.text, statement.body);
      if (isExported(statement) && statement.name.text === name) exportedAs = name;
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        const init = d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)) ? d.initializer.body : undefined;
        locals.set(d.name.text, init);
        if (isExported(statement) && d.name.text === name) exportedAs = name;
      }
    } else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const el of statement.exportClause.elements) {
        if (el.name.text !== name) continue;
        if (statement.moduleSpecifier) reexported = true;
        else exportedAs = (el.propertyName ?? el.name).text;
      }
    }
  }
  if (reexported) return { problem: `${name} is re-exported from another module: define it in the route module so its check can be read` };
  if (exportedAs === null) return null;
  const body = locals.get(exportedAs);
  return body ? { body } : { problem: `${name} is not a function this test can read` };
}

/** The calls to a check of `names` in `node`, not counting those inside nested functions (they may never run). */
function guardCalls(node: ts.Node, names: ReadonlySet<string> = CHECKS): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n)) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && names.has(n.expression.text)) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** Whether `statement` is `await guard(…)` or `const … = await guard(…)`: a check that always runs. */
function isAwaitedGuard(statement: ts.Statement): boolean {
  const declarations = ts.isVariableStatement(statement) ? statement.declarationList.declarations : [];
  const expression = ts.isExpressionStatement(statement) ? statement.expression : declarations.length === 1 ? declarations[0]!.initializer : undefined;
  return !!expression && ts.isAwaitExpression(expression) && guardCalls(expression.expression, GUARDS).includes(expression.expression as ts.CallExpression);
}

/** The permissions a guard's argument names: string literals, or a conditional between them. */
function permissionsNamed(arg: ts.Expression | undefined): string[] | null {
  if (!arg) return null;
  if (ts.isStringLiteralLike(arg)) return [arg.text];
  if (ts.isParenthesizedExpression(arg) || ts.isAsExpression(arg) || ts.isSatisfiesExpression(arg)) return permissionsNamed(arg.expression);
  if (ts.isConditionalExpression(arg)) {
    const [a, b] = [permissionsNamed(arg.whenTrue), permissionsNamed(arg.whenFalse)];
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

/**
 * What the loader and action of a route module's `source` check, with every problem found:
 * a loader or action whose first statement is no guard, a permission not written out or not in
 * PERMISSIONS, `requireStaff` outside STAFF_ONLY, `requireSignedIn` outside SIGNED_IN_ONLY
 * (`file` is the module's path under app/).
 */
export function checksOf(source: string, file: string): ModuleChecks {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const result: ModuleChecks = { problems: [] };
  for (const name of ["loader", "action"] as const) {
    const found = exportedBody(sf, name);
    if (!found) continue;
    if (!found.body) {
      result.problems.push(`${file}: ${found.problem}`);
      continue;
    }
    const statements = ts.isBlock(found.body) ? [...found.body.statements] : [];
    if (!statements[0] || !isAwaitedGuard(statements[0])) {
      result.problems.push(`${file}: ${name} must start with await requirePermission(request, "<permission>")`);
      continue;
    }
    const calls = statements.flatMap((s) => guardCalls(s));
    for (const call of calls) if (GUARDS.has((call.expression as ts.Identifier).text) && !ts.isAwaitExpression(call.parent)) result.problems.push(`${file}: ${name} does not wait for ${call.getText(sf)}`);
    if (calls.some((c) => (c.expression as ts.Identifier).text === "requireStaff")) {
      if (!STAFF_ONLY.has(file)) result.problems.push(`${file}: ${name} admits any staff member (requireStaff); name the permission it needs`);
      result[name] = "staff";
      continue;
    }
    if (calls.some((c) => (c.expression as ts.Identifier).text === "requireSignedIn")) {
      if (!SIGNED_IN_ONLY.has(file)) result.problems.push(`${file}: ${name} admits anyone signed in (requireSignedIn); name the permission it needs`);
      result[name] = "signed-in";
      continue;
    }
    const named = new Set<string>();
    for (const call of calls) {
      // requirePermission(request, p); demandPermission(session, p).
      const permissions = permissionsNamed(call.arguments[1]);
      if (!permissions) result.problems.push(`${file}: ${name} checks a permission that is not written out: ${call.getText(sf)}`);
      for (const p of permissions ?? []) {
        if (p in PERMISSIONS) named.add(p);
        else result.problems.push(`${file}: ${name} checks "${p}", which is not in PERMISSIONS`);
      }
    }
    result[name] = ([...named] as Permission[]).sort();
  }
  return result;
}

const read = (file: string) => readFileSync(path.join(import.meta.dirname, "..", file), "utf8");

describe("every admin route checks a permission", () => {
  const table = adminRoutes(routes);
  const checks = Object.fromEntries(table.map(({ key, file }) => [key, { file, ...checksOf(read(file), file) }]));

  it("finds the admin routes of app/routes.ts, the layout around them and /icici-debug, not sign-in or sign-out", () => {
    const keys = table.map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(["(layout routes/admin/layout.tsx)", "/admin", "/admin/*", "/admin/enquiries", "/admin/analytics/jobs", "/icici-debug"]));
    expect(keys).not.toContain("/admin/login");
    expect(keys).not.toContain("/admin/logout");
    expect(keys.length).toBeGreaterThan(30);
  });

  it("every loader and action starts with its check, naming permissions of the table", () => {
    expect(Object.values(checks).flatMap((c) => c.problems)).toEqual([]);
  });

  it("each route checks the permission recorded here", () => {
    const actual = Object.fromEntries(Object.entries(checks).map(([key, c]) => [key, { ...(c.loader && { loader: c.loader }), ...(c.action && { action: c.action }) }]));
    expect(actual).toEqual(EXPECTED);
  });

  it("each admin navigation item needs the permission its page's loader checks", () => {
    for (const item of NAV) expect({ to: item.to, permission: checks[item.to]?.loader }).toEqual({ to: item.to, permission: [item.permission] });
  });
});

describe("the check itself", () => {
  const guarded = `import { requirePermission } from "~/features/auth/session.server";
export async function loader({ request }) {
  const { headers } = await requirePermission(request, "fees.view");
  return null;
}`;

  it("finds a route added to the table, and fails it when its module checks nothing", () => {
    const added = [...routes, { path: "admin/reports", file: "routes/admin/reports.tsx" }];
    expect(adminRoutes(added).map((r) => r.key)).toContain("/admin/reports");
    const unguarded = `import { getDb } from "~/db/client.server";
export async function loader() {
  return Response.json(await (await getDb()).select().from(students));
}`;
    expect(checksOf(unguarded, "routes/admin/reports.tsx").problems).toEqual(["routes/admin/reports.tsx: loader must start with await requirePermission(request, \"<permission>\")"]);
  });

  it("passes a loader that starts with its check, however it is exported", () => {
    expect(checksOf(guarded, "routes/admin/a.tsx")).toEqual({ loader: ["fees.view"], problems: [] });
    const arrow = `export const loader = async ({ request }) => { await requirePermission(request, "dashboard.view"); return 1; };`;
    expect(checksOf(arrow, "routes/admin/b.ts")).toEqual({ loader: ["dashboard.view"], problems: [] });
    const renamed = `async function guarded({ request }) { await requirePermission(request, "messages.view"); }\nexport { guarded as loader };`;
    expect(checksOf(renamed, "routes/admin/c.ts")).toEqual({ loader: ["messages.view"], problems: [] });
  });

  it("fails an action whose check is missing, late, conditional, inside a callback or not awaited", () => {
    const cases = {
      missing: `export async function action({ request }) { await markPaid(); }`,
      late: `export async function action({ request }) { await refund(); await requirePermission(request, "fees.manage"); }`,
      conditional: `export async function action({ request }) { if (request.method === "DELETE") await requirePermission(request, "fees.manage"); await refund(); }`,
      callback: `export async function action({ request }) { const check = () => requirePermission(request, "fees.manage"); await refund(); }`,
      unawaited: `export async function action({ request }) { requirePermission(request, "fees.manage"); await refund(); }`,
    };
    for (const [name, source] of Object.entries(cases)) expect({ name, problems: checksOf(source, "routes/admin/x.ts").problems.length }).toEqual({ name, problems: 1 });
  });

  it("fails a permission that is not in the table or not written out", () => {
    expect(checksOf(guarded.replace("fees.view", "fees.delete"), "routes/admin/x.ts").problems).toEqual(['routes/admin/x.ts: loader checks "fees.delete", which is not in PERMISSIONS']);
    expect(checksOf(guarded.replace('"fees.view"', "which"), "routes/admin/x.ts").problems).toHaveLength(1);
    const reexported = `export { loader } from "./elsewhere";`;
    expect(checksOf(reexported, "routes/admin/x.ts").problems).toHaveLength(1);
  });

  it("reads a check per intent, and allows any staff member only where listed", () => {
    const perIntent = `export async function action({ request }) {
  const { user } = await requirePermission(request, "fees.view");
  const form = await readForm(request, "/admin/x");
  await requirePermission(request, form.get("intent") === "stop" ? "messages.manage" : "fees.manage");
}`;
    expect(checksOf(perIntent, "routes/admin/x.ts")).toEqual({ action: ["fees.manage", "fees.view", "messages.manage"], problems: [] });
    const demanded = `export async function action({ request }) {
  const session = await requirePermission(request, "messages.view");
  const form = await readForm(request, "/admin/x");
  demandPermission(session, form.get("intent") === "send" ? "messages.manage" : "settings.manage");
}`;
    expect(checksOf(demanded, "routes/admin/x.ts")).toEqual({ action: ["messages.manage", "messages.view", "settings.manage"], problems: [] });
    // The second check alone opens nothing: the action must still start with requirePermission.
    expect(checksOf(`export async function action({ request }) { demandPermission(await session(request), "fees.manage"); }`, "routes/admin/x.ts").problems).toHaveLength(1);
    expect(checksOf(`export async function action({ request }) { const s = await requirePermission(request, "fees.view"); demandPermission(s, pick()); }`, "routes/admin/x.ts").problems).toHaveLength(1);
    const staff = `export async function loader({ request }) { await requireStaff(request); return null; }`;
    expect(checksOf(staff, "routes/admin/not-found.tsx")).toEqual({ loader: "staff", problems: [] });
    expect(checksOf(staff, "routes/admin/reports.tsx").problems).toHaveLength(1);
  });
});
