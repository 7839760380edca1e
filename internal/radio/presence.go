package radio

import (
	"encoding/json"
	"sort"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/supervise"
)

// Topics of the hub.
const (
	// TopicCounts carries every station's listener count, for the station list.
	TopicCounts = "radio:counts"
)

// TopicStation carries the changes of one station.
func TopicStation(id string) string { return "radio:station:" + id }

// Listeners is the message sent when who listens to a station changes.
type Listeners struct {
	Type    string   `json:"type"` // "listeners"
	Station string   `json:"station"`
	Count   int      `json:"count"`
	Users   []string `json:"users"`
}

// Presence tracks who is tuned in where, per connection: the same person in
// two tabs counts once. Each instance keeps its own; once connected to a
// hub shared between instances (Connect) it adds theirs.
//
// Changes are sent coalesced: many joins and leaves of a station within
// Every become one message with the last count, since four clients joining
// and leaving in a loop sent 830,000 messages to a thousand watchers.
type Presence struct {
	Hub Hub
	// Every is the least time between two updates; zero is 250 ms.
	Every time.Duration
	// After runs f once d has passed (time.AfterFunc); tests flush by hand.
	After func(d time.Duration, f func())
	// Supervisor keeps a message from another instance that makes its
	// handling panic from ending the handling of the ones after it.
	Supervisor *supervise.Supervisor

	mu sync.Mutex
	// station → connection → username
	tuned     map[string]map[string]string
	changed   map[string]bool
	sent      map[string]string // the last message of each station, to skip repeats
	scheduled bool

	cluster // the other instances' listeners, when there are any
}

// NewPresence makes an empty presence publishing through hub.
func NewPresence(hub Hub) *Presence {
	return &Presence{Hub: hub, tuned: map[string]map[string]string{}, changed: map[string]bool{}, sent: map[string]string{},
		After: func(d time.Duration, f func()) { time.AfterFunc(d, f) }}
}

// Join tunes a connection in.
func (p *Presence) Join(station, conn, user string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tuned[station] == nil {
		p.tuned[station] = map[string]string{}
	}
	p.tuned[station][conn] = user
	p.ownChanged = true
	p.changedLocked(station)
}

// Leave tunes a connection out of one station.
func (p *Presence) Leave(station, conn string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.tuned[station][conn]; !ok {
		return
	}
	delete(p.tuned[station], conn)
	if len(p.tuned[station]) == 0 {
		delete(p.tuned, station)
	}
	p.ownChanged = true
	p.changedLocked(station)
}

// changedLocked marks station for the next flush, scheduling one if none is.
func (p *Presence) changedLocked(station string) {
	p.changed[station] = true
	if !p.scheduled {
		p.scheduled = true
		every := p.Every
		if every <= 0 {
			every = 250 * time.Millisecond
		}
		p.After(every, p.Flush)
	}
}

// Flush sends the count of every station that changed since the last
// flush, unless it is what was sent last.
func (p *Presence) Flush() {
	p.mu.Lock()
	var msgs [][]byte
	var stations []string
	for station := range p.changed {
		b, err := json.Marshal(p.listenersLocked(station))
		if err != nil || p.sent[station] == string(b) {
			continue
		}
		p.sent[station] = string(b)
		msgs, stations = append(msgs, b), append(stations, station)
	}
	clear(p.changed)
	p.scheduled = false
	p.mu.Unlock()
	p.announce(false)
	for i, b := range msgs {
		p.Hub.Publish(TopicStation(stations[i]), b)
		p.Hub.Publish(TopicCounts, b)
	}
}

// LeaveAll tunes a closing connection out of everything.
func (p *Presence) LeaveAll(conn string) {
	p.mu.Lock()
	var stations []string
	for s, conns := range p.tuned {
		if _, ok := conns[conn]; ok {
			stations = append(stations, s)
		}
	}
	p.mu.Unlock()
	for _, s := range stations {
		p.Leave(s, conn)
	}
}

// Of returns who listens to a station now.
func (p *Presence) Of(station string) Listeners {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.listenersLocked(station)
}

func (p *Presence) listenersLocked(station string) Listeners {
	seen := map[string]bool{}
	users := []string{}
	for _, u := range p.tuned[station] {
		if !seen[u] {
			seen[u] = true
			users = append(users, u)
		}
	}
	for _, peer := range p.peers {
		for _, u := range peer.stations[station] {
			if !seen[u] {
				seen[u] = true
				users = append(users, u)
			}
		}
	}
	sort.Strings(users)
	return Listeners{Type: "listeners", Station: station, Count: len(users), Users: users}
}
