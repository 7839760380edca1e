package radio

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/radio"
)

// wsMessage is every message of the live protocol, both ways.
//
//	→ {"type":"sync","id":1,"t0":client ms}      ← {"type":"sync","id":1,"t0":…,"t1":server receive ms,"t2":server send ms}
//	→ {"type":"join","station":id}              ← {"type":"state",…} and {"type":"listeners",…} on every change
//	→ {"type":"leave","station":id}
//	→ {"type":"watch"}                          ← {"type":"listeners",…} for every station
//	→ {"type":"jam","jam":id}                   ← {"type":"jam","jam":id,"version":n} on every change of a Jam one is in
//	→ {"type":"unjam","jam":id}
//	→ {"type":"device","device":id}             ← {"type":"devices"} when the user's devices change,
//	                                               {"type":"device_command","device":id,"command":{…}} for one of them;
//	                                               sent again every 10 s, it keeps the device online
type wsMessage struct {
	Type    string  `json:"type"`
	ID      int64   `json:"id,omitempty"`
	T0      float64 `json:"t0,omitempty"`
	T1      float64 `json:"t1,omitempty"`
	T2      float64 `json:"t2,omitempty"`
	Station string  `json:"station,omitempty"`
	Jam     string  `json:"jam,omitempty"`
	Device  string  `json:"device,omitempty"`
	Message string  `json:"message,omitempty"`
}

// wsState tells a joining client where the station is, on the server's clock.
type wsState struct {
	Type       string  `json:"type"` // "state"
	Station    string  `json:"station"`
	Start      float64 `json:"start"`     // ms: the first start
	LoopStart  float64 `json:"loopStart"` // ms: the current loop's start
	Duration   float64 `json:"duration"`  // seconds
	ServerTime float64 `json:"serverTime"`
}

// handleWS is the live connection: clock sync and who listens where.
// Same-origin only (the library checks Origin against Host), signed in only;
// a few connections per user, each closed if it sends too many messages.
func (s *API) handleWS(w http.ResponseWriter, r *http.Request) error {
	me := platform.UserOf(r)
	release, err := s.holdLive(me.ID)
	if err != nil {
		return err
	}
	defer release()
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return nil // Accept has answered
	}
	defer conn.CloseNow()
	conn.SetReadLimit(4096)
	messages := s.messageBucket()
	id := musicify.NewID()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer s.Presence.LeaveAll(id)

	out := make(chan []byte, 64)
	var subsMu sync.Mutex
	subs := map[string]func(){}
	defer func() {
		subsMu.Lock()
		for _, stop := range subs {
			stop()
		}
		subsMu.Unlock()
	}()
	subscribe := func(hub radio.Hub, topic string) {
		subsMu.Lock()
		defer subsMu.Unlock()
		if subs[topic] != nil {
			return
		}
		msgs, stop := hub.Subscribe(topic)
		subs[topic] = stop
		go func() {
			defer s.Supervisor.Recover("ws")
			for {
				select {
				case <-ctx.Done():
					return
				case m, ok := <-msgs:
					if !ok {
						return
					}
					select {
					case out <- m:
					default: // a client too slow to read misses an update
					}
				}
			}
		}()
	}
	unsubscribe := func(topic string) {
		subsMu.Lock()
		defer subsMu.Unlock()
		if stop := subs[topic]; stop != nil {
			stop()
			delete(subs, topic)
		}
	}
	jams := map[string]string{}     // the Jams followed: id → topic
	device, detach := "", func() {} // the device this connection keeps online
	defer func() { detach() }()
	shared := s.Shared
	if shared == nil {
		shared = s.Hub
	}
	send := func(v any) {
		if b, err := json.Marshal(v); err == nil {
			select {
			case out <- b:
			case <-ctx.Done():
			}
		}
	}

	go func() { // the writer: one goroutine owns writes
		defer cancel()
		defer s.Supervisor.Recover("ws")
		for {
			select {
			case <-ctx.Done():
				return
			case b := <-out:
				wctx, done := context.WithTimeout(ctx, 10*time.Second)
				err := conn.Write(wctx, websocket.MessageText, b)
				done()
				if err != nil {
					return
				}
			}
		}
	}()

	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return nil
		}
		received := s.P.Time()
		if !messages.take(received) {
			conn.Close(websocket.StatusPolicyViolation, "Too many messages; slow down.")
			return nil
		}
		var m wsMessage
		if err := json.Unmarshal(data, &m); err != nil {
			send(wsMessage{Type: "error", Message: "Messages must be JSON."})
			continue
		}
		switch m.Type {
		case "sync":
			// t1 and t2 are the server's receive and send times: the client
			// takes the round trip with the least delay (NTP's way).
			send(wsMessage{Type: "sync", ID: m.ID, T0: m.T0, T1: millis(received), T2: millis(s.P.Time())})
		case "join":
			st, err := s.Radio.Store.Station(ctx, m.Station)
			if err != nil {
				send(wsMessage{Type: "error", Station: m.Station, Message: musicify.ErrorMessage(err)})
				continue
			}
			subscribe(s.Hub, radio.TopicStation(st.ID))
			now := s.P.Time()
			at := radio.At(st.Start, time.Duration(st.Duration*float64(time.Second)), now)
			send(wsState{Type: "state", Station: st.ID, Start: millis(st.Start), LoopStart: millis(at.LoopStart),
				Duration: st.Duration, ServerTime: millis(now)})
			s.Presence.Join(st.ID, id, me.Username)
			send(s.Presence.Of(st.ID)) // others hear of it at the next flush
		case "leave":
			s.Presence.Leave(m.Station, id)
			unsubscribe(radio.TopicStation(m.Station))
		case "watch":
			subscribe(s.Hub, radio.TopicCounts)
		case "unjam":
			if topic, ok := jams[m.Jam]; ok {
				unsubscribe(topic)
				delete(jams, m.Jam)
			}
		case "jam":
			if s.FollowJam == nil {
				send(wsMessage{Type: "error", Jam: m.Jam, Message: "Jams are not available on this server."})
				continue
			}
			topic, err := s.FollowJam(ctx, me.ID, m.Jam)
			if err != nil {
				send(wsMessage{Type: "error", Jam: m.Jam, Message: musicify.ErrorMessage(err)})
				continue
			}
			jams[m.Jam] = topic
			subscribe(shared, topic)
		case "device":
			if s.Devices == nil {
				send(wsMessage{Type: "error", Device: m.Device, Message: "Devices are not available on this server."})
				continue
			}
			if m.Device == device {
				if err := s.Devices.Beat(ctx, me.ID, device); err != nil {
					send(wsMessage{Type: "error", Device: m.Device, Message: musicify.ErrorMessage(err)})
				}
				continue
			}
			topic, leave, err := s.Devices.Attach(ctx, me.ID, m.Device)
			if err != nil {
				send(wsMessage{Type: "error", Device: m.Device, Message: musicify.ErrorMessage(err)})
				continue
			}
			detach()
			device, detach = m.Device, leave
			subscribe(shared, topic)
			send(wsMessage{Type: "devices"}) // what changed before the subscription
		default:
			send(wsMessage{Type: "error", Message: "Unknown message type."})
		}
	}
}
