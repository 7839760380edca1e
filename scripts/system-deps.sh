#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: with
# apt as root (or passwordless sudo), else says in one line what to run.
set -euo pipefail

# command -> package
declare -A need=([chromium]=chromium [ffmpeg]=ffmpeg [ffprobe]=ffmpeg
  [pocketsphinx_continuous]=pocketsphinx [espeak-ng]=espeak-ng [nats-server]=nats-server)
missing=()
for cmd in "${!need[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${need[$cmd]}")
done
# pocketsphinx's English model is data, not a command.
[ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ] || missing+=(pocketsphinx-en-us)
# The PostgreSQL suites start their own server with initdb and pg_ctl, which
# Debian keeps out of PATH.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
pkgs=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo=(sudo -n)
else
  echo "Missing system packages: run 'sudo apt-get update && sudo apt-get install -y $pkgs' and try again." >&2
  exit 1
fi
echo "Installing system packages: $pkgs"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
# shellcheck disable=SC2086
"${sudo[@]}" apt-get install -y -qq --no-install-recommends $pkgs fonts-liberation >/dev/null
