package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// benchSoak drives a steady mix of what web listeners and Subsonic apps do
// against a Musicify server for a long time, and reports errors, latency
// per kind of call and the server's memory over time: what only a run far
// longer than the test suite can show (leaks, creeping latency, a limit
// that trips on ordinary use).
func benchSoak(args []string) int {
	fs := flag.NewFlagSet("bench soak", flag.ContinueOnError)
	s := soak{out: os.Stdout}
	fs.Float64Var(&s.minutes, "minutes", 10, "how long the load runs")
	fs.IntVar(&s.requests, "requests", 0, "stop after this many calls instead (0: run for --minutes)")
	fs.Float64Var(&s.rate, "rate", 15, "calls a second, started at a steady pace whatever the answers take")
	fs.IntVar(&s.workers, "workers", 4, "calls in flight at most; a server it starts gets one account per worker")
	fs.DurationVar(&s.sample, "sample", 0, "how often the server's memory is read (0: 30s, less for runs under 6 minutes)")
	fs.StringVar(&s.library, "library", "", "a music folder for the server it starts (scripts/gen-library makes one)")
	fs.StringVar(&s.dir, "dir", "", "the data dir of the server it starts, kept afterwards (default: a temp dir, removed after a clean run)")
	fs.StringVar(&s.url, "url", "", "soak a server that already runs at this address instead of starting one")
	fs.StringVar(&s.user, "user", "", "with --url: the account to sign in as, one made for the soak (its listens and play queue stay)")
	fs.StringVar(&s.password, "password", "", "with --url: its password")
	fs.StringVar(&s.metricsToken, "metrics-token", "", "with --url: the server's MUSICIFY_METRICS_TOKEN, to read its memory from /metrics")
	fs.Uint64Var(&s.seed, "seed", 1, "seed of the mix's order and choices")
	fs.DurationVar(&s.jobsWait, "jobs-wait", 30*time.Minute, "before the load, wait at most this long for the server it starts to finish analysing the library")
	if err := fs.Parse(args); err != nil || s.rate <= 0 || s.workers < 1 || (s.minutes <= 0 && s.requests <= 0) ||
		(s.url != "" && (s.user == "" || s.password == "")) {
		fmt.Fprintln(os.Stderr, "usage: musicify bench soak [--minutes 10 --rate 15 --workers 4 --library DIR]\n"+
			"       musicify bench soak --url URL --user U --password P [--metrics-token T]")
		return 2
	}
	if s.url == "" {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench soak:", err)
			return 1
		}
		s.binary = exe
	}
	// Ctrl-C ends the load early; the summary and the server's log are
	// still reported, and the server it started is stopped.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	res, err := s.run(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench soak:", err)
		return 1
	}
	if !res.ok() {
		return 1
	}
	return 0
}

type soak struct {
	minutes                           float64
	requests, workers                 int
	rate                              float64
	sample, jobsWait                  time.Duration
	library, dir                      string
	url, user, password, metricsToken string
	seed                              uint64
	binary                            string // the musicify to start: this one, or the test's build
	out                               io.Writer
}

// soakResult is what a soak found.
type soakResult struct {
	kinds    []*soakKind
	calls    int64
	errors   int64
	problems []string // the server's log: panics, ERROR lines; or how it exited
	memory   soakMemory
}

func (r soakResult) ok() bool { return r.errors == 0 && len(r.problems) == 0 }

func (s *soak) run(ctx context.Context) (res soakResult, err error) {
	d := time.Duration(s.minutes * float64(time.Minute))
	if s.sample <= 0 {
		s.sample = min(30*time.Second, max(time.Second, d/12))
	}
	tr := &http.Transport{MaxIdleConnsPerHost: s.workers * 2}
	defer tr.CloseIdleConnections()
	t, err := s.target(ctx, tr)
	if t != nil {
		defer func() { res.problems = append(res.problems, t.close(err == nil && res.ok())...) }()
	}
	if err != nil {
		return res, err
	}
	mix, err := newSoakMix(t.base, t.users, rand.New(rand.NewPCG(s.seed, 7)))
	if err != nil {
		return res, err
	}
	for _, note := range mix.notes {
		fmt.Fprintln(s.out, note)
	}
	stats := newSoakStats(mix.kinds())
	mem := &soakSampler{base: t.base, pid: t.pid(), token: t.metricsToken, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}, out: s.out}
	what := d.String()
	if s.requests > 0 {
		what = fmt.Sprintf("%d calls", s.requests)
	}
	fmt.Fprintf(s.out, "\nsoaking %s for %s: %.0f calls/s, %d in flight at most, as %d of its people, a mix of %d kinds of call; memory every %s\n",
		t.base, what, s.rate, s.workers, len(t.users), len(stats.kinds), s.sample)
	mem.header()
	start := time.Now()
	mem.take(start, stats)
	var stopSampling = make(chan struct{})
	var sampling sync.WaitGroup
	sampling.Go(func() {
		tick := time.NewTicker(s.sample)
		defer tick.Stop()
		for {
			select {
			case <-stopSampling:
				return
			case <-tick.C:
				mem.take(start, stats)
			}
		}
	})
	behind := s.drive(ctx, d, mix, stats)
	close(stopSampling)
	sampling.Wait()
	mem.take(start, stats)
	took := time.Since(start)

	res.kinds, res.calls, res.errors = stats.kinds, stats.calls.Load(), stats.errors.Load()
	stats.print(s.out, took, behind)
	res.memory = mem.summary(s.out)
	if err := mix.finish(); err != nil {
		fmt.Fprintln(s.out, "cleaning up what the mix left half done:", err)
	}
	return res, nil
}

// drive starts calls at the steady rate until d passes, --requests calls
// were made or ctx ends, and says how many starts were skipped because
// every worker was still busy (the server fell behind the rate).
func (s *soak) drive(ctx context.Context, d time.Duration, mix *soakMix, stats *soakStats) int64 {
	var behind atomic.Int64
	ticks := make(chan struct{}, s.workers)
	go func() {
		defer close(ticks)
		var end <-chan time.Time
		if s.requests <= 0 {
			end = time.After(d)
		}
		every := time.NewTicker(time.Duration(float64(time.Second) / s.rate))
		defer every.Stop()
		for n := 0; s.requests <= 0 || n < s.requests; {
			select {
			case <-ctx.Done():
				return
			case <-end:
				return
			case <-every.C:
			}
			select {
			case ticks <- struct{}{}:
				n++
			default:
				behind.Add(1)
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range s.workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(s.seed, uint64(w)+100))
			user := mix.users[w%len(mix.users)]
			for range ticks {
				c := &soakCall{mix: mix, u: user, r: r, start: time.Now()}
				kind, err := mix.next().do(c)
				stats.record(kind, time.Since(c.start), err)
			}
		})
	}
	wg.Wait()
	return behind.Load()
}
