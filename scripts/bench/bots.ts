/**
 * `npm run bench:bots`: measures bot detection. Prints the share of the
 * crawler-user-agents package's example strings that isBotUserAgent flags (target ≥ 99%) and
 * the share of 10,000 real browser strings from the user-agents package it flags (target ≤ 0.5%),
 * with the misses, so a regression in either direction shows. Exits 1 when a target is missed.
 *
 *   npm run bench:bots [-- --browsers 10000 --seed 1]
 */
import { createRequire } from "node:module";
import UserAgent from "user-agents";
import { isBotUserAgent } from "../../app/features/analytics/ingest/bot-detection";

const require = createRequire(import.meta.url);
type CrawlerEntry = { pattern: string; instances?: string[] };

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const pct = (n: number, d: number) => `${((n / d) * 100).toFixed(2)}%`;

const crawlers = require("crawler-user-agents") as CrawlerEntry[];
const examples = crawlers.flatMap((c) => (c.instances ?? []).map((ua) => ({ ua, pattern: c.pattern })));
const missed = examples.filter((e) => !isBotUserAgent(e.ua));

// user-agents picks by real-world frequency; a fixed Math.random seed is not available, so the
// sample differs run to run by a few strings.
const count = option("browsers", 10_000);
const browsers = Array.from({ length: count }, () => new UserAgent().toString());
const flagged = browsers.filter((ua) => isBotUserAgent(ua));

const botShare = (examples.length - missed.length) / examples.length;
const browserShare = flagged.length / browsers.length;
console.log(`crawler-user-agents examples flagged as bots: ${examples.length - missed.length} of ${examples.length} = ${pct(examples.length - missed.length, examples.length)} (target ≥ 99%)`);
console.log(`user-agents browser strings flagged as bots:  ${flagged.length} of ${browsers.length} = ${pct(flagged.length, browsers.length)} (target ≤ 0.5%)`);
if (missed.length > 0) {
  console.log(`\nMissed crawler examples (${missed.length}):`);
  for (const m of missed.slice(0, 40)) console.log(`  [${m.pattern}] ${m.ua}`);
}
if (flagged.length > 0) {
  console.log(`\nBrowser strings wrongly flagged (${flagged.length}, distinct ${new Set(flagged).size}):`);
  for (const ua of [...new Set(flagged)].slice(0, 20)) console.log(`  ${ua}`);
}
process.exitCode = botShare >= 0.99 && browserShare <= 0.005 ? 0 : 1;
