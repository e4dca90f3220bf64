/**
 * `npm run bench:pages [-- --duration 10 --rounds 3 --connections 20 --port 3610 --nginx-port 3611 /fee …]`:
 * throughput of public pages from the production build (run `npx react-router build` first)
 * side by side with nginx serving a snapshot of the very same HTML, in one run.
 *
 * The site runs as in production (NODE_ENV=production, TRUST_PROXY=1, a fresh PGlite folder);
 * every request carries `Accept-Encoding: gzip` and a different client IP (X-Forwarded-For), as
 * a crowd behind many addresses would. Each page is first fetched from the site once; its body
 * and security headers become the snapshot nginx serves (Debian's nginx-light at /usr/sbin/nginx,
 * or NGINX_BIN) at its best: the page compressed once beforehand (gzip -9, as the site's memory
 * copy is) and sent by `gzip_static`, one worker (the site is one process), sendfile, no access
 * log. The site keeps everything it does in production: security headers, the rate limit and the
 * access log.
 * Then, page by page, the site and nginx each get a 2 s warm-up and then `--rounds` turns of
 * `--duration` seconds of autocannon with `--connections` connections, taking turns (site
 * first in odd rounds, nginx first in even ones): on a shared 2-core machine one pair of runs
 * moved by 30–50 % from one minute to the next, so each round's ratio is kept and the median
 * taken. When nginx is missing the site is still measured and the bench says it cannot compare.
 *
 * Prints each run's requests/s, p50/p99 latency, the server's CPU time per response (user +
 * system of all its threads and child processes, from /proc: autocannon shares the cores, so
 * requests/s also measures the load generator, CPU per response does not) and gzip bytes per
 * response, and per page the medians of each and the median of the rounds' ratios site ÷ nginx
 * (with their range) against the target (≥ 0.6). Exits 1 when a request failed or answered anything but
 * 200 (so a rate limit refusing the bench shows), 0 otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { messageOf } from "~/lib/errors";
import { cpuMsOf, option, percentile, serveNodeFlags } from "./harness";

/** The median of a non-empty list. */
const median = (values: number[]) => percentile(values, 0.5);

const DEFAULT_PAGES = ["/", "/fee", "/school-in-kharagpur"];
const TARGET_RATIO = 0.6;
const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

const duration = option("duration", 10);
const rounds = option("rounds", 3);
const connections = option("connections", 20);
const port = option("port", 3610);
const nginxPort = option("nginx-port", 3611);
const pagePaths = process.argv.slice(2).filter((a, i, all) => a.startsWith("/") && !all[i - 1]?.startsWith("--"));
const pages = pagePaths.length > 0 ? pagePaths : DEFAULT_PAGES;

const projectDir = path.resolve(import.meta.dirname, "../..");
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npx react-router build` first.");
  process.exit(1);
}
const workDir = mkdtempSync(path.join(os.tmpdir(), "kva-bench-pages-"));
// nginx's workers run as another user when started by root: they must be able to read the snapshot.
chmodSync(workDir, 0o755);
const origin = `http://127.0.0.1:${port}`;
const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
const children: ChildProcess[] = [];
const cleanup = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  rmSync(workDir, { recursive: true, force: true });
};
process.once("SIGINT", () => {
  cleanup();
  process.exit(130);
});

/** Starts a process and resolves when `ready()` holds (polled every 100 ms); throws after 60 s. */
async function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: (log: string) => Promise<boolean> | boolean): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  // Output is kept until the process is ready, then drained unread: the access log of a
  // thousand requests a second must not cost the bench's own CPU.
  let log = "";
  let starting = true;
  child.stdout?.on("data", (d) => starting && (log += d));
  child.stderr?.on("data", (d) => starting && (log += d));
  const started = Date.now();
  while (!(await ready(log))) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`${command} did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  starting = false;
  return child;
}

/** True once `url` answers at all. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

// Client IPs from Indian mobile ranges; one per request, so no per-IP limit is ever reached.
const prefixes = [49, 103, 106, 117, 122, 157, 182, 223];
let counter = 0;
const nextIp = () => {
  const i = counter++;
  return `${prefixes[i % prefixes.length]}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
};

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number; bytesPerResponse: number; cpuUsPerResponse: number };

/**
 * autocannon GETs of `url` for `seconds` with gzip and a varied client IP; `pid` is the server
 * process answering them, whose CPU time (with its children's) per response is measured.
 */
async function load(url: string, seconds: number, pid: number): Promise<Figures> {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, headers: { ...request.headers, "accept-encoding": "gzip", "x-forwarded-for": nextIp() } }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    cpuUsPerResponse: result.requests.total > 0 ? ((cpuMsOf(pid) - cpuBefore) * 1000) / result.requests.total : 0,
  };
}

/** Headers the site sends with a page that nginx must send too, so both answer alike. */
const COPIED_HEADERS = ["content-security-policy", "strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-opener-policy", "cross-origin-resource-policy", "origin-agent-cluster", "x-dns-prefetch-control", "x-download-options", "x-permitted-cross-domain-policies", "x-xss-protection", "cache-control", "vary"];

/** nginx.conf for the snapshot folder: a plain, sensibly tuned static server. */
function nginxConf(root: string, headers: Map<string, [string, string][]>): string {
  const q = (s: string) => `"${s.replace(/["\\]/g, "\\$&")}"`;
  const locations = [...headers].map(([page, list]) => {
    const file = page === "/" ? "/index.html" : `${page}/index.html`;
    return `    location = ${page} {\n      try_files ${file} =404;\n${list.map(([k, v]) => `      add_header ${k} ${q(v)} always;`).join("\n")}\n    }`;
  });
  return `worker_processes 1;
pid ${root}/nginx.pid;
error_log stderr warn;
daemon off;
events { worker_connections 1024; }
http {
  types { text/html html; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path ${root}/tmp/body;
  proxy_temp_path ${root}/tmp/proxy;
  fastcgi_temp_path ${root}/tmp/fastcgi;
  uwsgi_temp_path ${root}/tmp/uwsgi;
  scgi_temp_path ${root}/tmp/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root}/html;
${locations.join("\n")}
  }
}
`;
}

const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: path.join(workDir, "data"),
  PUBLIC_SITE_URL: `http://localhost:${port}`,
  AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
  RECEIPT_SECRET: "bench-receipt-secret-0123456789abcdef01234567",
  ADMIN_EMAIL: "admin@bench.example",
  ADMIN_PASSWORD: "bench-admin-password-1",
  TRUST_PROXY: "1",
};

let exitCode = 0;
try {
  console.log(`Pages bench: ${pages.join(", ")}; ${duration} s each after a 2 s warm-up, ${connections} connections, gzip, a new client IP per request`);
  const site = await startProcess(process.execPath, [...serveNodeFlags(projectDir), "--import", "tsx", "server/index.ts"], env, (log) => log.includes("Serving"));

  // The snapshot: each page exactly as the site answers it now, with its security headers.
  const headers = new Map<string, [string, string][]>();
  const htmlDir = path.join(workDir, "nginx", "html");
  for (const page of pages) {
    const response = await fetch(`${origin}${page}`, { headers: { "accept-encoding": "identity", "x-forwarded-for": nextIp() }, redirect: "manual" });
    if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const dir = path.join(htmlDir, page);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "index.html"), body);
    writeFileSync(path.join(dir, "index.html.gz"), gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
    headers.set(page, COPIED_HEADERS.flatMap((name) => (response.headers.has(name) && name !== "vary" ? [[name, response.headers.get(name)!] as [string, string]] : [])));
    console.log(`  ${page}: ${(body.length / 1024).toFixed(1)} KB HTML, ${(gzipSync(body).length / 1024).toFixed(1)} KB gzip`);
  }

  const nginxAvailable = existsSync(NGINX_BIN);
  let nginxPid = 0;
  if (nginxAvailable) {
    const root = path.join(workDir, "nginx");
    for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(root, "tmp", dir), { recursive: true });
    writeFileSync(path.join(root, "nginx.conf"), nginxConf(root, headers));
    nginxPid = (await startProcess(NGINX_BIN, ["-p", root, "-c", path.join(root, "nginx.conf"), "-e", "stderr"], process.env, () => answers(nginxOrigin))).pid!;
    for (const page of pages) {
      const response = await fetch(`${nginxOrigin}${page}`);
      if (response.status !== 200) throw new Error(`nginx answered ${response.status} for ${page}: see its configuration in ${root}`);
    }
  } else {
    console.log(`\nnginx is not installed (${NGINX_BIN}; Debian package nginx-light): the site is measured alone and cannot be compared.`);
  }

  const rows: string[] = [];
  for (const page of pages) {
    const targets: [name: string, base: string, pid: number][] = [["site", origin, site.pid!], ...(nginxAvailable ? [["nginx", nginxOrigin, nginxPid] as [string, string, number]] : [])];
    for (const [, base, pid] of targets) await load(`${base}${page}`, 2, pid);
    const runs: Record<string, Figures[]> = { site: [], nginx: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const [name, base, pid] of round % 2 === 1 ? targets : [...targets].reverse()) {
        const f = await load(`${base}${page}`, duration, pid);
        runs[name]!.push(f);
        console.log(`  ${page} round ${round} ${name}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.cpuUsPerResponse.toFixed(0)} µs CPU/response, ${(f.bytesPerResponse / 1024).toFixed(1)} KB/response, ${f.non2xx} non-2xx, ${f.errors} errors`);
        if (f.non2xx > 0 || f.errors > 0) exitCode = 1;
      }
    }
    const ours = runs.site!;
    const nginx = runs.nginx!;
    const ratios = nginx.length > 0 ? ours.map((f, i) => f.rps / nginx[i]!.rps) : [];
    const ratio = ratios.length > 0 ? median(ratios) : undefined;
    const rps = (list: Figures[]) => median(list.map((f) => f.rps)).toFixed(0);
    const p99 = (list: Figures[]) => median(list.map((f) => f.p99)).toFixed(0);
    const cpu = (list: Figures[]) => median(list.map((f) => f.cpuUsPerResponse)).toFixed(0);
    rows.push(
      `| ${page} | ${rps(ours)} | ${p99(ours)} | ${cpu(ours)} | ${nginx.length > 0 ? rps(nginx) : "–"} | ${nginx.length > 0 ? p99(nginx) : "–"} | ${nginx.length > 0 ? cpu(nginx) : "–"} | ${ratio === undefined ? "cannot compare" : `${ratio.toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) ${ratio >= TARGET_RATIO ? "✓" : "✗"}`} |`,
    );
  }
  console.log(
    `\nMedians of ${rounds} rounds of ${duration} s (CPU: the server's own, user + system, per response):\n| page | site req/s | site p99 ms | site CPU µs | nginx req/s | nginx p99 ms | nginx CPU µs | site ÷ nginx, median (range) (target ≥ ${TARGET_RATIO}) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join("\n")}`,
  );
  console.log(`load average at the end: ${os.loadavg()[0]!.toFixed(1)} (2 cores shared: compare figures from one run only)`);
} catch (error) {
  console.error(messageOf(error));
  exitCode = 1;
} finally {
  cleanup();
}
process.exit(exitCode);
