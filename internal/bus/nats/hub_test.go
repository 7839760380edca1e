package nats_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/radio"
	"github.com/musicify/musicify/internal/testclock"
	"github.com/musicify/musicify/internal/testserver"
)

// instance is one Musicify's radio presence: its own clients' hub, and the
// shared one on NATS.
type instance struct {
	presence *radio.Presence
	clients  <-chan []byte // what its browsers watching station "s" hear
	stop     func()
}

func startInstance(t *testing.T, url, prefix, id string, c *testclock.Clock) (*instance, func()) {
	t.Helper()
	conn := connect(t, url, prefix)
	local := radio.NewLocalHub()
	p := radio.NewPresence(local)
	p.After = func(_ time.Duration, f func()) { go f() } // flush at once
	p.Now, p.TTL = c.Now, 10*time.Second
	clients, cancel := local.Subscribe(radio.TopicStation("s"))
	t.Cleanup(cancel)
	in := &instance{presence: p, clients: clients, stop: p.Connect(conn.Hub(), id)}
	t.Cleanup(in.stop)
	return in, conn.Close
}

// startPair starts instances a and b on one clock and their own subjects;
// crashB drops b's connection without a goodbye.
func startPair(t *testing.T, url string) (c *testclock.Clock, a, b *instance, crashB func()) {
	t.Helper()
	c = testclock.New(time.Unix(1_700_000_000, 0))
	prefix := "test." + musicify.NewID()
	a, _ = startInstance(t, url, prefix, "a", c)
	b, crashB = startInstance(t, url, prefix, "b", c)
	return c, a, b, crashB
}

// hears waits until the instance's clients are told count for station s,
// and its presence says so too.
func (in *instance) hears(t *testing.T, count int) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case b := <-in.clients:
			var l radio.Listeners
			_ = json.Unmarshal(b, &l)
			if l.Count == count && in.presence.Of("s").Count == count {
				return
			}
		case <-timeout:
			t.Fatalf("clients were never told %d listeners (presence says %+v)", count, in.presence.Of("s"))
		}
	}
}

func TestListenersAreCountedAcrossInstances(t *testing.T) {
	broker := testserver.NATSServer(t)

	t.Run("one listener on each instance makes two on both, and a crashed one's vanish after its TTL", func(t *testing.T) {
		c, a, b, crashB := startPair(t, broker.URL)
		a.presence.Join("s", "conn-1", "alice")
		b.presence.Join("s", "conn-2", "bob")
		a.hears(t, 2)
		b.hears(t, 2)

		crashB() // its connection drops without a goodbye
		c.Advance(9 * time.Second)
		a.presence.Beat()
		if got := a.presence.Of("s").Count; got != 2 {
			t.Fatalf("%d listeners before b's TTL ran out, want 2", got)
		}
		// What b sent before it crashed may still be on its way, and counts
		// as heard when it lands: step past the TTL until a forgets b.
		guard := time.Now().Add(60 * time.Second)
		for a.presence.Of("s").Count != 1 {
			if time.Now().After(guard) {
				t.Fatalf("b's listener never vanished: %+v", a.presence.Of("s"))
			}
			c.Advance(11 * time.Second)
			a.presence.Beat()
			time.Sleep(10 * time.Millisecond) // a poll, not a wait for speed
		}
		a.hears(t, 1)
	})

	t.Run("one person on two instances counts once", func(t *testing.T) {
		_, a, b, _ := startPair(t, broker.URL)
		a.presence.Join("s", "conn-1", "alice")
		b.presence.Join("s", "conn-2", "alice")
		b.presence.Join("s", "conn-3", "bob")
		a.hears(t, 2)
		b.hears(t, 2)
	})

	t.Run("an instance that stops cleanly takes its listeners at once", func(t *testing.T) {
		_, a, b, _ := startPair(t, broker.URL)
		a.presence.Join("s", "conn-1", "alice")
		b.presence.Join("s", "conn-2", "bob")
		a.hears(t, 2)
		b.stop()
		a.hears(t, 1) // the clock has not moved: the goodbye did it
	})
}
