package main

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// With the real argon2id cost (19 MiB a check), 200 logins at once took the
// server past a gigabyte; hashing runs in a small pool and the excess is told
// to come back (503 with Retry-After), never left waiting or failed. The
// bound is on what the flood adds to the idle server, so a bigger binary
// does not move it: the pool's runs at once (38 MiB on two cores) plus the
// garbage left before a collection, far from the 3.7 GiB of 200 hashes at
// once.
func TestAFloodOfLoginsKeepsTheServerSmall(t *testing.T) {
	p := startBinary(t, t.TempDir(), "MUSICIFY_TRUST_PROXY=true")
	idle := p.peakRSS(t)
	statuses := make([]int, 200)
	retry := make([]string, 200)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodPost, p.URL+"/api/auth/login",
				strings.NewReader(fmt.Sprintf(`{"username":"user%d","password":"guess"}`, i)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i%10))
			<-start
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Errorf("login %d: %v", i, err)
				return
			}
			res.Body.Close()
			statuses[i], retry[i] = res.StatusCode, res.Header.Get("Retry-After")
		})
	}
	close(start)
	wg.Wait()
	seen := map[int]int{}
	for i, s := range statuses {
		seen[s]++
		switch s {
		case 401, 429:
		case 503:
			if retry[i] == "" {
				t.Errorf("a 503 without Retry-After")
			}
		default:
			t.Errorf("a login got %d", s)
		}
	}
	if seen[503] == 0 {
		t.Errorf("nothing was turned away: %v", seen)
	}
	grew := p.peakRSS(t) - idle
	t.Logf("the flood took resident memory up %d MiB", grew>>20)
	if grew > 256<<20 {
		t.Errorf("the flood took resident memory up %d MiB, want under 256 MiB (answers %v)", grew>>20, seen)
	}
}
