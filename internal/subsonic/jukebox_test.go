package subsonic_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/subsonic/subsonictest"
)

// deviceHub keeps the commands published for devices, by user.
type deviceHub struct {
	mu   sync.Mutex
	sent map[string][]sentCommand // by topic
}

type sentCommand struct {
	Device  string          `json:"device"`
	Command connect.Command `json:"command"`
}

func (h *deviceHub) Publish(topic string, msg []byte) {
	var m struct {
		Type string `json:"type"`
		sentCommand
	}
	if json.Unmarshal(msg, &m) != nil || m.Type != "device_command" {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sent[topic] = append(h.sent[topic], m.sentCommand)
}

// take returns and forgets the commands sent to a user's devices.
func (h *deviceHub) take(userID string) []sentCommand {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := h.sent[connect.Topic(userID)]
	delete(h.sent, connect.Topic(userID))
	return out
}

// jukebox gives the server devices on the test's store and clock, as
// app.go gives it the web API's.
func (e *env) jukebox() (*connect.Service, *deviceHub) {
	hub := &deviceHub{sent: map[string][]sentCommand{}}
	svc := &connect.Service{Store: e.DB, Hub: hub, Now: e.Clock.Now}
	e.Subsonic.Devices = svc
	return svc, hub
}

// device registers a device of the user and opens its live connection.
func (e *env) device(svc *connect.Service, u *musicify.User, name string) *musicify.Device {
	e.t.Helper()
	d, err := svc.Register(e.ctx, u.ID, "", name)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, _, err := svc.Attach(e.ctx, u.ID, d.ID); err != nil {
		e.t.Fatal(err)
	}
	return d
}

func jukeboxStatusOf(t *testing.T, a answer) map[string]any {
	t.Helper()
	st, ok := a.Res["jukeboxStatus"].(map[string]any)
	if !ok {
		t.Fatalf("no jukeboxStatus: %s", a.Body)
	}
	return st
}

func TestTheJukeboxPlaysOnTheCallersDevice(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	svc, hub := e.jukebox()
	laptop := e.device(svc, ann, "Laptop")
	h0, h1, h2, glass := lib.harbor[0].ID, lib.harbor[1].ID, lib.harbor[2].ID, lib.single.ID
	// A song no longer in the library is in the device's queue: apps never
	// see it, and the places they send are the device's places of the songs
	// they see.
	st := musicify.DeviceState{Queue: []string{h0, "gone", h2, glass}, Index: 2, Playing: true, Position: 3, Repeat: "off", Volume: 70}
	if err := svc.Report(e.ctx, ann.ID, laptop.ID, st); err != nil {
		t.Fatal(err)
	}
	e.Clock.Advance(4 * time.Second)
	call := func(params ...string) answer {
		t.Helper()
		return e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", append([]string{"f", "json"}, params...)...))
	}
	want := map[string]any{"currentIndex": 1.0, "playing": true, "gain": 0.7, "position": 7.0}
	if got := jukeboxStatusOf(t, call("action", "status")); !reflect.DeepEqual(got, want) {
		t.Fatalf("status %v, want %v", got, want)
	}
	a := call("action", "get")
	pl, _ := a.Res["jukeboxPlaylist"].(map[string]any)
	entries, _ := pl["entry"].([]any)
	var ids []string
	for _, en := range entries {
		ids = append(ids, en.(map[string]any)["id"].(string))
	}
	if strings.Join(ids, ",") != strings.Join([]string{h0, h2, glass}, ",") || pl["currentIndex"] != 1.0 || pl["gain"] != 0.7 ||
		pl["position"] != 7.0 || entries[1].(map[string]any)["title"] != "Undertow" {
		t.Fatalf("get: %s", a.Body)
	}
	// Playing on, the position stops at the song's end (12 s) until the
	// device says what it plays next.
	e.Clock.Advance(20 * time.Second)
	if got := jukeboxStatusOf(t, call("action", "status")); got["position"] != 12.0 {
		t.Fatalf("status past the song's end: %v", got)
	}
	if n := len(hub.take(ann.ID)); n != 0 {
		t.Fatalf("status and get sent %d commands", n)
	}

	three, zero, on := 3, 0, true
	thirty := 30.0
	for _, tc := range []struct {
		params []string
		want   connect.Command
	}{
		{[]string{"action", "start"}, connect.Command{Type: connect.CmdPlay}},
		{[]string{"action", "stop"}, connect.Command{Type: connect.CmdPause}},
		{[]string{"action", "skip", "index", "2", "offset", "30"}, connect.Command{Type: connect.CmdJump, Index: &three, Position: &thirty}},
		{[]string{"action", "skip", "index", "0"}, connect.Command{Type: connect.CmdJump, Index: &zero, Position: new(float64)}},
		{[]string{"action", "add", "id", h1, "id", h1}, connect.Command{Type: connect.CmdAdd, Songs: []string{h1, h1}}},
		{[]string{"action", "set", "id", glass, "id", h0}, connect.Command{Type: connect.CmdSet, Songs: []string{glass, h0}}},
		{[]string{"action", "set"}, connect.Command{Type: connect.CmdSet}},
		{[]string{"action", "clear"}, connect.Command{Type: connect.CmdClear}},
		{[]string{"action", "remove", "index", "2"}, connect.Command{Type: connect.CmdRemove, Index: &three}},
		{[]string{"action", "shuffle"}, connect.Command{Type: connect.CmdShuffle, On: &on}},
		{[]string{"action", "setGain", "gain", "0.456"}, connect.Command{Type: connect.CmdVolume, Volume: intp(46)}},
		{[]string{"action", "setGain", "gain", "1"}, connect.Command{Type: connect.CmdVolume, Volume: intp(100)}},
		{[]string{"action", "setGain", "gain", "0"}, connect.Command{Type: connect.CmdVolume, Volume: intp(0)}},
	} {
		a := call(tc.params...)
		// The answer is the state as last reported: the device carries the
		// command out on its own, and apps poll status.
		if got := jukeboxStatusOf(t, a); got["currentIndex"] != 1.0 || got["gain"] != 0.7 {
			t.Errorf("%v: %s", tc.params, a.Body)
		}
		sent := hub.take(ann.ID)
		if len(sent) != 1 || sent[0].Device != laptop.ID || !reflect.DeepEqual(sent[0].Command, tc.want) {
			t.Errorf("%v sent %+v, want %+v", tc.params, sent, tc.want)
		}
	}

	// The same in XML, as the Subsonic schema has it.
	a = e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", "action", "get"))
	body := string(a.Body)
	if err := subsonictest.CheckXMLResponse("jukeboxControl", a.Body); err != nil {
		t.Error(err)
	}
	if !strings.Contains(body, `<jukeboxPlaylist currentIndex="1" playing="true" gain="0.7" position="12">`) ||
		strings.Count(body, "<entry ") != 3 || !strings.Contains(body, `<entry id="`+h2+`"`) {
		t.Fatalf("get in XML: %s", body)
	}
	a = e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", "action", "stop"))
	if err := subsonictest.CheckXMLResponse("jukeboxControl", a.Body); err != nil {
		t.Error(err)
	}
	if !strings.Contains(string(a.Body), `<jukeboxStatus currentIndex="1" playing="true" gain="0.7" position="12"></jukeboxStatus>`) {
		t.Fatalf("stop in XML: %s", a.Body)
	}
	hub.take(ann.ID)

	// A device that never reported: an empty playlist, nothing chosen.
	if err := svc.Report(e.ctx, ann.ID, laptop.ID, musicify.DeviceState{Index: -1, Volume: 100}); err != nil {
		t.Fatal(err)
	}
	want = map[string]any{"currentIndex": -1.0, "playing": false, "gain": 1.0, "position": 0.0}
	if got := jukeboxStatusOf(t, call("action", "status")); !reflect.DeepEqual(got, want) {
		t.Fatalf("an empty jukebox: %v, want %v", got, want)
	}
	if a := call("action", "get"); !reflect.DeepEqual(a.Res["jukeboxPlaylist"].(map[string]any)["entry"], []any{}) {
		t.Fatalf("get of an empty jukebox: %s", a.Body)
	}
}

func intp(n int) *int { return &n }

func TestTheJukeboxIsTheChosenDeviceElseTheOneUsedLast(t *testing.T) {
	e := newEnv(t, nil)
	e.library()
	ann := e.user("ann", "pw")
	svc, hub := e.jukebox()
	laptop := e.device(svc, ann, "Laptop")
	kitchen := e.device(svc, ann, "Kitchen")
	beat := func() {
		t.Helper()
		for _, d := range []*musicify.Device{laptop, kitchen} {
			if err := svc.Beat(e.ctx, ann.ID, d.ID); err != nil {
				t.Fatal(err)
			}
			e.Clock.Advance(time.Second)
		}
	}
	report := func(d *musicify.Device, volume int) {
		t.Helper()
		if err := svc.Report(e.ctx, ann.ID, d.ID, musicify.DeviceState{Index: -1, Volume: volume}); err != nil {
			t.Fatal(err)
		}
	}
	target := func() string {
		t.Helper()
		a := e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", "f", "json", "action", "start"))
		sent := hub.take(ann.ID)
		if a.Res["status"] != "ok" || len(sent) != 1 {
			t.Fatalf("start: %s, sent %v", a.Body, sent)
		}
		return sent[0].Device
	}
	report(kitchen, 40)
	e.Clock.Advance(time.Second)
	report(laptop, 60)
	e.Clock.Advance(time.Second)
	beat() // both beat; the kitchen last
	if got := target(); got != laptop.ID {
		t.Fatalf("the jukebox is %s, want the laptop, which reported last", got)
	}
	if err := svc.SetJukebox(e.ctx, ann.ID, kitchen.ID); err != nil {
		t.Fatal(err)
	}
	if got := target(); got != kitchen.ID {
		t.Fatalf("the jukebox is %s, want the kitchen, chosen in the web app", got)
	}
	// The kitchen goes quiet: the laptop stands in while it is offline.
	e.Clock.Advance(connect.Heartbeat)
	if err := svc.Beat(e.ctx, ann.ID, laptop.ID); err != nil {
		t.Fatal(err)
	}
	e.Clock.Advance(connect.OnlineFor - connect.Heartbeat)
	if got := target(); got != laptop.ID {
		t.Fatalf("with the chosen one offline the jukebox is %s, want the laptop", got)
	}
}

func TestTheJukeboxNeedsADeviceOfTheCallersOwnOnline(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	bob := e.user("bob", "pw")
	svc, hub := e.jukebox()
	noDevice := func(what string) {
		t.Helper()
		for _, action := range []string{"status", "get", "start", "setGain"} {
			a := e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", "f", "json", "action", action, "gain", "0.5"))
			msg, _ := a.Res["error"].(map[string]any)["message"].(string)
			if a.errorCode() != 0 || !strings.Contains(msg, "No device of yours is online") || !strings.Contains(msg, "open Musicify in a browser") {
				t.Fatalf("%s, %s: %s", what, action, a.Body)
			}
		}
	}
	noDevice("no device")
	// Bob's device plays; Ann never reaches it.
	bobs := e.device(svc, bob, "Bob's laptop")
	if err := svc.SetJukebox(e.ctx, bob.ID, bobs.ID); err != nil {
		t.Fatal(err)
	}
	if err := svc.Report(e.ctx, bob.ID, bobs.ID, musicify.DeviceState{Queue: []string{lib.single.ID}, Index: 0, Playing: true, Volume: 80}); err != nil {
		t.Fatal(err)
	}
	noDevice("only another user's device online")
	// Ann's device registered but its connection never opened, then one
	// that left.
	if _, err := svc.Register(e.ctx, ann.ID, "", "Phone"); err != nil {
		t.Fatal(err)
	}
	noDevice("a device never attached")
	d, err := svc.Register(e.ctx, ann.ID, "", "Laptop")
	if err != nil {
		t.Fatal(err)
	}
	_, detach, err := svc.Attach(e.ctx, ann.ID, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	detach()
	noDevice("a device that left")
	if _, _, err := svc.Attach(e.ctx, ann.ID, d.ID); err != nil {
		t.Fatal(err)
	}
	e.Clock.Advance(connect.OnlineFor)
	noDevice("a device that stopped beating")
	if sent := hub.take(bob.ID); len(sent) != 0 {
		t.Fatalf("ann's calls reached bob's devices: %v", sent)
	}
	if sent := hub.take(ann.ID); len(sent) != 0 {
		t.Fatalf("commands for an offline jukebox: %v", sent)
	}
	// Bob's own calls reach his, while it beats.
	if err := svc.Beat(e.ctx, bob.ID, bobs.ID); err != nil {
		t.Fatal(err)
	}
	a := e.raw(http.MethodGet, "jukeboxControl", creds("bob", "pw", "f", "json", "action", "stop"))
	if sent := hub.take(bob.ID); a.Res["status"] != "ok" || len(sent) != 1 || sent[0].Device != bobs.ID {
		t.Fatalf("bob's stop: %s, sent %v", a.Body, sent)
	}
}

func TestJukeboxMistakesGetCodes(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	svc, hub := e.jukebox()
	d := e.device(svc, ann, "Laptop")
	if err := svc.Report(e.ctx, ann.ID, d.ID, musicify.DeviceState{Queue: []string{lib.single.ID, lib.harbor[0].ID}, Index: 0, Volume: 50}); err != nil {
		t.Fatal(err)
	}
	many := []string{"action", "add"}
	for range 501 {
		many = append(many, "id", lib.single.ID)
	}
	for name, tc := range map[string]struct {
		params []string
		code   int
	}{
		"no action":          {nil, 10},
		"unknown action":     {[]string{"action", "eject"}, 0},
		"skip without index": {[]string{"action", "skip"}, 10},
		"skip past the end":  {[]string{"action", "skip", "index", "2"}, 0},
		"skip before 0":      {[]string{"action", "skip", "index", "-1"}, 0},
		"skip to words":      {[]string{"action", "skip", "index", "next"}, 0},
		"negative offset":    {[]string{"action", "skip", "index", "1", "offset", "-5"}, 0},
		"remove no index":    {[]string{"action", "remove"}, 10},
		"remove past end":    {[]string{"action", "remove", "index", "9"}, 0},
		"add nothing":        {[]string{"action", "add"}, 10},
		"add unknown song":   {[]string{"action", "add", "id", lib.single.ID, "id", "nope"}, 70},
		"set unknown song":   {[]string{"action", "set", "id", "nope"}, 70},
		"add too many":       {many, 0},
		"no gain":            {[]string{"action", "setGain"}, 10},
		"gain above 1":       {[]string{"action", "setGain", "gain", "1.5"}, 0},
		"gain below 0":       {[]string{"action", "setGain", "gain", "-0.1"}, 0},
		"gain in words":      {[]string{"action", "setGain", "gain", "loud"}, 0},
	} {
		a := e.raw(http.MethodPost, "jukeboxControl", creds("ann", "pw", append([]string{"f", "json"}, tc.params...)...))
		if a.errorCode() != tc.code {
			t.Errorf("%s: %s, want code %d", name, a.Body, tc.code)
		}
	}
	if sent := hub.take(ann.ID); len(sent) != 0 {
		t.Fatalf("mistakes sent commands: %v", sent)
	}
}

// Without devices there is no jukebox: error 50 and no jukebox role; with
// them, the role.
func TestTheJukeboxRoleFollowsTheDevices(t *testing.T) {
	for _, withDevices := range []bool{false, true} {
		e := newEnv(t, nil)
		e.user("ann", "pw")
		if withDevices {
			e.jukebox()
		}
		a := e.raw(http.MethodGet, "getUser", creds("ann", "pw", "f", "json", "username", "ann"))
		if role := a.Res["user"].(map[string]any)["jukeboxRole"]; role != withDevices {
			t.Errorf("devices %v: jukeboxRole %v", withDevices, role)
		}
		a = e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", "f", "json", "action", "status"))
		if code := a.errorCode(); withDevices && code != 0 || !withDevices && code != 50 {
			t.Errorf("devices %v: %s", withDevices, a.Body)
		}
	}
}

// Supersonic's client reads the jukebox in both formats.
func TestSupersonicDrivesTheJukebox(t *testing.T) {
	e := newEnv(t, nil)
	lib := e.library()
	ann := e.user("ann", "pw")
	svc, hub := e.jukebox()
	d := e.device(svc, ann, "Laptop")
	st := musicify.DeviceState{Queue: []string{lib.harbor[0].ID, lib.harbor[2].ID}, Index: 1, Position: 5, Volume: 25}
	if err := svc.Report(e.ctx, ann.ID, d.ID, st); err != nil {
		t.Fatal(err)
	}
	for _, useJSON := range []bool{false, true} {
		c := e.client("ann", "pw", useJSON)
		pl, err := c.GetJukeboxPlaylist()
		if err != nil || pl.CurrentIndex != 1 || pl.Playing || pl.Gain != 0.25 || pl.Position != 5 || len(pl.Entry) != 2 ||
			pl.Entry[1].ID != lib.harbor[2].ID || pl.Entry[1].Title != "Undertow" {
			t.Fatalf("json %v: get: %+v %v", useJSON, pl, err)
		}
		status, err := c.JukeboxControl("add", map[string]string{"id": lib.single.ID})
		if err != nil || status.CurrentIndex != 1 || status.Gain != 0.25 {
			t.Fatalf("json %v: add: %+v %v", useJSON, status, err)
		}
		if sent := hub.take(ann.ID); len(sent) != 1 || sent[0].Command.Type != connect.CmdAdd ||
			!reflect.DeepEqual(sent[0].Command.Songs, []string{lib.single.ID}) {
			t.Fatalf("json %v: add sent %v", useJSON, sent)
		}
	}
}

// Commands count against the person's budget of commands between devices:
// past it the app is told to wait, and nothing more reaches the device.
func TestJukeboxCommandsAreRateLimited(t *testing.T) {
	e := newEnv(t, nil)
	ann := e.user("ann", "pw")
	svc, hub := e.jukebox()
	e.Subsonic.DeviceChanges = auth.NewLimiter(nil, "devices", 3, time.Minute, e.Clock.Now)
	laptop := e.device(svc, ann, "Laptop")
	call := func(action string) answer {
		return e.raw(http.MethodGet, "jukeboxControl", creds("ann", "pw", "f", "json", "action", action))
	}
	for range 3 {
		if a := call("start"); a.errorCode() != -1 {
			t.Fatalf("a command within the budget: %s", a.Body)
		}
	}
	a := call("stop")
	if a.errorCode() != 0 || a.Header.Get("Retry-After") == "" {
		t.Fatalf("a command past the budget: %s (Retry-After %q)", a.Body, a.Header.Get("Retry-After"))
	}
	if a := call("status"); a.errorCode() != -1 {
		t.Fatalf("status is not a command: %s", a.Body)
	}
	if sent := hub.take(ann.ID); len(sent) != 3 {
		t.Fatalf("%d commands reached the device, want 3", len(sent))
	}
	e.Clock.Advance(time.Minute)
	if err := svc.Beat(e.ctx, ann.ID, laptop.ID); err != nil { // still online
		t.Fatal(err)
	}
	if a := call("stop"); a.errorCode() != -1 {
		t.Fatalf("a minute later: %s", a.Body)
	}
}
