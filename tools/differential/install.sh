#!/usr/bin/env bash
# Installs what record.mjs needs: Debian's chromium, firefox-esr and WebKitGTK's WebDriver (with
# MiniBrowser, run under Xvfb), each when missing, and the pinned playwright-core and puppeteer-core
# from package-lock.json. Neither package's own browser download is used.
#
#   tools/differential/install.sh [chromium] [firefox] [webkit]    # default: all three
set -euo pipefail
cd "$(dirname "$0")"

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(chromium firefox webkit)
packages=()
for browser in "${wanted[@]}"; do
  case "$browser" in
    chromium) [ -x /usr/bin/chromium ] || packages+=(chromium) ;;
    firefox) [ -x /usr/bin/firefox-esr ] || packages+=(firefox-esr) ;;
    webkit)
      [ -x /usr/bin/WebKitWebDriver ] || packages+=(webkit2gtk-driver)
      command -v xvfb-run >/dev/null || packages+=(xvfb xauth)
      ;;
    *) echo "unknown browser '$browser' (chromium, firefox or webkit)" >&2; exit 2 ;;
  esac
done
if [ ${#packages[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${packages[@]}"
fi

PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
for browser in "${wanted[@]}"; do
  case "$browser" in
    chromium) /usr/bin/chromium --version 2>/dev/null ;;  # its wrapper script warns about a memory check on stderr
    firefox) /usr/bin/firefox-esr --version ;;
    webkit) dpkg-query -W -f='WebKitGTK ${Version}\n' libwebkit2gtk-4.1-0 ;;
  esac
done
