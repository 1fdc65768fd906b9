#!/usr/bin/env bash
# Makes sure the browser for the Playwright tests is there: Debian's chromium
# (never a browser download of Playwright's own). Installs it with apt-get when
# we may; otherwise says how.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0

if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo -n"
  echo "Chromium fehlt: installiere Debians Paket 'chromium' (einmalig, ca. 30 s) ..."
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium" ] && exit 0
fi

cat >&2 <<MSG
Die UI-Tests brauchen Chromium unter $chromium, und es ist nicht installiert.
Installiere es mit:   sudo apt-get update && sudo apt-get install -y chromium
oder setze CHROMIUM_PATH auf ein vorhandenes Chromium/Chrome.
MSG
exit 1
