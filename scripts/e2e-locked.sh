#!/usr/bin/env bash
# Builds and runs end-to-end tests while holding a machine-wide lock, so several people (or
# agents) working in this tree never build into .next or bind port 3100 at the same time.
# Usage: scripts/e2e-locked.sh [test files...]
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
exec flock /tmp/escarpment-e2e.lock bash -c 'npm run --silent build >/tmp/escarpment-build.log 2>&1 || { tail -40 /tmp/escarpment-build.log; exit 1; }; npx vitest run --project e2e "$@"' _ "$@"
