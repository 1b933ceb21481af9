#!/bin/sh
# Runs a TypeScript entry point on the project's pinned Node (a devDependency), installing
# dependencies first on a fresh clone: the system Node may be older than the project needs.
set -e
cd "$(dirname "$0")/../.."
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "parapet: installing dependencies (npm install)…" >&2
  npm install --no-audit --no-fund >&2
fi
exec node_modules/.bin/node "$@"
