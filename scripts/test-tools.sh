#!/usr/bin/env bash
# Installs the Go-built servers the contract suites start (versitygw, the S3
# gateway) and the linter make lint-go runs (staticcheck) into bin/tools/
# when missing, through the Go module proxy.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSITYGW_VERSION=v1.8.0
STATICCHECK_VERSION=v0.8.2
tools="$PWD/bin/tools"
if [ ! -x "$tools/versitygw" ] || ! grep -qs "$VERSITYGW_VERSION" "$tools/.versitygw-version"; then
  echo "Installing versitygw $VERSITYGW_VERSION into bin/tools (once; a few minutes on a fresh machine)"
  mkdir -p "$tools"
  GOBIN="$tools" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION"
  echo "$VERSITYGW_VERSION" >"$tools/.versitygw-version"
fi
if [ ! -x "$tools/staticcheck" ] || ! grep -qs "$STATICCHECK_VERSION" "$tools/.staticcheck-version"; then
  echo "Installing staticcheck $STATICCHECK_VERSION into bin/tools (once)"
  mkdir -p "$tools"
  GOBIN="$tools" go install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION"
  echo "$STATICCHECK_VERSION" >"$tools/.staticcheck-version"
fi
