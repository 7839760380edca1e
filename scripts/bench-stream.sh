#!/usr/bin/env bash
# Measures 64 KiB Range requests for one file served by Musicify (a signed
# media URL, no session) and by nginx, side by side, as docs/benchmarks.md
# reports. Installs nginx, wrk and ffmpeg from Debian's packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for tool in nginx:nginx wrk:wrk ffmpeg:ffmpeg; do
  command -v "${tool%%:*}" >/dev/null || [ -x "/usr/sbin/${tool%%:*}" ] || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -n "${SKIP_BUILD:-}" ] || make -s build
port=${PORT:-18555}
nport=$((port + 1))
base="http://127.0.0.1:$port"
data=$(mktemp -d)
chmod 755 "$data" # nginx's workers read the file as another user
pid="" npid=""
stop() { [ -z "$1" ] || { kill "$1" 2>/dev/null; wait "$1" 2>/dev/null || true; }; }
trap 'stop "$pid"; stop "$npid"; rm -rf "$data"' EXIT
MUSICIFY_ADDR=127.0.0.1:$port MUSICIFY_BASE_URL=$base MUSICIFY_DATA_DIR=$data/musicify MUSICIFY_DEMO=true \
  ./bin/musicify serve 2>"$data/server.log" &
pid=$!
until curl -sf "$base/healthz" >/dev/null; do
  kill -0 $pid 2>/dev/null || { cat "$data/server.log" >&2; exit 1; }
  sleep 0.2
done

# A signed-in user with a 5-minute song at 256 kbps (about 9.6 MB).
jar="$data/cookies"
curl -sf -c "$jar" -H 'content-type: application/json' "$base/api/auth/cheak" \
  -d '{"username":"bench","email":"bench@example.com","password":"benchmark"}' >/dev/null
code=$(curl -sf "$base/dev/mail.json?to=bench@example.com" | grep -o '"subject":"[0-9]\{6\}' | head -1 | tail -c 7)
curl -sf -c "$jar" -b "$jar" -H 'content-type: application/json' "$base/api/auth/signup" \
  -d "{\"email\":\"bench@example.com\",\"otp\":\"$code\"}" >/dev/null
mkdir -p "$data/www"
ffmpeg -hide_banner -loglevel error -f lavfi -i "sine=frequency=440:duration=300" -c:a libmp3lame -b:a 256k "$data/www/song.mp3"
chmod 644 "$data/www/song.mp3"
chmod 755 "$data/www"
audio=$(curl -sf -b "$jar" -F song=Bench -F "audio=@$data/www/song.mp3" "$base/api/upload" | grep -o '"audio":"[^"]*"' | cut -d'"' -f4)
audio=$(printf '%s' "$audio" | sed 's/\\u0026/\&/g')
size=$(stat -c %s "$data/www/song.mp3")
curl -sf -o /dev/null -r 0-99 "$base$audio" || { echo "the signed URL does not stream: $audio" >&2; exit 1; }
# Measure the serving alone: wait until the demo catalog is made and the
# song analysed (its loudness measured), which take the CPU while they run.
id=$(printf '%s' "$audio" | cut -d/ -f5)
for _ in $(seq 600); do
  if ! curl -sf "$base/healthz" | grep -q seeding &&
    curl -sf -b "$jar" "$base/api/songs/$id" | grep -q '"loudness":-\?[0-9]'; then break; fi
  sleep 0.5
done

# nginx with what a media server would set: sendfile, keep-alive, no log.
cat >"$data/nginx.conf" <<CONF
worker_processes ${NGINX_WORKERS:-auto};
daemon off;
pid $data/nginx.pid;
error_log $data/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  client_body_temp_path $data/nginx-tmp;
  proxy_temp_path $data/nginx-tmp;
  fastcgi_temp_path $data/nginx-tmp;
  uwsgi_temp_path $data/nginx-tmp;
  scgi_temp_path $data/nginx-tmp;
  types { audio/mpeg mp3; }
  server {
    listen 127.0.0.1:$nport;
    root $data/www;
  }
}
CONF
mkdir -p "$data/nginx-tmp"
"$nginx" -c "$data/nginx.conf" -e "$data/nginx-error.log" &
npid=$!
until curl -sf -o /dev/null -r 0-99 "http://127.0.0.1:$nport/song.mp3"; do
  kill -0 $npid 2>/dev/null || { cat "$data/nginx-error.log" >&2; exit 1; }
  sleep 0.2
done

range_script() { # path [cookie] → a wrk script asking random 64 KiB ranges of it
  cat <<LUA
local size, cookie = $size, "${2:-}"
request = function()
  local from = math.random(0, size - 65537)
  local headers = {["Range"] = "bytes=" .. from .. "-" .. (from + 65535)}
  if cookie ~= "" then headers["Cookie"] = cookie end
  return wrk.format("GET", "$1", headers)
end
LUA
}
range_script "$audio" >"$data/musicify.lua"
range_script "/song.mp3" >"$data/nginx.lua"
# The session-checked URL older clients use: a session and a song lookup each.
range_script "/media/songs/$id/original.mp3" "musicify_session=$(awk '$6=="musicify_session"{print $7}' "$jar")" >"$data/session.lua"

threads=${THREADS:-2} conns=${CONNS:-32} duration=${DURATION:-10s} rounds=${ROUNDS:-3}
echo "wrk: 64 KiB random ranges of a $size-byte song, $threads threads, $conns connections;"
echo "     $rounds rounds of $duration each, nginx then Musicify, medians below (rounds in $data/wrk.log)"
run() { # url script → requests/s
  local out
  out=$(wrk -t"$threads" -c"$conns" -d"$duration" --latency -s "$2" "$1")
  echo "$out" >>"$data/wrk.log"
  echo "$out" | awk '/Requests\/sec/ {print $2}'
}
# CPU time (user + system, in clock ticks) of a process and its children so
# far: on a shared machine requests/s swing with the neighbours' load, the
# CPU each request costs much less.
ticks() { awk '{t += $14 + $15} END {print t}' $(printf '/proc/%s/stat ' "$1" $(pgrep -P "$1")); }
hz=$(getconf CLK_TCK)
per_request() { # pid run-args… → requests/s and CPU µs per request, appended to a file
  local file=$1 pid=$2 before after rps total
  shift 2
  before=$(ticks "$pid")
  rps=$(run "$@")
  after=$(ticks "$pid")
  total=$(awk '/requests in/ {print $1}' <(tail -n 20 "$data/wrk.log") | tail -1)
  echo "$rps $(awk -v t=$((after - before)) -v n="$total" -v hz="$hz" 'BEGIN {printf "%.1f", t * 1e6 / hz / n}')" >>"$file"
  tail -1 "$file"
}
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; } # of column 1
col() { awk -v c="$1" '{print $c}'; }
: >"$data/ngx" ; : >"$data/mus" ; : >"$data/ses"
for r in $(seq "$rounds"); do
  n=$(per_request "$data/ngx" "$npid" "http://127.0.0.1:$nport" "$data/nginx.lua")
  m=$(per_request "$data/mus" "$pid" "$base" "$data/musicify.lua")
  c=$(per_request "$data/ses" "$pid" "$base" "$data/session.lua")
  echo "round $r: nginx ${n% *} requests/s (${n#* } µs CPU each), musicify ${m% *} (${m#* } µs), with a session ${c% *} (${c#* } µs)"
done
ngx=$(col 1 <"$data/ngx" | median) mus=$(col 1 <"$data/mus" | median)
ngxcpu=$(col 2 <"$data/ngx" | median) muscpu=$(col 2 <"$data/mus" | median)
ses=$(col 1 <"$data/ses" | median) sescpu=$(col 2 <"$data/ses" | median)
pct() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.0f", 100 * a / b}'; }
echo "nginx:    $ngx requests/s, $ngxcpu µs of server CPU per request"
echo "musicify: $mus requests/s, $muscpu µs of server CPU per request (signed URL)"
echo "musicify: $ses requests/s, $sescpu µs of server CPU per request (session cookie and lookups)"
echo "musicify/nginx: $(pct "$mus" "$ngx")% of the requests/s, $(pct "$ngxcpu" "$muscpu")% of the efficiency"
[ -z "${KEEP_LOG:-}" ] || cp "$data/wrk.log" "$KEEP_LOG"
