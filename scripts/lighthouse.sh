#!/usr/bin/env bash
# Lighthouse 12.8.2 (default mobile emulation, Debian's Chromium) on /login and
# on /home signed in, against a fresh server with the demo catalog.
#
#   make build && scripts/lighthouse.sh            # 3 runs a page, the median printed
#   RUNS=5 PORT=18400 scripts/lighthouse.sh        # more runs, another port
#   PAGES=home scripts/lighthouse.sh               # one page only
#
# Lighthouse cannot sign in by itself: the demo account signs in through the
# API and its session cookie goes along as an extra header. The reports (JSON)
# are kept in $OUT. Not part of `make test`: the figures depend on the load.
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
PAGES=${PAGES:-login home}
PORT=${PORT:-18369}
OUT=${OUT:-$(mktemp -d /tmp/musicify-lighthouse-XXXXXX)}
mkdir -p "$OUT"
BASE="http://127.0.0.1:$PORT"
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
LIGHTHOUSE=(npx --yes lighthouse@12.8.2)

[ -x bin/musicify ] || { echo "bin/musicify is missing: run make build first" >&2; exit 1; }
if curl -fsS -o /dev/null "$BASE/healthz" 2>/dev/null; then
  echo "something already answers on port $PORT: pick another with PORT=…" >&2
  exit 1
fi
data=$(mktemp -d /tmp/musicify-lighthouse-data-XXXXXX)
MUSICIFY_ADDR="127.0.0.1:$PORT" MUSICIFY_BASE_URL="$BASE" MUSICIFY_DEMO=true MUSICIFY_DATA_DIR="$data" \
  bin/musicify serve >"$OUT/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT

# Ready once the demo catalog is made (healthz says "seeding" until then).
health=""
for _ in $(seq 600); do
  kill -0 "$server" 2>/dev/null || break # it stopped: the log says why
  health=$(curl -fsS "$BASE/healthz" 2>/dev/null || true)
  if [ -n "$health" ] && ! grep -q seeding <<<"$health"; then break; fi
  sleep 0.5
done
if ! kill -0 "$server" 2>/dev/null || ! grep -q '"ok"' <<<"$health"; then
  echo "the server did not get ready: see $OUT/server.log" >&2
  exit 1
fi

jar="$OUT/cookies.txt"
curl -fsS -c "$jar" -H 'Content-Type: application/json' \
  -d '{"username":"demo","password":"musicify-demo"}' "$BASE/api/auth/login" >/dev/null
session=$(awk '$6 == "musicify_session" { print $7 }' "$jar")
[ -n "$session" ] || { echo "signing in as demo failed" >&2; exit 1; }
# The recommender learns the demo catalog's listens after seeding: wait for
# Home's rows to have songs, or /home would be measured with empty rows.
for _ in $(seq 240); do
  [ "$(curl -fsS -b "$jar" "$BASE/api/recommend/all" 2>/dev/null | head -c 2)" = '[{' ] && break
  sleep 0.5
done
headers="$OUT/headers.json"
printf '{"Cookie": "musicify_session=%s"}\n' "$session" >"$headers"

run() { # name url [extra lighthouse flags…]; a run Lighthouse itself fails (NO_NAVSTART…) is tried again
  local name=$1 url=$2
  shift 2
  for try in 1 2 3; do
    kill -0 "$server" || { echo "the server stopped: see $OUT/server.log" >&2; exit 1; }
    if "${LIGHTHOUSE[@]}" "$url" --quiet --output=json --output-path="$OUT/$name.json" \
      --chrome-flags="--no-sandbox --headless --disable-gpu" "$@" >/dev/null 2>>"$OUT/lighthouse.log" &&
      node -e 'process.exit(require(process.argv[1]).runtimeError ? 1 : 0)' "$OUT/$name.json"; then
      return 0
    fi
    echo "lighthouse failed on $url (try $try): see $OUT/lighthouse.log" >&2
  done
  exit 1
}

# A first visit renders the 320 px and WebP covers, once; the server keeps
# them. Measure what every later visitor gets.
run warmup "$BASE/home" --extra-headers="$headers"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   runs per page: $RUNS   reports: $OUT"
for page in $PAGES; do
  for i in $(seq "$RUNS"); do
    if [ "$page" = home ]; then
      run "$page-$i" "$BASE/home" --extra-headers="$headers"
    else
      run "$page-$i" "$BASE/login"
    fi
  done
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"

# The run with the median Performance score of each page, with every category.
node - "$OUT" "$RUNS" $PAGES <<'EOF'
const fs = require('node:fs');
const [dir, runs, ...pages] = process.argv.slice(2);
const pct = (s) => Math.round(s * 100);
for (const page of pages) {
  const reports = [];
  for (let i = 1; i <= Number(runs); i++) {
    reports.push(JSON.parse(fs.readFileSync(`${dir}/${page}-${i}.json`, 'utf8')));
  }
  const perf = reports.map((r) => pct(r.categories.performance.score));
  const median = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
    Math.floor(reports.length / 2)
  ];
  const c = median.categories;
  const a = median.audits;
  const ms = (id) => `${(a[id].numericValue / 1000).toFixed(2)} s`;
  console.log(
    `/${page}: Performance ${pct(c.performance.score)} (runs: ${perf.join(', ')}), ` +
      `Accessibility ${pct(c.accessibility.score)}, Best Practices ${pct(c['best-practices'].score)}, SEO ${pct(c.seo.score)}`,
  );
  console.log(
    `  FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${Math.round(a['total-blocking-time'].numericValue)} ms, ` +
      `CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}, SI ${ms('speed-index')}, ` +
      `bytes ${Math.round(a['total-byte-weight'].numericValue / 1024)} KiB`,
  );
  for (const [id, cat] of Object.entries(c)) {
    const failed = cat.auditRefs
      .filter((ref) => ref.weight > 0 && a[ref.id].score !== null && a[ref.id].score < 1)
      .map((ref) => `${ref.id} (${a[ref.id].displayValue ?? a[ref.id].score})`);
    if (id !== 'performance' && failed.length) console.log(`  ${id} misses: ${failed.join(', ')}`);
  }
}
EOF
