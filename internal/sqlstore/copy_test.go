package sqlstore_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// seedEverything writes a row of every kind through the store, as a
// running installation would have.
func seedEverything(t *testing.T, db *sqlstore.DB) {
	t.Helper()
	ctx := context.Background()
	t0 := time.UnixMilli(1_700_000_000_000).UTC()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	ann, bob := &musicify.User{Username: "Ann", Email: "ann@example.com", PasswordHash: "h"}, &musicify.User{Username: "bob", Email: "bob@example.com"}
	must(db.CreateUser(ctx, ann))
	must(db.CreateUser(ctx, bob))
	must(db.CreateSession(ctx, &musicify.Session{TokenHash: "t1", UserID: ann.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)}))
	must(db.PutCode(ctx, &musicify.Code{Purpose: musicify.PurposeSignup, Email: "cy@example.com", CodeHash: "c", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
	for i, name := range []string{"Midnight Harbour", "Velvet Night"} {
		id := fmt.Sprint("s", i)
		must(db.CreateSong(ctx, &musicify.Song{ID: id, Name: name, UserID: bob.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "songs/" + id},
			&musicify.Job{Kind: "media.analyze", Subject: id}))
	}
	for range 2 { // two listens of one song by one person at one moment stay two
		if _, err := db.AddView(ctx, "s0", ann.ID, t0); err != nil {
			t.Fatal(err)
		}
	}
	_, err := db.Like(ctx, ann.ID, "s1", t0)
	must(err)
	must(db.AddInterest(ctx, ann.ID, "s0", t0))
	p := &musicify.Playlist{Name: "Late", UserID: ann.ID}
	must(db.CreatePlaylist(ctx, p))
	must(db.AddPlaylistSong(ctx, p.ID, "s1"))
	must(db.AddPlaylistSong(ctx, p.ID, "s0"))
	must(db.CreateFollow(ctx, &musicify.Follow{FollowerID: ann.ID, FolloweeID: bob.ID}))
	must(db.CreateStation(ctx, &musicify.Station{ID: "st", Name: "Night", UserID: bob.ID, Start: t0, AudioKey: "a", Format: "mp3", Duration: 12.5}))
	must(db.SetSetting(ctx, "demo.seeded", "yes"))
	folder, err := db.LibraryFolder(ctx, "/music")
	must(err)
	must(db.AddLibrarySong(ctx, &musicify.Song{ID: "lib1", Name: "Tide", Format: "flac", Size: 2, SHA256: "lib1",
		AudioKey: "lib/" + folder.ID + "/a/tide.flac", LibraryPath: folder.ID + "/a/tide.flac"},
		musicify.TrackTags{Title: "Tide", Artist: "Neon Shore", Album: "Tidal", Genres: []string{"Ambient"}}))
	must(db.AddOutboxMail(ctx, &musicify.OutboxMail{To: "ann@example.com", Subject: "first"}))
	must(db.Star(ctx, ann.ID, musicify.StarAlbum, "al", t0))
	must(db.SetRating(ctx, ann.ID, musicify.StarSong, "s0", 4, t0))
	must(db.SavePlayQueue(ctx, &musicify.PlayQueue{UserID: ann.ID, SongIDs: []string{"s0", "s1"}, Current: "s1", Changed: t0}))
	must(db.SaveBookmark(ctx, &musicify.Bookmark{UserID: ann.ID, SongID: "s0", PositionMs: 1000, Created: t0, Changed: t0}))
	must(db.CreateAppPassword(ctx, &musicify.AppPassword{UserID: ann.ID, Name: "Phone", Secret: []byte{0, 1, 2, 0xfe, 0xff}, APIKeyHash: "k1"}, 20))
	must(db.CreateInvite(ctx, &musicify.Invite{TokenHash: "i1", CreatedBy: ann.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
	must(db.SetSongFeatures(ctx, "s0", &musicify.AudioFeatures{Version: 1, BPM: 120, Mode: musicify.Major,
		Embedding: []float32{0.6, 0.8}, Analyzed: t0}))
	_, err = db.KeepMix(ctx, ann.ID, &musicify.Mix{Kind: "discover-weekly", Period: "2023-W46", Songs: []string{"s1"},
		Reasons: []musicify.MixReason{{Reason: "popular"}}, Created: t0})
	must(err)
	must(db.CreateJam(ctx, &musicify.Jam{ID: "jam", HostID: ann.ID, Created: t0, Anchor: t0,
		Members: []musicify.JamMember{{UserID: ann.ID, Username: "Ann", Joined: t0}},
		Queue:   []musicify.JamEntry{{ID: "e", SongID: "s0", Duration: 12, AddedBy: ann.ID}}}))
	must(db.CreateDevice(ctx, &musicify.Device{ID: "laptop", UserID: ann.ID, Name: "Laptop", Created: t0, Seen: t0,
		State: musicify.DeviceState{Queue: []string{"s0"}, Index: 0, Repeat: "off", Volume: 80}}))
}

// Moving up: an installation's every row lands in PostgreSQL, searchable,
// and a second run changes nothing.
func TestCopyMovesEveryRowAndIsSafeToRepeat(t *testing.T) {
	ctx := context.Background()
	from := open(t, filepath.Join(t.TempDir(), "m.db"))
	defer from.Close()
	seedEverything(t, from)
	to := storetest.Postgres(t)

	first, err := sqlstore.Copy(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range first {
		if c.From == 0 || c.To != c.From {
			t.Errorf("%s: %d rows copied to %d", c.Table, c.From, c.To)
		}
	}
	again, err := sqlstore.Copy(ctx, from, to)
	if err != nil || fmt.Sprint(again) != fmt.Sprint(first) {
		t.Fatalf("a second run: %v, %v; the first: %v", again, err, first)
	}

	// What people see reads back the same on the new store.
	hits, err := to.Search(ctx, musicify.KindSong, musicify.Query{{{Word: "harb", Prefix: true}}}, 10)
	if err != nil || len(hits) != 1 || hits[0].ID != "s0" || hits[0].Popularity != 2 {
		t.Errorf("search on the copy: %+v, %v", hits, err)
	}
	ann, err := to.UserByUsername(ctx, "ann")
	if err != nil || ann.PasswordHash != "h" {
		t.Fatalf("ann on the copy: %+v, %v", ann, err)
	}
	if keys, err := to.AppPasswords(ctx, ann.ID); err != nil || len(keys) != 1 || string(keys[0].Secret) != "\x00\x01\x02\xfe\xff" {
		t.Errorf("app passwords on the copy: %+v, %v", keys, err)
	}
	if f, err := to.SongFeatures(ctx, "s0"); err != nil || f.BPM != 120 || len(f.Embedding) != 2 || f.Embedding[1] != 0.8 {
		t.Errorf("audio features on the copy: %+v, %v", f, err)
	}
	if liked, err := to.LikedSongs(ctx, ann.ID); err != nil || len(liked) != 1 || liked[0].ID != "s1" {
		t.Errorf("liked songs on the copy: %+v, %v", liked, err)
	}
	if err := to.AddOutboxMail(ctx, &musicify.OutboxMail{To: "ann@example.com", Subject: "second"}); err != nil {
		t.Fatal(err)
	}
	if mails, err := to.OutboxMails(ctx, 10); err != nil || len(mails) != 2 || mails[0].Subject != "second" {
		t.Errorf("a new mail after the copied one: %+v, %v", mails, err)
	}
}
