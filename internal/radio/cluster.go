package radio

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// TopicPeers carries each instance's own listeners to the other instances.
const TopicPeers = "radio:peers"

// cluster is what Presence knows of the other instances. Each announces
// its whole own state (station → users) on change and as a heartbeat;
// each counts the union of everyone's users, so one person on two
// instances still counts once, and forgets an instance not heard from
// within TTL, so a crashed instance's listeners vanish.
type cluster struct {
	// TTL is how long an instance's listeners count without a word from
	// it; zero is 15 s. Heartbeat announces at a third of it.
	TTL time.Duration
	// Now is the clock peers' last words are stamped with; nil is time.Now.
	Now func() time.Time

	announcing sync.Mutex // held from building an announcement to sending it: they leave in order
	shared     Hub        // nil: this instance is alone
	instance   string
	ownChanged bool
	peers      map[string]peer
}

type peer struct {
	stations map[string][]string
	seen     time.Time
}

type announcement struct {
	Instance string              `json:"instance"`
	Stations map[string][]string `json:"stations"`
	Bye      bool                `json:"bye,omitempty"`
}

// Connect shares this instance's listeners with the others through the
// hub they share, under a name unique to this instance. stop says goodbye,
// so the others drop its listeners at once.
func (p *Presence) Connect(shared Hub, instance string) (stop func()) {
	msgs, cancel := shared.Subscribe(TopicPeers)
	p.mu.Lock()
	p.shared, p.instance, p.peers = shared, instance, map[string]peer{}
	p.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range msgs {
			_ = p.Supervisor.Do("radio.peers", func() error {
				p.receive(m)
				return nil
			})
		}
	}()
	p.announce(true)
	return sync.OnceFunc(func() {
		cancel()
		<-done
		p.announcing.Lock()
		defer p.announcing.Unlock()
		p.mu.Lock()
		for _, peer := range p.peers {
			p.peerChangedLocked(peer.stations)
		}
		p.shared, p.peers = nil, nil
		p.mu.Unlock()
		if b, err := json.Marshal(announcement{Instance: instance, Bye: true}); err == nil {
			shared.Publish(TopicPeers, b)
		}
	})
}

// Heartbeat calls Beat every third of TTL until ctx ends.
func (p *Presence) Heartbeat(ctx context.Context) {
	t := time.NewTicker(p.ttl() / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.Beat()
		}
	}
}

// Beat tells the others this instance lives, and forgets those that have
// not said so within TTL.
func (p *Presence) Beat() {
	p.mu.Lock()
	cutoff := p.now().Add(-p.ttl())
	for id, peer := range p.peers {
		if peer.seen.Before(cutoff) {
			delete(p.peers, id)
			p.peerChangedLocked(peer.stations)
		}
	}
	p.mu.Unlock()
	p.announce(true)
}

// receive takes another instance's announcement; one never heard of is
// answered at once, so a new instance learns the counts without waiting
// for heartbeats.
func (p *Presence) receive(msg []byte) {
	var a announcement
	if json.Unmarshal(msg, &a) != nil || a.Instance == "" {
		return
	}
	p.mu.Lock()
	if p.shared == nil || a.Instance == p.instance {
		p.mu.Unlock()
		return
	}
	old, known := p.peers[a.Instance]
	p.peerChangedLocked(old.stations)
	p.peerChangedLocked(a.Stations)
	if a.Bye {
		delete(p.peers, a.Instance)
	} else {
		p.peers[a.Instance] = peer{stations: a.Stations, seen: p.now()}
	}
	p.mu.Unlock()
	if !known && !a.Bye {
		p.announce(true)
	}
}

func (p *Presence) peerChangedLocked(stations map[string][]string) {
	for s := range stations {
		p.changedLocked(s)
	}
}

// announce sends this instance's state to the others: always when force,
// else only when it changed since the last time.
func (p *Presence) announce(force bool) {
	p.announcing.Lock()
	defer p.announcing.Unlock()
	p.mu.Lock()
	shared := p.shared
	if shared == nil || !(force || p.ownChanged) {
		p.mu.Unlock()
		return
	}
	p.ownChanged = false
	a := announcement{Instance: p.instance, Stations: map[string][]string{}}
	for station, conns := range p.tuned {
		seen := map[string]bool{}
		for _, u := range conns {
			if !seen[u] {
				seen[u] = true
				a.Stations[station] = append(a.Stations[station], u)
			}
		}
	}
	p.mu.Unlock()
	if b, err := json.Marshal(a); err == nil {
		shared.Publish(TopicPeers, b)
	}
}

func (p *Presence) ttl() time.Duration {
	if p.TTL <= 0 {
		return 15 * time.Second
	}
	return p.TTL
}

func (p *Presence) now() time.Time {
	if p.Now == nil {
		return time.Now()
	}
	return p.Now()
}
