#!/usr/bin/env bash
# Installs the Go-built servers the contract suites start (versitygw, the S3
# gateway) into bin/tools/ when missing, through the Go module proxy.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSITYGW_VERSION=v1.8.0
tools="$PWD/bin/tools"
if [ ! -x "$tools/versitygw" ] || ! grep -qs "$VERSITYGW_VERSION" "$tools/.versitygw-version"; then
  echo "Installing versitygw $VERSITYGW_VERSION into bin/tools (once; a few minutes on a fresh machine)"
  mkdir -p "$tools"
  GOBIN="$tools" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION"
  echo "$VERSITYGW_VERSION" >"$tools/.versitygw-version"
fi
