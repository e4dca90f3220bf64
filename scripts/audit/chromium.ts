/** The Chromium every audit uses: Debian's package, with the flags that work here (DESIGN.md §2). */

/** Path of Debian's Chromium; `npx playwright install` is never used. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Command-line flags for headless Chromium on this machine and in CI (runs as root). */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
