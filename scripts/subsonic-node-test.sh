#!/usr/bin/env bash
# Runs the npm subsonic-api client (web/e2e-subsonic) against an already
# running Musicify, then checks every JSON answer it recorded against the
# OpenSubsonic schema (internal/subsonic/subsonictest). Starts no server and
# builds nothing: the caller provides a server with a scanned library and a
# user with an app password (see the top of web/e2e-subsonic/subsonic.test.mjs).
#
#   scripts/subsonic-node-test.sh URL USER APP_PASSWORD SONG_TITLE
#   (or SUBSONIC_URL, SUBSONIC_USER, SUBSONIC_PASSWORD, SUBSONIC_EXPECT_SONG)
#
# SUBSONIC_TYPO_QUERY overrides the misspelled search; SUBSONIC_SKIP_SCHEMA=1
# skips the Go schema check of the recorded answers.
set -euo pipefail
cd "$(dirname "$0")/.."
export SUBSONIC_URL=${1:-${SUBSONIC_URL:-}}
export SUBSONIC_USER=${2:-${SUBSONIC_USER:-}}
export SUBSONIC_PASSWORD=${3:-${SUBSONIC_PASSWORD:-}}
export SUBSONIC_EXPECT_SONG=${4:-${SUBSONIC_EXPECT_SONG:-}}
for v in SUBSONIC_URL SUBSONIC_USER SUBSONIC_PASSWORD SUBSONIC_EXPECT_SONG; do
  [ -n "${!v}" ] || { echo "usage: $0 URL USER APP_PASSWORD SONG_TITLE (missing $v)" >&2; exit 2; }
done
[ -d web/node_modules/subsonic-api ] || (cd web && npm ci --no-audit --no-fund)
record=$(mktemp -d)
trap 'rm -rf "$record"' EXIT
export SUBSONIC_RECORD_DIR=$record
status=0
(cd web && node --test e2e-subsonic/subsonic.test.mjs) || status=$?
# The schema check runs even after a client failure: both reports help.
if [ -z "${SUBSONIC_SKIP_SCHEMA:-}" ]; then
  go run ./scripts/subsonic-check "$record" || status=$?
fi
exit $status
