#!/usr/bin/env sh
# Run by `npm test` before anything else (npm's "pretest"): the end-to-end tests drive Debian's
# Chromium at /usr/bin/chromium (scripts/audit/chromium.ts; Playwright's own browser download
# does not reach this network). When it is missing, root with apt installs it here; anyone else
# is stopped at once with the one command to run, rather than after the other checks.
set -eu
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests (apt-get install -y chromium)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium </dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "The end-to-end tests need Debian's Chromium at /usr/bin/chromium. Install it with:" >&2
echo "  sudo apt-get install -y chromium" >&2
exit 1
