package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// benchLoadCap bounds a load's requests whatever its duration.
const benchLoadCap = 2_000_000

// benchLoad measures what one instance, then two on the same PostgreSQL,
// answer with conns requests in flight, for d per call: random 64 KiB
// ranges of a 9.6 MB file, searches, recommendations. The instances run
// in this process beside the load, on the same cores; each
// has its own connection pool and search word list, and they share the
// loaded recommender (every real instance loads its own).
func benchLoad(ctx context.Context, dbURL, dir string, engine *recommend.Engine, cookies, queries []string, d time.Duration, conns int) error {
	blobs, err := blob.NewLocal(filepath.Join(dir, "media"))
	if err != nil {
		return err
	}
	first, err := sqlstore.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	songs, err := first.Songs(ctx)
	first.Close()
	if err != nil || len(songs) == 0 {
		return fmt.Errorf("finding a song to stream: %v", err)
	}
	song := songs[0]
	const size = 9_600_000 // a 5-minute 256 kbps MP3, as scripts/bench-stream.sh uses
	if _, err := blobs.Put(ctx, song.AudioKey, bytes.NewReader(bytes.Repeat([]byte{0xff, 0xfb, 0x90, 0x64}, size/4))); err != nil {
		return err
	}
	streamPath := "/media/songs/" + song.ID + "/" + filepath.Base(song.AudioKey)

	fmt.Printf("\n%d requests in flight for %s per row, spread over the instances\n", conns, d)
	fmt.Printf("%-9s %-24s %9s %9s %9s %7s\n", "instances", "call", "req/s", "p50", "p99", "errors")
	failed := 0
	instances := []int{1}
	if strings.HasPrefix(dbURL, "postgres") { // SQLite is one instance's database
		instances = append(instances, 2)
	}
	for _, n := range instances {
		var urls []string
		for i := 0; i < n; i++ {
			db, err := sqlstore.Open(ctx, dbURL)
			if err != nil {
				return err
			}
			defer db.Close()
			srv, _, err := benchInstance(ctx, db, engine, blobs)
			if err != nil {
				return err
			}
			defer srv.Close()
			urls = append(urls, srv.URL)
		}
		calls := []benchCall{
			{"GET /media/songs/… Range", func(r *rand.Rand, req *http.Request) {
				req.URL.Path = streamPath
				at := r.IntN(size - 65536)
				req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", at, at+65535))
			}},
			{"GET /api/search?q=…", func(r *rand.Rand, req *http.Request) {
				req.URL.Path, req.URL.RawQuery = "/api/search", "q="+url.QueryEscape(queries[r.IntN(len(queries))])
			}},
			{"GET /api/recommend/all", func(_ *rand.Rand, req *http.Request) { req.URL.Path = "/api/recommend/all" }},
		}
		for _, c := range calls {
			s := runLoad(urls, cookies, []benchCall{c}, d, conns)[0]
			fmt.Printf("%-9d %-24s %9.0f %9s %9s %7d\n", n, c.name, float64(len(s.lat))/d.Seconds(),
				ms(s.pct(50)), ms(s.pct(99)), s.errors)
			if s.lastErr != nil {
				failed += s.errors
				fmt.Printf("          an error: %v\n", s.lastErr)
			}
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d requests failed", failed)
	}
	return nil
}

// benchCall shapes one kind of request.
type benchCall struct {
	name string
	set  func(*rand.Rand, *http.Request)
}

type loadStats struct {
	lat     []time.Duration
	errors  int
	lastErr error
}

func (s *loadStats) pct(p int) time.Duration {
	if len(s.lat) == 0 {
		return 0
	}
	return s.lat[(len(s.lat)-1)*p/100]
}

// runLoad keeps conns requests in flight for d (and at most benchLoadCap
// in all), each worker taking the calls and the instances in turn.
func runLoad(urls, cookies []string, calls []benchCall, d time.Duration, conns int) []loadStats {
	return runLoadUntil(urls, cookies, calls, closedAfter(d), conns)
}

// closedAfter is a channel closed d from now.
func closedAfter(d time.Duration) <-chan struct{} {
	c := make(chan struct{})
	time.AfterFunc(d, func() { close(c) })
	return c
}

// runLoadUntil is runLoad until stop is closed, for loads that last as
// long as some work does.
func runLoadUntil(urls, cookies []string, calls []benchCall, stop <-chan struct{}, conns int) []loadStats {
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: conns}}
	defer client.CloseIdleConnections()
	per := make([][]loadStats, conns)
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < conns; w++ {
		per[w] = make([]loadStats, len(calls))
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 3))
			for i := w; i < w+benchLoadCap/conns && !stopped(); i++ {
				c := i % len(calls)
				base, _ := url.Parse(urls[(i/len(calls))%len(urls)])
				req, _ := http.NewRequest("GET", base.String(), nil)
				calls[c].set(r, req)
				req.Header.Set("Cookie", cookies[i%len(cookies)])
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err == nil && res.StatusCode != 200 && res.StatusCode != 206 {
						err = fmt.Errorf("status %d", res.StatusCode)
					}
				}
				if err != nil {
					per[w][c].errors++
					per[w][c].lastErr = err
					continue
				}
				per[w][c].lat = append(per[w][c].lat, time.Since(t0))
			}
		})
	}
	wg.Wait()
	out := make([]loadStats, len(calls))
	for _, p := range per {
		for c := range p {
			out[c].lat = append(out[c].lat, p[c].lat...)
			out[c].errors += p[c].errors
			if p[c].lastErr != nil {
				out[c].lastErr = p[c].lastErr
			}
		}
	}
	for c := range out {
		sort.Slice(out[c].lat, func(a, b int) bool { return out[c].lat[a] < out[c].lat[b] })
	}
	return out
}
