package bench

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// soakKind is one kind of call's latencies and errors.
type soakKind struct {
	name string
	loadStats
	firstErr error
}

type soakStats struct {
	mu            sync.Mutex
	kinds         []*soakKind
	byName        map[string]*soakKind
	calls, errors atomic.Int64
}

func newSoakStats(kinds []string) *soakStats {
	s := &soakStats{byName: map[string]*soakKind{}}
	for _, k := range kinds {
		s.kind(k)
	}
	return s
}

func (s *soakStats) kind(name string) *soakKind {
	k := s.byName[name]
	if k == nil {
		k = &soakKind{name: name}
		s.byName[name] = k
		s.kinds = append(s.kinds, k)
	}
	return k
}

func (s *soakStats) record(kind string, d time.Duration, err error) {
	s.calls.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.kind(kind)
	if err != nil {
		s.errors.Add(1)
		k.errors++
		k.lastErr = err
		if k.firstErr == nil {
			k.firstErr = err
		}
		return
	}
	k.lat = append(k.lat, d)
}

// print is the summary of the calls: per kind the count, errors and
// latencies (of the calls that succeeded), then a sample of each error.
func (s *soakStats) print(w io.Writer, took time.Duration, behind int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var all loadStats
	fmt.Fprintf(w, "\n%-50s %7s %6s %10s %10s %10s\n", "call", "count", "errors", "p50", "p99", "max")
	for _, k := range s.kinds {
		sort.Slice(k.lat, func(a, b int) bool { return k.lat[a] < k.lat[b] })
		all.lat = append(all.lat, k.lat...)
		all.errors += k.errors
		fmt.Fprintf(w, "%-50s %7d %6d %10s %10s %10s\n", k.name, len(k.lat)+k.errors, k.errors, ms(k.pct(50)), ms(k.pct(99)), ms(k.pct(100)))
	}
	sort.Slice(all.lat, func(a, b int) bool { return all.lat[a] < all.lat[b] })
	fmt.Fprintf(w, "%-50s %7d %6d %10s %10s %10s\n", "all", len(all.lat)+all.errors, all.errors, ms(all.pct(50)), ms(all.pct(99)), ms(all.pct(100)))
	n := s.calls.Load()
	fmt.Fprintf(w, "\n%d calls in %s: %.1f a second", n, took.Round(time.Second), float64(n)/took.Seconds())
	if behind > 0 {
		fmt.Fprintf(w, "; %d starts skipped because every worker was still waiting for an answer", behind)
	}
	fmt.Fprintf(w, "\nerrors: %d\n", all.errors)
	for _, k := range s.kinds {
		if k.errors > 0 {
			fmt.Fprintf(w, "  %s: %d, the first: %v\n", k.name, k.errors, k.firstErr)
			if k.lastErr != k.firstErr {
				fmt.Fprintf(w, "  %*s  the last: %v\n", len(k.name), "", k.lastErr)
			}
		}
	}
}

// soakSample is the server's memory at one moment of the run.
type soakSample struct {
	at                    time.Duration
	calls, errors         int64
	rss, heap, goroutines float64 // MB, MB, count; NaN when not known
	live                  float64 // MB of heap the last collection found live: heap in use less the garbage not yet collected
	load                  float64 // the machine's load average over a minute
}

// soakSampler reads the server's memory: resident memory from /proc when
// the soak started it (else from /metrics), Go's heap in use, the heap
// found live at the last collection and the goroutines from /metrics.
// Heap in use rises between collections and falls at each (the server
// collects about every 128 MB allocated, see cmd/musicify/tune.go), so
// the live heap is the steadier sign of a leak.
type soakSampler struct {
	base, token string
	pid         int
	client      *http.Client
	out         io.Writer

	mu      sync.Mutex
	samples []soakSample
	failed  bool
}

func (m *soakSampler) header() {
	fmt.Fprintf(m.out, "%9s %9s %7s %8s %8s %8s %10s %6s\n", "elapsed", "calls", "errors", "RSS MB", "heap MB", "live MB", "goroutines", "load")
}

func (m *soakSampler) take(start time.Time, stats *soakStats) {
	s := soakSample{at: time.Since(start), calls: stats.calls.Load(), errors: stats.errors.Load(),
		rss: math.NaN(), heap: math.NaN(), live: math.NaN(), goroutines: math.NaN(), load: math.NaN()}
	metrics, err := m.metrics()
	if err != nil && !m.failed {
		m.failed = true // said once: a soak of hours would repeat it for every sample
		fmt.Fprintln(m.out, "reading /metrics:", err)
	}
	s.rss = metrics["process_resident_memory_bytes"] / (1 << 20)
	s.heap = metrics["go_memstats_heap_inuse_bytes"] / (1 << 20)
	s.goroutines = metrics["go_goroutines"]
	// The next collection's goal is the live heap grown by GOGC percent.
	if gogc := metrics["go_gc_gogc_percent"]; gogc > 0 {
		s.live = metrics["go_memstats_next_gc_bytes"] / (1 + gogc/100) / (1 << 20)
	}
	if m.pid > 0 {
		s.rss = ProcKB(m.pid, "VmRSS") / 1024
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 0 {
			s.load, _ = strconv.ParseFloat(f[0], 64)
		}
	}
	m.mu.Lock()
	m.samples = append(m.samples, s)
	m.mu.Unlock()
	fmt.Fprintf(m.out, "%9s %9d %7d %8s %8s %8s %10s %6s\n", s.at.Round(time.Second), s.calls, s.errors,
		num(s.rss, 1), num(s.heap, 1), num(s.live, 1), num(s.goroutines, 0), num(s.load, 2))
}

// metrics reads the server's /metrics; a missing figure reads as NaN.
func (m *soakSampler) metrics() (map[string]float64, error) {
	out := map[string]float64{}
	for _, name := range []string{"process_resident_memory_bytes", "go_memstats_heap_inuse_bytes", "go_goroutines",
		"go_memstats_next_gc_bytes", "go_gc_gogc_percent"} {
		out[name] = math.NaN()
	}
	if m.token == "" {
		return out, nil
	}
	req, err := http.NewRequest("GET", m.base+"/metrics", nil)
	if err != nil {
		return out, err
	}
	req.Header.Set("Authorization", "Bearer "+m.token)
	res, err := m.client.Do(req)
	if err != nil {
		return out, err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return out, fmt.Errorf("status %d", res.StatusCode)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if _, want := out[name]; ok && want {
			out[name], _ = strconv.ParseFloat(value, 64)
		}
	}
	return out, sc.Err()
}

// ProcKB is a kB figure of /proc/PID/status (VmRSS, VmHWM…), NaN when
// unreadable: the soak reads the server's memory with it, and the command's
// tests the high-water mark of the binary they run.
func ProcKB(pid int, field string) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return math.NaN()
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 64)
			if err == nil {
				return kb
			}
		}
	}
	return math.NaN()
}

func num(v float64, decimals int) string {
	if math.IsNaN(v) {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}
