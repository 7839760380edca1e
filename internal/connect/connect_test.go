package connect_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testclock"
)

// hub keeps what was published, by topic.
type hub struct {
	mu   sync.Mutex
	msgs map[string][]string
}

func (h *hub) Publish(topic string, msg []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.msgs[topic] = append(h.msgs[topic], string(msg))
}

func (h *hub) last(topic string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if l := h.msgs[topic]; len(l) > 0 {
		return l[len(l)-1]
	}
	return ""
}

type world struct {
	t      *testing.T
	ctx    context.Context
	clock  *testclock.Clock
	hub    *hub
	a, b   *connect.Service // two instances over one database
	ana    string
	benjie string
}

func newWorld(t *testing.T) *world {
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "connect.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	w := &world{t: t, ctx: ctx, clock: testclock.New(time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)), hub: &hub{msgs: map[string][]string{}}}
	for _, name := range []string{"ana", "benjie"} {
		u := &musicify.User{Username: name, Email: name + "@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if name == "ana" {
			w.ana = u.ID
		} else {
			w.benjie = u.ID
		}
	}
	w.a = &connect.Service{Store: db, Hub: w.hub, Now: w.clock.Now}
	w.b = &connect.Service{Store: db, Hub: w.hub, Now: w.clock.Now}
	return w
}

func (w *world) register(s *connect.Service, user, id, name string) *musicify.Device {
	w.t.Helper()
	d, err := s.Register(w.ctx, user, id, name)
	if err != nil {
		w.t.Fatal(err)
	}
	return d
}

func code(err error) string { return musicify.ErrorCode(err) }

func TestADeviceIsRegisteredOnceAndAnotherAccountNeverSeesIt(t *testing.T) {
	w := newWorld(t)
	laptop := w.register(w.a, w.ana, "", "  Firefox   on Ubuntu ")
	if laptop.Name != "Firefox on Ubuntu" {
		t.Fatalf("name %q, want spaces tidied", laptop.Name)
	}
	// the same browser again, on the other instance: the same device
	if again := w.register(w.b, w.ana, laptop.ID, "ignored"); again.ID != laptop.ID || again.Name != "Firefox on Ubuntu" {
		t.Fatalf("registered again: %+v", again)
	}
	// a second browser of the same kind gets a name of its own
	if twin := w.register(w.b, w.ana, "", "Firefox on Ubuntu"); twin.Name != "Firefox on Ubuntu (2)" {
		t.Fatalf("the second Firefox is %q", twin.Name)
	}
	// someone else signs in on that browser: a device of their own
	theirs := w.register(w.a, w.benjie, laptop.ID, "")
	if theirs.ID == laptop.ID || theirs.Name != "Web browser" {
		t.Fatalf("benjie got %+v", theirs)
	}
	list, err := w.a.List(w.ctx, w.benjie)
	if err != nil || len(list) != 1 || list[0].ID != theirs.ID {
		t.Fatalf("benjie's devices: %v %v", list, err)
	}
	// benjie can neither rename, remove, report on, command nor attach ana's laptop
	if err := w.a.Rename(w.ctx, w.benjie, laptop.ID, "mine"); code(err) != musicify.ENOTFOUND {
		t.Fatalf("rename another's device: %v", err)
	}
	if err := w.a.Forget(w.ctx, w.benjie, laptop.ID); code(err) != musicify.ENOTFOUND {
		t.Fatalf("remove another's device: %v", err)
	}
	if err := w.a.Report(w.ctx, w.benjie, laptop.ID, musicify.DeviceState{Index: -1}); code(err) != musicify.ENOTFOUND {
		t.Fatalf("report on another's device: %v", err)
	}
	if err := w.a.Send(w.ctx, w.benjie, laptop.ID, connect.Command{Type: connect.CmdPause}); code(err) != musicify.ENOTFOUND {
		t.Fatalf("command another's device: %v", err)
	}
	if _, _, err := w.a.Attach(w.ctx, w.benjie, laptop.ID); code(err) != musicify.ENOTFOUND {
		t.Fatalf("attach to another's device: %v", err)
	}
	if err := w.a.SetJukebox(w.ctx, w.benjie, laptop.ID); code(err) != musicify.ENOTFOUND {
		t.Fatalf("jukebox on another's device: %v", err)
	}
	if strings.Contains(w.hub.last(connect.Topic(w.benjie)), laptop.ID) {
		t.Fatal("ana's device was announced to benjie")
	}
}

func TestADeviceIsOnlineWhileItsConnectionBeats(t *testing.T) {
	w := newWorld(t)
	d := w.register(w.a, w.ana, "", "Kitchen")
	if connect.Online(d, w.clock.Now()) {
		t.Fatal("a device is online before its live connection attaches it")
	}
	topic, detach, err := w.a.Attach(w.ctx, w.ana, d.ID)
	if err != nil || topic != connect.Topic(w.ana) {
		t.Fatalf("attach: %q %v", topic, err)
	}
	online := func() bool {
		list, err := w.b.List(w.ctx, w.ana)
		if err != nil {
			t.Fatal(err)
		}
		return connect.Online(list[0], w.clock.Now())
	}
	for range 5 { // heartbeats keep it online well past OnlineFor
		w.clock.Advance(connect.Heartbeat)
		if err := w.a.Beat(w.ctx, w.ana, d.ID); err != nil {
			t.Fatal(err)
		}
	}
	if !online() {
		t.Fatal("a beating device is offline")
	}
	w.clock.Advance(connect.OnlineFor) // its browser froze: no beats
	if online() {
		t.Fatal("a silent device is still online")
	}
	if err := w.a.Beat(w.ctx, w.ana, d.ID); err != nil || !online() {
		t.Fatalf("a beat brings it back: %v", err)
	}
	detach()
	if online() {
		t.Fatal("a closed connection leaves the device online")
	}
	if err := w.b.Send(w.ctx, w.ana, d.ID, connect.Command{Type: connect.CmdPlay}); code(err) != musicify.ECONFLICT ||
		!strings.Contains(musicify.ErrorMessage(err), "Kitchen") {
		t.Fatalf("a command for an offline device: %v", err)
	}
}

func TestCommandsReachTheDeviceWithTheStateToTakeOver(t *testing.T) {
	w := newWorld(t)
	laptop := w.register(w.a, w.ana, "", "Laptop")
	kitchen := w.register(w.b, w.ana, "", "Kitchen")
	if _, _, err := w.b.Attach(w.ctx, w.ana, kitchen.ID); err != nil {
		t.Fatal(err)
	}
	st := musicify.DeviceState{Queue: []string{"s1", "s2", "s3"}, Index: 1, Playing: true, Position: 42.5, Shuffle: true, Repeat: "all", Volume: 70}
	if err := w.a.Report(w.ctx, w.ana, laptop.ID, st); err != nil {
		t.Fatal(err)
	}
	list, _ := w.b.List(w.ctx, w.ana)
	i := slices.IndexFunc(list, func(d *musicify.Device) bool { return d.ID == laptop.ID })
	if got := list[i].State; got.Index != 1 || got.Position != 42.5 || !got.At.Equal(w.clock.Now()) || got.Volume != 70 {
		t.Fatalf("the laptop's state as the other instance reads it: %+v", got)
	}
	w.clock.Advance(2 * time.Second)
	if err := w.b.Send(w.ctx, w.ana, kitchen.ID, connect.Command{Type: connect.CmdTake, State: &st, From: laptop.ID}); err != nil {
		t.Fatal(err)
	}
	var msg struct {
		Type    string          `json:"type"`
		Device  string          `json:"device"`
		Command connect.Command `json:"command"`
	}
	if err := json.Unmarshal([]byte(w.hub.last(connect.Topic(w.ana))), &msg); err != nil {
		t.Fatal(err)
	}
	c := msg.Command
	if msg.Type != "device_command" || msg.Device != kitchen.ID || c.Type != connect.CmdTake || c.From != laptop.ID ||
		c.State == nil || c.State.Position != 42.5 || !c.State.At.Equal(w.clock.Now()) || c.State.Repeat != "all" || !c.State.Shuffle {
		t.Fatalf("published %+v (state %+v)", msg, c.State)
	}
}

func TestBadCommandsAndStatesAreRefusedWithTheirField(t *testing.T) {
	w := newWorld(t)
	d := w.register(w.a, w.ana, "", "Phone")
	vol, neg, idx := 101, -1.0, -2
	for _, tc := range []struct {
		c     connect.Command
		field string
	}{
		{connect.Command{Type: "explode"}, "type"},
		{connect.Command{Type: connect.CmdVolume, Volume: &vol}, "volume"},
		{connect.Command{Type: connect.CmdSeek, Position: &neg}, "position"},
		{connect.Command{Type: connect.CmdSeek}, "position"},
		{connect.Command{Type: connect.CmdRepeat, Mode: "twice"}, "mode"},
		{connect.Command{Type: connect.CmdShuffle}, "on"},
		{connect.Command{Type: connect.CmdAdd}, "songs"},
		{connect.Command{Type: connect.CmdRemove, Index: &idx}, "index"},
		{connect.Command{Type: connect.CmdTake}, "state"},
		{connect.Command{Type: connect.CmdTake, State: &musicify.DeviceState{Queue: []string{"a"}, Index: 1}}, "index"},
	} {
		err := w.a.Send(w.ctx, w.ana, d.ID, tc.c)
		var e *musicify.Error
		if code(err) != musicify.EINVALID || !asError(err, &e) || e.Field != tc.field {
			t.Errorf("%+v: %v, want invalid %s", tc.c, err, tc.field)
		}
	}
	long := make([]string, musicify.DeviceMaxQueue+1)
	for i := range long {
		long[i] = "s"
	}
	for _, st := range []musicify.DeviceState{{Queue: long, Index: 0}, {Index: 0}, {Index: -1, Volume: 200}, {Index: -1, Repeat: "sometimes"}} {
		if err := w.a.Report(w.ctx, w.ana, d.ID, st); code(err) != musicify.EINVALID {
			t.Errorf("state %d songs, index %d, volume %d, repeat %q: %v", len(st.Queue), st.Index, st.Volume, st.Repeat, err)
		}
	}
	if _, err := w.a.Register(w.ctx, w.ana, "", strings.Repeat("n", musicify.DeviceMaxName+1)); code(err) != musicify.EINVALID {
		t.Fatalf("a long name: %v", err)
	}
	if err := w.a.Rename(w.ctx, w.ana, d.ID, "   "); code(err) != musicify.EINVALID {
		t.Fatalf("an empty name: %v", err)
	}
}

func TestOneJukeboxAndABoundOnDevices(t *testing.T) {
	w := newWorld(t)
	var ids []string
	for range musicify.DeviceMaxPerUser {
		d := w.register(w.a, w.ana, "", "Browser")
		ids = append(ids, d.ID)
		if _, _, err := w.a.Attach(w.ctx, w.ana, d.ID); err != nil {
			t.Fatal(err)
		}
		w.clock.Advance(time.Second)
	}
	for _, id := range ids[:2] {
		if err := w.a.SetJukebox(w.ctx, w.ana, id); err != nil {
			t.Fatal(err)
		}
	}
	list, _ := w.a.List(w.ctx, w.ana)
	var jukeboxes []string
	for _, d := range list {
		if d.Jukebox {
			jukeboxes = append(jukeboxes, d.ID)
		}
	}
	if len(jukeboxes) != 1 || jukeboxes[0] != ids[1] {
		t.Fatalf("jukeboxes %v, want only %s", jukeboxes, ids[1])
	}
	// A browser whose storage was cleared comes back as a new device: the
	// one seen longest ago makes room, and the person is never locked out.
	fresh := w.register(w.a, w.ana, "", "Cleared browser")
	list, _ = w.a.List(w.ctx, w.ana)
	if len(list) != musicify.DeviceMaxPerUser || slices.ContainsFunc(list, func(d *musicify.Device) bool { return d.ID == ids[0] }) ||
		!slices.ContainsFunc(list, func(d *musicify.Device) bool { return d.ID == fresh.ID }) {
		t.Fatalf("after the bound: %d devices, the oldest still there or the new one missing", len(list))
	}
}

func asError(err error, target **musicify.Error) bool { return errors.As(err, target) }
