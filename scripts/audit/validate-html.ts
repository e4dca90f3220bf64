/**
 * `npm run validate:html [paths...]`: the Nu HTML Checker (vnu-jar, Java 17) on the HTML the
 * production build serves for each page (default: AUDIT_PAGES and TRANSACTION_PAGES). The checker refuses localhost
 * URLs, so pages are fetched from a throwaway server (as `npm run audit` does) and checked as
 * files. Run `npx react-router build` first. Prints each page's errors and exits 1 when any
 * page has one.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { AUDIT_PAGES, TRANSACTION_PAGES } from "./pages";
import { startServer } from "./server";
import { messageOf } from "~/lib/errors";

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

const projectDir = path.resolve(import.meta.dirname, "../..");

/** File-name-safe name for a page path: "/" → "home", "/news/x" → "news-x". */
function slug(pagePath: string): string {
  return pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
}

/** Runs vnu.jar on `files`; resolves with its messages (errors only). */
function runVnu(files: string[]): Promise<VnuMessage[]> {
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  return new Promise((resolve, reject) => {
    execFile("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      try {
        resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(error ?? new Error(`vnu.jar printed no JSON: ${stderr.slice(0, 500)}`));
      }
    });
  });
}

async function main(args: string[]): Promise<number> {
  const pages = args.filter((a) => a !== "--");
  const paths = pages.length > 0 ? pages : [...AUDIT_PAGES, ...TRANSACTION_PAGES];
  if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
    console.error("build/server/index.js is missing: run `npx react-router build` first.");
    return 1;
  }
  const server = await startServer(projectDir);
  const dir = mkdtempSync(path.join(tmpdir(), "kva-vnu-"));
  try {
    const files: Record<string, string> = {};
    for (const p of paths) {
      const response = await fetch(new URL(p, server.origin));
      if (!response.ok) throw new Error(`GET ${p} answered ${response.status}`);
      const file = path.join(dir, `${slug(p)}.html`);
      writeFileSync(file, await response.text());
      files[file] = p;
    }
    const messages = await runVnu(Object.keys(files));
    let errors = 0;
    for (const [file, page] of Object.entries(files)) {
      const own = messages.filter((m) => m.url.endsWith(`/${path.basename(file)}`) && m.type === "error");
      errors += own.length;
      console.log(`${page}: ${own.length} error(s)`);
      for (const m of own) console.log(`    line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? `  «${m.extract.trim().slice(0, 120)}»` : ""}`);
    }
    console.log(`\nNu HTML Checker: ${errors} error(s) in ${paths.length} page(s).`);
    return errors > 0 ? 1 : 0;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(messageOf(error));
    process.exit(1);
  });
