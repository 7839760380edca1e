#!/usr/bin/env bash
# Measures 64 KiB Range requests against a real server with wrk, as
# docs/benchmarks.md reports. Needs wrk and ffmpeg (apt-get install wrk ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SKIP_BUILD:-}" ] || make -s build
port=18555
base="http://127.0.0.1:$port"
data=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$data"' EXIT
MUSICIFY_ADDR=127.0.0.1:$port MUSICIFY_BASE_URL=$base MUSICIFY_DATA_DIR=$data MUSICIFY_DEMO=true \
  ./bin/musicify serve 2>"$data/server.log" &
pid=$!
until curl -sf "$base/healthz" >/dev/null; do sleep 0.2; done

# A signed-in user with a 5-minute song at 256 kbps (about 9.6 MB).
jar="$data/cookies"
curl -sf -c "$jar" -H 'content-type: application/json' "$base/api/auth/cheak" \
  -d '{"username":"bench","email":"bench@example.com","password":"benchmark"}' >/dev/null
code=$(curl -sf "$base/dev/mail.json?to=bench@example.com" | grep -o '"subject":"[0-9]\{6\}' | head -1 | tail -c 7)
curl -sf -c "$jar" -b "$jar" -H 'content-type: application/json' "$base/api/auth/signup" \
  -d "{\"email\":\"bench@example.com\",\"otp\":\"$code\"}" >/dev/null
ffmpeg -hide_banner -loglevel error -f lavfi -i "sine=frequency=440:duration=300" -c:a libmp3lame -b:a 256k "$data/song.mp3"
audio=$(curl -sf -b "$jar" -F song=Bench -F "audio=@$data/song.mp3" "$base/api/upload" | grep -o '"audio":"[^"]*"' | cut -d'"' -f4)
size=$(stat -c %s "$data/song.mp3")
cookie=$(awk '$6=="musicify_session"{print $7}' "$jar")

cat >"$data/range.lua" <<LUA
local size = $size
request = function()
  local from = math.random(0, size - 65537)
  return wrk.format("GET", "$audio", {
    ["Cookie"] = "musicify_session=$cookie",
    ["Range"] = "bytes=" .. from .. "-" .. (from + 65535),
  })
end
LUA
echo "wrk: 64 KiB random ranges of a $size-byte song, ${THREADS:-2} threads, ${CONNS:-32} connections, ${DURATION:-20s}"
wrk -t"${THREADS:-2}" -c"${CONNS:-32}" -d"${DURATION:-20s}" --latency -s "$data/range.lua" "$base"
