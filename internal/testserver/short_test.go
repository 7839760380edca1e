package testserver_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// outcome is what a helper did with the test it was given.
type outcome struct {
	testing.TB      // the real test, for Cleanup, TempDir and Name
	skipped, failed string
}

func (o *outcome) Helper()          {}
func (o *outcome) Skip(args ...any) { o.Skipf("%s", fmt.Sprint(args...)) }
func (o *outcome) Skipf(format string, args ...any) {
	o.skipped = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (o *outcome) SkipNow()                          { o.Skip("SkipNow") }
func (o *outcome) Fatal(args ...any)                 { o.Fatalf("%s", fmt.Sprint(args...)) }
func (o *outcome) Fatalf(format string, args ...any) { o.Errorf(format, args...); runtime.Goexit() }
func (o *outcome) FailNow()                          { o.Fatal("FailNow") }
func (o *outcome) Error(args ...any)                 { o.Errorf("%s", fmt.Sprint(args...)) }
func (o *outcome) Errorf(format string, args ...any) { o.failed += fmt.Sprintf(format, args...) }

// run calls helper with a test that records a skip or a failure instead of
// ending the real one, so this test shows no skipped subtest of its own.
func run(t *testing.T, helper func(testing.TB)) *outcome {
	o := &outcome{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		helper(o)
	}()
	<-done
	return o
}

// The fast tier (-short) runs without servers: every helper that needs one
// skips, naming it and how to run it. Without -short none skips; a server
// that cannot start fails the test.
func TestOnlyShortSkipsTheTestsThatNeedAServer(t *testing.T) {
	helpers := []struct {
		name, server string
		call         func(testing.TB)
	}{
		{"Postgres", "PostgreSQL", func(t testing.TB) { testserver.Postgres(t) }},
		{"PostgresFrom", "PostgreSQL", func(t testing.TB) {
			testserver.PostgresFrom(t, "short", func(string) error { return nil })
		}},
		{"S3", "S3 server", func(t testing.TB) { testserver.S3(t) }},
		{"NATSServer", "NATS", func(t testing.TB) { testserver.NATSServer(t) }},
		{"OwnNATSServer", "NATS", func(t testing.TB) { testserver.OwnNATSServer(t) }},
	}
	for _, h := range helpers {
		o := run(t, h.call)
		switch {
		case testing.Short() && (!strings.HasPrefix(o.skipped, "needs ") || !strings.Contains(o.skipped, h.server) || !strings.Contains(o.skipped, "without -short")):
			t.Errorf("in -short, %s skipped with %q (failed: %q), want a skip naming %s and -short", h.name, o.skipped, o.failed, h.server)
		case !testing.Short() && o.skipped != "":
			t.Errorf("without -short, %s skipped: %s", h.name, o.skipped)
		case !testing.Short() && o.failed != "":
			t.Errorf("%s: %s", h.name, o.failed)
		}
	}
}
