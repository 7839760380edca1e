package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// searchLoad keeps searches in flight through one instance's real
// handlers, as 50 signed-in listeners typing what people type: the load
// the background-work benches measure beside the work.
type searchLoad struct {
	url     string
	cookies []string
	calls   []benchCall
	conns   int
}

func newSearchLoad(ctx context.Context, db *sqlstore.DB, users []*musicify.User, srvURL string, conns int) (*searchLoad, error) {
	accounts := auth.NewService(db, nil, auth.Options{})
	r := rand.New(rand.NewPCG(1, 2))
	l := &searchLoad{url: srvURL, conns: conns}
	for range 50 {
		_, token, err := accounts.SignInExternal(ctx, users[r.IntN(len(users))].Email)
		if err != nil {
			return nil, err
		}
		l.cookies = append(l.cookies, "musicify_session="+token)
	}
	words := benchWords()
	queries := make([]string, 1_000)
	for i := range queries {
		queries[i] = benchQuery(r, words)
	}
	l.calls = []benchCall{{"GET /api/search?q=…", func(r *rand.Rand, req *http.Request) {
		req.URL.Path, req.URL.RawQuery = "/api/search", "q="+url.QueryEscape(queries[r.IntN(len(queries))])
	}}}
	return l, nil
}

// until searches until stop is closed and says how long that was.
func (l *searchLoad) until(stop <-chan struct{}) (loadStats, time.Duration) {
	t0 := time.Now()
	s := runLoadUntil([]string{l.url}, l.cookies, l.calls, stop, l.conns)[0]
	return s, time.Since(t0)
}

func printSearchHeader() {
	fmt.Printf("%-40s %7s %9s %9s %9s %9s %6s\n", "while", "req/s", "p50", "p95", "p99", "max", "errors")
}

func printSearchRow(name string, s loadStats, took time.Duration) {
	fmt.Printf("%-40s %7.0f %9s %9s %9s %9s %6d\n", name, float64(len(s.lat))/took.Seconds(),
		ms(s.pct(50)), ms(s.pct(95)), ms(s.pct(99)), ms(s.pct(100)), s.errors)
	if s.lastErr != nil {
		fmt.Printf("  an error: %v\n", s.lastErr)
	}
}
