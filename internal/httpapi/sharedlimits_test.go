package httpapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Two servers on one PostgreSQL database, as two instances behind a
// balancer: a user's assistant messages count once, whichever answers.
func TestTwoInstancesShareTheAssistantLimit(t *testing.T) {
	url := storetest.PostgresURL(t)
	open := func(t testing.TB) *sqlstore.DB {
		t.Helper()
		db, err := sqlstore.OpenPostgres(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	shared := func(s *httpapi.Server) { s.Limits.ChatPerMinute = 3; s.Rates = open(t) }
	a := newEnvWith(t, envOptions{Open: open}, shared)
	b := newEnvWith(t, envOptions{Open: open}, shared)
	onA := a.signUp("ann", "ann@example.com", "secret1")
	// Cookies are per host, not port: the session reaches both instances.
	onB := b.client()
	onB.http = onA.http
	for _, c := range []*client{onA, onB, onA} {
		expect(t, c.post("/api/assistant/chat", creds{"message": "what is popular"}), 200, "")
	}
	expectLimited(t, onB.post("/api/assistant/chat", creds{"message": "what is popular"}), time.Minute)
}

// brokenRates is a RateStore whose database is gone.
type brokenRates struct{}

func (brokenRates) RateHits(context.Context, string) ([]time.Time, error) {
	return nil, errors.New("connection refused")
}
func (brokenRates) UpdateRateHits(context.Context, string, time.Duration, func([]time.Time) []time.Time) error {
	return errors.New("connection refused")
}

// The assistant's limit bounds cost, not guessing: when it cannot count,
// the message goes through and the log says why.
func TestAssistantLimitFailsOpenWithALoggedError(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Rates = brokenRates{} })
	ann := e.signUp("ann", "ann@example.com", "secret1")
	expect(t, ann.post("/api/assistant/chat", creds{"message": "what is popular"}), 200, "")
	if !strings.Contains(e.Log.String(), "counting a rate limit; letting the request through") {
		t.Errorf("nothing logged:\n%s", e.Log.String())
	}
}
