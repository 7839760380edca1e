package auth_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

var cheapHash = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}

// waits records login delays instead of waiting them.
type waits struct {
	mu    sync.Mutex
	all   []time.Duration
	clock *time.Time // moved on by each wait, when set
}

func (w *waits) sleep(_ context.Context, d time.Duration) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all = append(w.all, d)
	if w.clock != nil {
		*w.clock = w.clock.Add(d) // time passes as it would have
	}
	return nil
}

// Two instances behind a round-robin balancer, each with its own
// connection to one PostgreSQL database, count wrong passwords together:
// ten split between them lock the network out of the account on both.
func TestTwoInstancesShareLoginLimits(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	delays := &waits{clock: &now}
	instance := func() *auth.Service {
		db, err := sqlstore.OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return auth.NewService(db, nil, auth.Options{Hash: cheapHash, Now: clock, Sleep: delays.sleep, Rates: db})
	}
	a, b := instance(), instance()
	hash, err := cheapHash.Hash("secret1")
	if err != nil {
		t.Fatal(err)
	}
	db, err := sqlstore.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CreateUser(ctx, &musicify.User{Username: "ivy", Email: "ivy@example.com", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}

	attacker := musicify.Client{IP: "192.0.2.66"}
	for i, svc := range []*auth.Service{a, b, a, b, a, b, a, b, a, b} {
		if _, _, err := svc.Login(ctx, attacker, "ivy", "guess"); musicify.ErrorCode(err) != musicify.EUNAUTHORIZED {
			t.Fatalf("wrong password %d: %v, want wrong login", i+1, err)
		}
	}
	// Each instance saw five wrong passwords, too few for any delay; the
	// account saw ten, so the last five waited longer and longer.
	want := []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}
	if fmt.Sprint(delays.all) != fmt.Sprint(want) {
		t.Errorf("delays before the guesses = %v, want %v", delays.all, want)
	}
	for name, svc := range map[string]*auth.Service{"a": a, "b": b} {
		if _, _, err := svc.Login(ctx, attacker, "ivy", "secret1"); musicify.ErrorCode(err) != musicify.ERATELIMITED {
			t.Errorf("11th try on instance %s: %v, want rate limited", name, err)
		}
	}
	if _, _, err := b.Login(ctx, musicify.Client{IP: "198.51.100.7"}, "ivy", "secret1"); err != nil {
		t.Errorf("the owner from another network: %v", err)
	}
	now = now.Add(15 * time.Minute)
	if _, _, err := a.Login(ctx, attacker, "ivy", "secret1"); err != nil {
		t.Errorf("after the window: %v", err)
	}
}

// brokenRates is a RateStore whose database is gone.
type brokenRates struct{}

var errGone = errors.New("connection refused")

func (brokenRates) RateHits(context.Context, string) ([]time.Time, error) { return nil, errGone }
func (brokenRates) UpdateRateHits(context.Context, string, time.Duration, func([]time.Time) []time.Time) error {
	return errGone
}

// A login whose attempt cannot be counted is refused, as unavailable: an
// attacker who can make the count fail must not get unlimited guesses.
func TestLoginFailsClosedWhenTheLimiterCannotCount(t *testing.T) {
	ctx := context.Background()
	db := storetest.SQLite(t)
	hash, _ := cheapHash.Hash("secret1")
	if err := db.CreateUser(ctx, &musicify.User{Username: "ivy", Email: "ivy@example.com", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	svc := auth.NewService(db, nil, auth.Options{Hash: cheapHash, Rates: brokenRates{}})
	for _, password := range []string{"guess", "secret1"} {
		_, _, err := svc.Login(ctx, musicify.Client{IP: "192.0.2.1"}, "ivy", password)
		if musicify.ErrorCode(err) != musicify.EUNAVAILABLE || !errors.Is(err, errGone) {
			t.Errorf("login with %q: %v, want unavailable carrying the cause", password, err)
		}
	}
	if err := svc.RequestReset(ctx, musicify.Client{IP: "192.0.2.1"}, "ivy@example.com"); musicify.ErrorCode(err) != musicify.EUNAVAILABLE {
		t.Errorf("reset code request: %v, want unavailable", err)
	}
}
