package supervise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a Supervisor whose reports and waits a test reads.
type recorder struct {
	*Supervisor
	mu     sync.Mutex
	logs   bytes.Buffer
	heard  []string
	waited []time.Duration
}

func newRecorder() *recorder {
	r := &recorder{}
	r.Supervisor = &Supervisor{
		Logger:  slog.New(slog.NewTextHandler(lockedWriter{&r.mu, &r.logs}, nil)),
		Backoff: time.Second, MaxBackoff: 4 * time.Second,
		OnPanic: func(worker string, value any, _ []byte) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.heard = append(r.heard, worker+": "+fmt.Sprint(value))
		},
	}
	r.wait = func(ctx context.Context, d time.Duration) bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.waited = append(r.waited, d)
		return ctx.Err() == nil
	}
	return r
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func TestALoopThatPanicsStartsAgainAfterABackoffThatGrows(t *testing.T) {
	r := newRecorder()
	runs := 0
	r.Run(context.Background(), "trainer", func(context.Context) {
		runs++
		if runs <= 4 {
			panic("slice bounds out of range")
		}
	})
	if runs != 5 {
		t.Fatalf("the loop ran %d times, want 4 panics and a 5th run that returns", runs)
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second}
	if len(r.waited) != len(want) {
		t.Fatalf("waited %v, want %v", r.waited, want)
	}
	for i := range want {
		if r.waited[i] != want[i] {
			t.Fatalf("waited %v, want %v", r.waited, want)
		}
	}
	if got := r.Panics()["trainer"]; got != 4 {
		t.Errorf("counted %d panics", got)
	}
	if len(r.heard) != 4 || r.heard[0] != "trainer: slice bounds out of range" {
		t.Errorf("OnPanic heard %q", r.heard)
	}
	logs := r.logs.String()
	if !strings.Contains(logs, `msg="background worker panicked" worker=trainer panic="slice bounds out of range"`) ||
		!strings.Contains(logs, "supervise_test.go") {
		t.Errorf("the log has no panic with its stack:\n%s", logs)
	}
}

func TestALoopThatEndsIsNotStartedAgain(t *testing.T) {
	r := newRecorder()
	runs := 0
	r.Run(context.Background(), "sweep", func(context.Context) { runs++ })
	if runs != 1 || len(r.waited) != 0 {
		t.Fatalf("ran %d times, waited %v", runs, r.waited)
	}
	if p, ok := r.Panics()["sweep"]; !ok || p != 0 {
		t.Errorf("a worker that never panicked is counted as %d (listed: %v)", p, ok)
	}
}

func TestStoppingDuringTheBackoffEndsTheLoop(t *testing.T) {
	r := newRecorder()
	ctx, cancel := context.WithCancel(context.Background())
	runs := 0
	r.Run(ctx, "scanner", func(context.Context) {
		runs++
		cancel()
		panic("boom")
	})
	if runs != 1 {
		t.Fatalf("ran %d times after the context ended", runs)
	}
}

func TestDoTurnsAPanicIntoAnError(t *testing.T) {
	r := newRecorder()
	err := r.Do("library.read", func() error { panic("index out of range") })
	var p *PanicError
	if !errors.As(err, &p) || p.Worker != "library.read" || p.Value != "index out of range" {
		t.Fatalf("Do returned %v", err)
	}
	plain := errors.New("not an audio file")
	if err := r.Do("library.read", func() error { return plain }); err != plain {
		t.Fatalf("an ordinary error came back as %v", err)
	}
	if got := r.Panics()["library.read"]; got != 1 {
		t.Errorf("counted %d panics", got)
	}
}

func TestRecoverEndsAGoroutineQuietly(t *testing.T) {
	r := newRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer r.Recover("ws")
		var m map[string]int
		//lint:ignore SA5000 the test panics on purpose
		m["x"] = 1 // a nil map write
	}()
	<-done
	if got := r.Panics()["ws"]; got != 1 || len(r.heard) != 1 || r.heard[0] != "ws: assignment to entry in nil map" {
		t.Fatalf("counted %d panics, heard %q", got, r.heard)
	}
}

func TestWithoutASupervisorAPanicIsAPanic(t *testing.T) {
	var s *Supervisor
	defer func() {
		if v := recover(); v != "boom" {
			t.Fatalf("recovered %v, want the panic to pass through", v)
		}
	}()
	_ = s.Do("x", func() error { panic("boom") })
	t.Fatal("Do returned")
}
