package radio

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// flusher stands in for the timer: it keeps what Presence scheduled, to run by hand.
type flusher struct{ pending []func() }

func (f *flusher) after(_ time.Duration, fn func()) { f.pending = append(f.pending, fn) }

func (f *flusher) tick(t *testing.T) {
	t.Helper()
	if len(f.pending) != 1 {
		t.Fatalf("%d flushes scheduled, want 1", len(f.pending))
	}
	fn := f.pending[0]
	f.pending = nil
	fn()
}

// drain takes every message waiting on ch.
func drain(ch <-chan []byte) []Listeners {
	var got []Listeners
	for {
		select {
		case b := <-ch:
			var l Listeners
			_ = json.Unmarshal(b, &l)
			got = append(got, l)
		default:
			return got
		}
	}
}

func TestJoinsAndLeavesAreCoalescedPerStation(t *testing.T) {
	hub := NewLocalHub()
	p := NewPresence(hub)
	f := &flusher{}
	p.After = f.after
	counts, stop := hub.Subscribe(TopicCounts)
	defer stop()
	one, stopOne := hub.Subscribe(TopicStation("one"))
	defer stopOne()

	// 1,000 joins and leaves of four clients on two stations, within one tick.
	for i := range 1000 {
		conn := fmt.Sprint("c", i%4)
		station := []string{"one", "two"}[i%2]
		if i%3 == 0 {
			p.Leave(station, conn)
		} else {
			p.Join(station, conn, "user-"+conn)
		}
	}
	if got := drain(counts); len(got) != 0 {
		t.Fatalf("%d messages before the tick", len(got))
	}
	f.tick(t)
	got := drain(counts)
	if len(got) != 2 {
		t.Fatalf("%d count messages for two stations in one tick: %v", len(got), got)
	}
	for _, l := range got {
		if want := p.Of(l.Station); l.Count != want.Count {
			t.Errorf("station %s: sent %d, now %d (the last count must win)", l.Station, l.Count, want.Count)
		}
	}
	if got := drain(one); len(got) != 1 || got[0].Station != "one" {
		t.Fatalf("station topic got %v, want one message", got)
	}

	// A change that leaves the listeners as they were sends nothing: a
	// second tab of someone already listening.
	p.Join("one", "c0", "user-c0")
	f.tick(t)
	drain(counts)
	p.Join("one", "c0-tab2", "user-c0")
	f.tick(t)
	p.Leave("one", "c0-tab2")
	f.tick(t)
	if got := drain(counts); len(got) != 0 {
		t.Fatalf("unchanged listeners were sent again: %v", got)
	}
	// Nothing changed: nothing is scheduled.
	if len(f.pending) != 0 {
		t.Fatalf("a flush was scheduled with no change")
	}
	p.Join("two", "c9", "user-c9")
	f.tick(t)
	if got := drain(counts); len(got) != 1 || got[0].Station != "two" || got[0].Count != p.Of("two").Count {
		t.Fatalf("after one more join: %v", got)
	}
}
