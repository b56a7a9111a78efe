#!/usr/bin/env bash
# Installs what record.mjs needs: Debian's chromium (when /usr/bin/chromium is missing) and the pinned
# playwright-core from package-lock.json. Playwright's own browser download is never used.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
fi

PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
/usr/bin/chromium --version 2>/dev/null  # its wrapper script warns about a memory check on stderr
