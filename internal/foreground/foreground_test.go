package foreground_test

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/foreground"
)

// yielded runs Yield in a goroutine and tells when it returned.
func yielded(ctx context.Context, g *foreground.Gauge, most time.Duration) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		g.Yield(ctx, most)
		close(done)
	}()
	return done
}

func TestYieldWaitsForTheRequestsInFlight(t *testing.T) {
	var g foreground.Gauge
	<-yielded(context.Background(), &g, time.Hour) // none in flight: at once

	first, second := g.Enter(), g.Enter()
	done := yielded(context.Background(), &g, time.Hour)
	first()
	first() // twice changes nothing
	if n := g.InFlight(); n != 1 {
		t.Fatalf("%d in flight, want 1", n)
	}
	select {
	case <-done:
		t.Fatal("Yield returned with a request still in flight")
	default:
	}
	second()
	<-done // the last one left: it returns (else the test times out)

	// Again, after the gauge was idle once.
	leave := g.Enter()
	done = yielded(context.Background(), &g, time.Hour)
	leave()
	<-done
}

func TestYieldGivesWayForAtMostItsLimit(t *testing.T) {
	var g foreground.Gauge
	defer g.Enter()() // a request that outlives the waits
	// A lower bound: a timer never fires early, however loaded the machine.
	start := time.Now()
	g.Yield(context.Background(), 20*time.Millisecond)
	if waited := time.Since(start); waited < 20*time.Millisecond {
		t.Errorf("Yield gave way for %s with a request in flight, want its limit, 20ms", waited)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := yielded(ctx, &g, time.Hour)
	cancel()
	<-done

	var none *foreground.Gauge
	<-yielded(context.Background(), none, time.Hour)
}
