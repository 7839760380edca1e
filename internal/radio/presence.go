package radio

import (
	"encoding/json"
	"sort"
	"sync"
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
// two tabs counts once. It is kept by each instance; a shared store takes
// its place when there are several.
type Presence struct {
	Hub Hub

	mu sync.Mutex
	// station → connection → username
	tuned map[string]map[string]string
}

// NewPresence makes an empty presence publishing through hub.
func NewPresence(hub Hub) *Presence {
	return &Presence{Hub: hub, tuned: map[string]map[string]string{}}
}

// Join tunes a connection in, and tells everyone when the count changes.
func (p *Presence) Join(station, conn, user string) {
	p.mu.Lock()
	if p.tuned[station] == nil {
		p.tuned[station] = map[string]string{}
	}
	p.tuned[station][conn] = user
	msg := p.listenersLocked(station)
	p.mu.Unlock()
	p.publish(msg)
}

// Leave tunes a connection out of one station.
func (p *Presence) Leave(station, conn string) {
	p.mu.Lock()
	if _, ok := p.tuned[station][conn]; !ok {
		p.mu.Unlock()
		return
	}
	delete(p.tuned[station], conn)
	if len(p.tuned[station]) == 0 {
		delete(p.tuned, station)
	}
	msg := p.listenersLocked(station)
	p.mu.Unlock()
	p.publish(msg)
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
	sort.Strings(users)
	return Listeners{Type: "listeners", Station: station, Count: len(users), Users: users}
}

func (p *Presence) publish(msg Listeners) {
	b, err := json.Marshal(msg)
	if err != nil {
		return
	}
	p.Hub.Publish(TopicStation(msg.Station), b)
	p.Hub.Publish(TopicCounts, b)
}
