package jam_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/jam"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testclock"
)

type hub struct {
	mu   sync.Mutex
	msgs map[string]int
}

func (h *hub) Publish(topic string, _ []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.msgs[topic]++
}

func (h *hub) count(topic string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.msgs[topic]
}

type picks map[string][]string

func (p picks) ForUser(userID string, n int) []string { return p[userID] }

type world struct {
	t     *testing.T
	ctx   context.Context
	db    *sqlstore.DB
	clock *testclock.Clock
	hub   *hub
	// a and b are two instances over one database.
	a, b *jam.Service
}

func newWorld(t *testing.T) *world {
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "jam.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	w := &world{t: t, ctx: ctx, db: db, clock: testclock.New(time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)), hub: &hub{msgs: map[string]int{}}}
	uploader := &musicify.User{Username: "uploader", Email: "up@example.com"}
	if err := db.CreateUser(ctx, uploader); err != nil {
		t.Fatal(err)
	}
	for i := range 8 { // songs of 60 s, s0…s7
		id := fmt.Sprint("s", i)
		if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: "Song " + id, UserID: uploader.ID, Format: "mp3", Size: 1, SHA256: id,
			AudioKey: "k/" + id, Duration: 60}); err != nil {
			t.Fatal(err)
		}
	}
	w.a = &jam.Service{Store: db, Songs: db, Hub: w.hub, Now: w.clock.Now}
	w.b = &jam.Service{Store: db, Songs: db, Hub: w.hub, Now: w.clock.Now}
	return w
}

func (w *world) user(name string) *musicify.User {
	w.t.Helper()
	u := &musicify.User{Username: name, Email: name + "@example.com"}
	if err := w.db.CreateUser(w.ctx, u); err != nil {
		w.t.Fatal(err)
	}
	return u
}

func (w *world) must(j *musicify.Jam, err error) *musicify.Jam {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
	return j
}

func queue(j *musicify.Jam) []string {
	var out []string
	for _, e := range j.Queue {
		out = append(out, e.SongID)
	}
	return out
}

func code(err error) string { return musicify.ErrorCode(err) }

// Everyone hears the same song at the same second, whichever instance they
// ask: playback is a position at a server time, and a song whose time is up
// gives way to the next at the moment it ended.
func TestAJamPlaysOneQueueOnTheServersClock(t *testing.T) {
	w := newWorld(t)
	ana, ben := w.user("ana"), w.user("ben")
	j := w.must(w.a.Start(w.ctx, ana))
	if len(j.Queue) != 0 || j.Playing || !jam.Member(j, ana.ID) || j.HostID != ana.ID {
		t.Fatalf("a new jam: %+v", j)
	}
	w.must(w.b.Join(w.ctx, ben, j.ID))
	j = w.must(w.b.Add(w.ctx, ben, j.ID, []string{"s0", "s1"}, false))
	if !j.Playing || !slices.Equal(queue(j), []string{"s0", "s1"}) || j.Queue[0].AddedBy != ben.ID || j.Queue[0].Duration != 60 {
		t.Fatalf("the first songs added start the jam: %+v", j)
	}
	if w.hub.count(jam.Topic(j.ID)) != 2 { // the join and the add
		t.Fatalf("changes were not announced: %d", w.hub.count(jam.Topic(j.ID)))
	}

	w.clock.Advance(25 * time.Second)
	j = w.must(w.a.Get(w.ctx, j.ID))
	if got := jam.Position(j, w.clock.Now()); got != 25*time.Second {
		t.Fatalf("25 s in, the position is %v", got)
	}
	w.must(w.a.Control(w.ctx, ana, j.ID, jam.Pause, 0, ""))
	w.clock.Advance(time.Hour)
	j = w.must(w.b.Get(w.ctx, j.ID))
	if j.Playing || jam.Position(j, w.clock.Now()) != 25*time.Second {
		t.Fatalf("paused for an hour: playing %v at %v", j.Playing, jam.Position(j, w.clock.Now()))
	}
	w.must(w.b.Control(w.ctx, ana, j.ID, jam.Seek, 50, ""))
	w.must(w.a.Control(w.ctx, ana, j.ID, jam.Play, 0, ""))
	w.clock.Advance(13 * time.Second) // 10 s to s0's end, 3 s into s1
	j = w.must(w.b.Get(w.ctx, j.ID))
	if !slices.Equal(queue(j), []string{"s1"}) || jam.Position(j, w.clock.Now()) != 3*time.Second || !slices.Equal(j.Played, []string{"s0"}) {
		t.Fatalf("after s0 ended: queue %v at %v, played %v", queue(j), jam.Position(j, w.clock.Now()), j.Played)
	}
	w.clock.Advance(2 * time.Minute)
	j = w.must(w.a.Get(w.ctx, j.ID))
	if len(j.Queue) != 0 || j.Playing {
		t.Fatalf("a queue played to its end: %+v", j)
	}

	// A player saying its song ended moves the jam on only once, however
	// many say it.
	j = w.must(w.a.Add(w.ctx, ana, j.ID, []string{"s2", "s3"}, false))
	first := j.Queue[0].ID
	w.must(w.a.Control(w.ctx, ben, j.ID, jam.Ended, 0, first))
	j = w.must(w.b.Control(w.ctx, ana, j.ID, jam.Ended, 0, first))
	if !slices.Equal(queue(j), []string{"s3"}) {
		t.Fatalf("two players' ends skipped twice: %v", queue(j))
	}
	// Early in a song, previous brings back the one before; later it restarts.
	j = w.must(w.a.Control(w.ctx, ana, j.ID, jam.Previous, 0, ""))
	if !slices.Equal(queue(j), []string{"s2", "s3"}) {
		t.Fatalf("previous at the start: %v", queue(j))
	}
	w.clock.Advance(10 * time.Second)
	j = w.must(w.a.Control(w.ctx, ana, j.ID, jam.Previous, 0, ""))
	if !slices.Equal(queue(j), []string{"s2", "s3"}) || jam.Position(j, w.clock.Now()) != 0 {
		t.Fatalf("previous 10 s in: %v at %v", queue(j), jam.Position(j, w.clock.Now()))
	}
}

// What a guest may do is the host's choice; anyone else may do nothing.
func TestTheHostDecidesWhatGuestsMayDo(t *testing.T) {
	w := newWorld(t)
	ana, ben, cy, eve := w.user("ana"), w.user("ben"), w.user("cy"), w.user("eve")
	j := w.must(w.a.Start(w.ctx, ana))
	w.must(w.a.Join(w.ctx, ben, j.ID))
	w.must(w.a.Join(w.ctx, cy, j.ID))
	j = w.must(w.a.Add(w.ctx, ana, j.ID, []string{"s0", "s1", "s2"}, false))
	anas := j.Queue[2].ID

	for name, err := range map[string]error{
		"pause":  second(w.a.Control(w.ctx, ben, j.ID, jam.Pause, 0, "")),
		"seek":   second(w.a.Control(w.ctx, ben, j.ID, jam.Seek, 10, "")),
		"move":   second(w.a.Move(w.ctx, ben, j.ID, anas, 1)),
		"drop":   second(w.a.Drop(w.ctx, ben, j.ID, anas)),
		"remove": second(w.a.Remove(w.ctx, ben, j.ID, cy.ID)),
		"set":    second(w.a.Settings(w.ctx, ben, j.ID, true)),
		"end":    w.a.End(w.ctx, ben, j.ID),
	} {
		if code(err) != musicify.EFORBIDDEN {
			t.Errorf("a guest could %s: %v", name, err)
		}
	}
	for name, err := range map[string]error{
		"add":   second(w.a.Add(w.ctx, eve, j.ID, []string{"s3"}, false)),
		"skip":  second(w.a.Control(w.ctx, eve, j.ID, jam.Next, 0, "")),
		"ended": second(w.a.Control(w.ctx, eve, j.ID, jam.Ended, 0, j.Queue[0].ID)),
		"drop":  second(w.a.Drop(w.ctx, eve, j.ID, anas)),
	} {
		if code(err) != musicify.EFORBIDDEN {
			t.Errorf("someone outside the jam could %s: %v", name, err)
		}
	}

	// A guest removes what they added themselves.
	j = w.must(w.a.Add(w.ctx, ben, j.ID, []string{"s4"}, true))
	if !slices.Equal(queue(j), []string{"s0", "s4", "s1", "s2"}) {
		t.Fatalf("play next: %v", queue(j))
	}
	j = w.must(w.a.Drop(w.ctx, ben, j.ID, j.Queue[1].ID))
	if !slices.Equal(queue(j), []string{"s0", "s1", "s2"}) {
		t.Fatalf("a guest's own song: %v", queue(j))
	}

	// A guest's skip is a vote: more than half of the three skips.
	j = w.must(w.a.Control(w.ctx, ben, j.ID, jam.Next, 0, ""))
	j = w.must(w.a.Control(w.ctx, ben, j.ID, jam.Next, 0, ""))
	if queue(j)[0] != "s0" || len(j.Votes) != 1 {
		t.Fatalf("one vote of three (twice) skipped: %v, votes %v", queue(j), j.Votes)
	}
	j = w.must(w.a.Control(w.ctx, cy, j.ID, jam.Next, 0, ""))
	if queue(j)[0] != "s1" || len(j.Votes) != 0 {
		t.Fatalf("two votes of three did not skip: %v, votes %v", queue(j), j.Votes)
	}

	// With the host's leave, guests control.
	w.must(w.a.Settings(w.ctx, ana, j.ID, true))
	j = w.must(w.a.Move(w.ctx, ben, j.ID, anas, 1))
	j = w.must(w.a.Control(w.ctx, ben, j.ID, jam.Pause, 0, ""))
	if j.Playing {
		t.Fatal("a guest allowed to control could not pause")
	}
	if _, err := w.a.Move(w.ctx, ben, j.ID, j.Queue[0].ID, 1); code(err) != musicify.EINVALID {
		t.Fatalf("the song playing was moved: %v", err)
	}

	// The host removes a member; the host leaving ends the jam for everyone.
	j = w.must(w.a.Remove(w.ctx, ana, j.ID, cy.ID))
	if jam.Member(j, cy.ID) {
		t.Fatal("cy is still in the jam")
	}
	if _, err := w.db.JamOf(w.ctx, cy.ID); code(err) != musicify.ENOTFOUND {
		t.Fatalf("cy's jam: %v", err)
	}
	if err := w.a.Leave(w.ctx, ana, j.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.b.Add(w.ctx, ben, j.ID, []string{"s5"}, false); code(err) != musicify.EEXPIRED {
		t.Fatalf("adding to an ended jam: %v", err)
	}
	if _, err := w.b.Join(w.ctx, eve, j.ID); code(err) != musicify.EEXPIRED {
		t.Fatalf("joining an ended jam: %v", err)
	}
	if ended, err := w.b.Get(w.ctx, j.ID); err != nil || !ended.Ended {
		t.Fatalf("reading an ended jam: %+v, %v", ended, err)
	}
}

func second(_ *musicify.Jam, err error) error { return err }

// A jam holds at most 32 people and 500 songs; adds are checked whole.
func TestAJamHasItsBounds(t *testing.T) {
	w := newWorld(t)
	host := w.user("host")
	j := w.must(w.a.Start(w.ctx, host))
	for i := 1; i < musicify.JamMaxMembers; i++ {
		w.must(w.a.Join(w.ctx, w.user(fmt.Sprint("guest", i)), j.ID))
	}
	if _, err := w.a.Join(w.ctx, w.user("late"), j.ID); code(err) != musicify.EFORBIDDEN {
		t.Fatalf("a 33rd member: %v", err)
	}
	if _, err := w.a.Add(w.ctx, host, j.ID, []string{"s0", "nope"}, false); code(err) != musicify.EINVALID {
		t.Fatalf("an unknown song: %v", err)
	}
	if _, err := w.a.Add(w.ctx, host, j.ID, nil, false); code(err) != musicify.EINVALID {
		t.Fatalf("no songs: %v", err)
	}
	hundred := slices.Repeat([]string{"s1"}, 100)
	for range 5 {
		w.must(w.a.Add(w.ctx, host, j.ID, hundred, false))
	}
	if _, err := w.a.Add(w.ctx, host, j.ID, []string{"s2"}, false); code(err) != musicify.ETOOLARGE {
		t.Fatalf("a 501st song: %v", err)
	}
	if _, err := w.a.Add(w.ctx, host, j.ID, slices.Repeat([]string{"s1"}, 101), false); code(err) != musicify.EINVALID {
		t.Fatalf("101 songs at once: %v", err)
	}
	// Starting a jam in a jam: a guest leaves theirs, the host gets theirs back.
	guest := w.user("guest-x")
	w.must(w.a.Remove(w.ctx, host, j.ID, w.must(w.a.Get(w.ctx, j.ID)).Members[1].UserID))
	w.must(w.a.Join(w.ctx, guest, j.ID))
	own := w.must(w.a.Start(w.ctx, guest))
	if own.ID == j.ID || own.HostID != guest.ID {
		t.Fatalf("the guest's own jam: %+v", own)
	}
	if again := w.must(w.a.Start(w.ctx, host)); again.ID != j.ID {
		t.Fatalf("the host started a second jam: %s", again.ID)
	}
	if j = w.must(w.a.Get(w.ctx, j.ID)); jam.Member(j, guest.ID) {
		t.Fatal("the guest is in two jams")
	}
}

// When the queue runs low the jam adds songs its members would like, taken
// from each in turn, none already queued or just played.
func TestTheJamFillsItsQueueFromEveryonesTaste(t *testing.T) {
	w := newWorld(t)
	ana, ben := w.user("ana"), w.user("ben")
	w.a.Picks = picks{ana.ID: {"s0", "s2", "s4"}, ben.ID: {"s3", "s5", "s6"}}
	j := w.must(w.a.Start(w.ctx, ana))
	w.must(w.a.Join(w.ctx, ben, j.ID))
	if j = w.must(w.a.Get(w.ctx, j.ID)); len(j.Queue) != 0 {
		t.Fatalf("an empty jam filled itself: %v", queue(j))
	}
	j = w.must(w.a.Add(w.ctx, ana, j.ID, []string{"s0"}, false))
	if !slices.Equal(queue(j), []string{"s0", "s3", "s2", "s5", "s4", "s6"}) {
		t.Fatalf("the picks: %v", queue(j))
	}
	if j.Queue[1].Reason != "For ana and ben" || j.Queue[1].AddedBy != "" {
		t.Fatalf("a pick's reason: %+v", j.Queue[1])
	}
	// People's songs go before the jam's own picks.
	j = w.must(w.a.Add(w.ctx, ben, j.ID, []string{"s7"}, false))
	if queue(j)[1] != "s7" {
		t.Fatalf("a person's song waits behind picks: %v", queue(j))
	}
}

// Listen-only visitors: the host turns the link on (a new key each time),
// a visitor with the key reads the Jam on any instance, and the key stops
// working at once when turned off or when the Jam ends.
func TestAVisitorKeyIsMadeRotatedAndRevoked(t *testing.T) {
	w := newWorld(t)
	ana, ben := w.user("ana"), w.user("ben")
	j := w.must(w.a.Start(w.ctx, ana))
	w.must(w.a.Join(w.ctx, ben, j.ID))
	if j.VisitorKey != "" {
		t.Fatalf("a new jam lets visitors in: %q", j.VisitorKey)
	}
	if _, err := w.a.Visit(w.ctx, j.ID, "anything"); code(err) != musicify.EFORBIDDEN {
		t.Fatalf("a visit before the host turned visitors on: %v", err)
	}
	if _, err := w.a.Visitors(w.ctx, ben, j.ID, true); code(err) != musicify.EFORBIDDEN {
		t.Fatalf("a guest turned visitors on: %v", err)
	}

	j = w.must(w.a.Visitors(w.ctx, ana, j.ID, true))
	key := j.VisitorKey
	if len(key) < 32 {
		t.Fatalf("a short key: %q", key)
	}
	if again := w.must(w.a.Visitors(w.ctx, ana, j.ID, true)); again.VisitorKey != key {
		t.Fatalf("turning it on again while on changed the key: %q → %q", key, again.VisitorKey)
	}
	w.must(w.b.Add(w.ctx, ben, j.ID, []string{"s0", "s1"}, false))
	// The key is kept with the Jam: another instance knows it.
	v, err := w.b.Visit(w.ctx, j.ID, key)
	if err != nil || !slices.Equal(queue(v), []string{"s0", "s1"}) {
		t.Fatalf("a visit on the other instance: %v %v", v, err)
	}
	for name, k := range map[string]string{"none": "", "wrong": key[:len(key)-1] + "x", "another jam's": "x" + key} {
		if _, err := w.b.Visit(w.ctx, j.ID, k); err == nil {
			t.Errorf("a visit with %s key", name)
		}
	}
	if _, err := w.b.Visit(w.ctx, "0123456789abcdef01234567", key); code(err) != musicify.ENOTFOUND {
		t.Errorf("a visit to an unknown jam: %v", err)
	}

	// Off and on again: the old key is dead, a new one works.
	w.must(w.b.Visitors(w.ctx, ana, j.ID, false))
	if _, err := w.a.Visit(w.ctx, j.ID, key); code(err) != musicify.EFORBIDDEN {
		t.Fatalf("a revoked key still works: %v", err)
	}
	j = w.must(w.b.Visitors(w.ctx, ana, j.ID, true))
	if j.VisitorKey == "" || j.VisitorKey == key {
		t.Fatalf("turning visitors on again kept the old key: %q", j.VisitorKey)
	}
	if _, err := w.a.Visit(w.ctx, j.ID, key); code(err) != musicify.EFORBIDDEN {
		t.Fatalf("the first key works again: %v", err)
	}
	newKey := j.VisitorKey

	// A second service over the same database (a restart) knows the key.
	restarted := &jam.Service{Store: w.db, Songs: w.db, Now: w.clock.Now}
	if v, err := restarted.Visit(w.ctx, j.ID, newKey); err != nil || v.VisitorKey != newKey || !slices.Equal(queue(v), []string{"s0", "s1"}) {
		t.Fatalf("after a restart: %v %v", v, err)
	}

	// The Jam ends: the right key hears it has ended, a wrong one learns nothing.
	if err := w.a.End(w.ctx, ana, j.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := restarted.Visit(w.ctx, j.ID, newKey); code(err) != musicify.EEXPIRED || err.Error() == "" {
		t.Fatalf("a visit to an ended jam: %v", err)
	}
	if _, err := restarted.Visit(w.ctx, j.ID, key); code(err) != musicify.EFORBIDDEN {
		t.Fatalf("an old key on an ended jam: %v", err)
	}
}
