package radio

import (
	"sync"
)

// Hub carries live messages to whoever listens on a topic: in one process
// here; NATS or Redis pub/sub can implement it when instances multiply.
type Hub interface {
	Publish(topic string, msg []byte)
	// Subscribe returns a channel of the topic's messages; cancel closes it,
	// which ends whatever reads it.
	Subscribe(topic string) (msgs <-chan []byte, cancel func())
}

// LocalHub is the in-process Hub.
type LocalHub struct {
	mu   sync.Mutex
	subs map[string]map[chan []byte]struct{}
}

var _ Hub = (*LocalHub)(nil)

// NewLocalHub makes an empty hub.
func NewLocalHub() *LocalHub { return &LocalHub{subs: map[string]map[chan []byte]struct{}{}} }

// Publish sends msg to every subscriber; a subscriber whose queue is full
// misses it rather than slowing everyone (counts are re-sent on change).
func (h *LocalHub) Publish(topic string, msg []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[topic] {
		select {
		case ch <- msg:
		default:
		}
	}
}

func (h *LocalHub) Subscribe(topic string) (<-chan []byte, func()) {
	ch := make(chan []byte, 32)
	h.mu.Lock()
	if h.subs[topic] == nil {
		h.subs[topic] = map[chan []byte]struct{}{}
	}
	h.subs[topic][ch] = struct{}{}
	h.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.subs[topic], ch)
			if len(h.subs[topic]) == 0 {
				delete(h.subs, topic)
			}
			close(ch) // under the lock Publish sends under: nothing sends to it again
			h.mu.Unlock()
		})
	}
}
