package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// On PostgreSQL the instances count rate limits together: a code mailed
// through one instance holds back a second one asked of the other.
func TestInstancesOnPostgreSQLShareRateLimits(t *testing.T) {
	env := map[string]string{"MUSICIFY_DATABASE_URL": testserver.Postgres(t), "MUSICIFY_STORAGE_URL": "file://" + t.TempDir()}
	a, b := startMain(t, env), startMain(t, env)
	ask := func(m *Main) int {
		t.Helper()
		res, err := http.Post(m.URL+"/api/auth/getotp", "application/json", strings.NewReader(`{"email":"kim@example.com"}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if status := ask(a); status != 200 {
		t.Fatalf("first code on instance A: %d", status)
	}
	if status := ask(b); status != http.StatusTooManyRequests {
		t.Fatalf("second code within 20 s, on instance B: %d, want 429", status)
	}
}
