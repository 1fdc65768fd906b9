#!/usr/bin/env bash
# Makes sure the tools the tests use are there: Debian's chromium for the
# Playwright tests (never a browser download of Playwright's own) and
# poppler-utils' pdftotext for reading the PDF reports. Installs them with
# apt-get when we may; otherwise says how.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo -n"
  echo "Für die Tests fehlt: ${missing[*]} – installiere Debians Pakete (einmalig, ca. 30 s) ..."
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
  [ -x "$chromium" ] && command -v pdftotext >/dev/null 2>&1 && exit 0
fi

cat >&2 <<MSG
Die Tests brauchen Chromium unter $chromium und pdftotext (poppler-utils); es fehlt: ${missing[*]}.
Installiere es mit:   sudo apt-get update && sudo apt-get install -y chromium poppler-utils
oder setze CHROMIUM_PATH auf ein vorhandenes Chromium/Chrome.
MSG
exit 1
