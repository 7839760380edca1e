package nats

import (
	"encoding/base64"
	"sync"

	natsgo "github.com/nats-io/nats.go"
)

// Hub carries radio's live messages between instances (it is a radio.Hub;
// this package does not import radio). Like the in-process hub it drops a
// message for a subscriber whose queue is full: what it carries is re-sent.
type Hub struct{ c *Conn }

// Hub returns the live-message hub on this connection.
func (c *Conn) Hub() *Hub { return &Hub{c: c} }

// subject encodes a topic so that any topic is one subject token.
func (h *Hub) subject(topic string) string {
	return h.c.prefix + ".hub." + base64.RawURLEncoding.EncodeToString([]byte(topic))
}

// Publish sends msg to the subscribers of topic on every instance.
func (h *Hub) Publish(topic string, msg []byte) {
	if err := h.c.nc.Publish(h.subject(topic), msg); err != nil {
		h.c.logger.Warn("publishing a live message on NATS", "topic", topic, "err", err)
	}
}

// Subscribe returns the topic's messages; cancel closes the channel.
func (h *Hub) Subscribe(topic string) (<-chan []byte, func()) {
	ch := make(chan []byte, 64)
	var mu sync.Mutex
	closed := false
	sub, err := h.c.nc.Subscribe(h.subject(topic), func(m *natsgo.Msg) {
		mu.Lock()
		defer mu.Unlock()
		if closed {
			return
		}
		select {
		case ch <- m.Data:
		default:
		}
	})
	if err != nil {
		h.c.logger.Error("subscribing to a live topic on NATS", "topic", topic, "err", err)
	} else if err := h.c.flush(); err != nil {
		h.c.logger.Warn("subscribing to a live topic on NATS", "topic", topic, "err", err)
	}
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			if sub != nil {
				_ = sub.Unsubscribe()
			}
			mu.Lock()
			closed = true
			close(ch)
			mu.Unlock()
		})
	}
}
