#!/usr/bin/env bash
# Runs the npm subsonic-api client (web/e2e-subsonic) against an already
# running Musicify, then checks every JSON answer it recorded against the
# OpenSubsonic schema (internal/subsonic/subsonictest). Starts no server and
# builds nothing: the caller provides a server with a scanned library and a
# user with an app password.
#
#   scripts/subsonic-node-test.sh URL USER APP_PASSWORD SONG_TITLE
#     the short run (web/e2e-subsonic/subsonic.test.mjs): any library with
#     that song (or SUBSONIC_URL, SUBSONIC_USER, SUBSONIC_PASSWORD,
#     SUBSONIC_EXPECT_SONG); SUBSONIC_TYPO_QUERY overrides its misspelled search
#   scripts/subsonic-node-test.sh --session URL USER APP_PASSWORD
#     the conformance session (web/e2e-subsonic/session.test.mjs): every
#     call in JSON and XML, against the library of genlibrary -tricky, USER
#     an admin; its last lines list the calls that failed
#
# SUBSONIC_SKIP_SCHEMA=1 skips the Go schema check of the recorded answers.
set -euo pipefail
cd "$(dirname "$0")/.."
suite=e2e-subsonic/subsonic.test.mjs
required=(SUBSONIC_URL SUBSONIC_USER SUBSONIC_PASSWORD SUBSONIC_EXPECT_SONG)
if [ "${1:-}" = --session ]; then
  shift
  suite=e2e-subsonic/session.test.mjs
  required=(SUBSONIC_URL SUBSONIC_USER SUBSONIC_PASSWORD)
fi
export SUBSONIC_URL=${1:-${SUBSONIC_URL:-}}
export SUBSONIC_USER=${2:-${SUBSONIC_USER:-}}
export SUBSONIC_PASSWORD=${3:-${SUBSONIC_PASSWORD:-}}
export SUBSONIC_EXPECT_SONG=${4:-${SUBSONIC_EXPECT_SONG:-}}
for v in "${required[@]}"; do
  [ -n "${!v}" ] || { echo "usage: see the top of $0 (missing $v)" >&2; exit 2; }
done
[ -d web/node_modules/subsonic-api ] || (cd web && npm ci --no-audit --no-fund)
record=$(mktemp -d)
trap 'rm -rf "$record"' EXIT
export SUBSONIC_RECORD_DIR=$record
status=0
(cd web && node --test "$suite") || status=$?
# The schema check runs even after a client failure: both reports help.
if [ -z "${SUBSONIC_SKIP_SCHEMA:-}" ]; then
  go run ./scripts/subsonic-check "$record" || status=$?
fi
exit $status
