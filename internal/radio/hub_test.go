package radio

import "testing"

func TestHubDeliversUntilCancelThenCloses(t *testing.T) {
	h := NewLocalHub()
	a, cancelA := h.Subscribe("station-1")
	b, cancelB := h.Subscribe("station-1")
	other, cancelOther := h.Subscribe("station-2")
	defer cancelB()
	defer cancelOther()

	h.Publish("station-1", []byte("2 listening"))
	for _, ch := range []<-chan []byte{a, b} {
		if m := <-ch; string(m) != "2 listening" {
			t.Fatalf("got %q", m)
		}
	}
	if len(other) != 0 {
		t.Fatal("another topic's subscriber got the message")
	}

	// Cancel closes the channel, so a goroutine ranging over it ends; a
	// second cancel and later messages are harmless.
	cancelA()
	cancelA()
	h.Publish("station-1", []byte("1 listening"))
	select {
	case _, ok := <-a:
		if ok {
			t.Fatal("a cancelled subscription still delivers")
		}
	default:
		t.Fatal("a cancelled subscription's channel is still open")
	}
	if m := <-b; string(m) != "1 listening" {
		t.Fatalf("the other subscriber got %q", m)
	}
}

func TestHubDropsForASubscriberThatDoesNotRead(t *testing.T) {
	h := NewLocalHub()
	slow, cancel := h.Subscribe("s")
	defer cancel()
	for i := 0; i < 100; i++ {
		h.Publish("s", []byte{byte(i)}) // never blocks
	}
	if len(slow) != cap(slow) {
		t.Fatalf("queued %d of %d", len(slow), cap(slow))
	}
}
