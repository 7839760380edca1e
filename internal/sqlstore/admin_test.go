package sqlstore_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func mustCode(t *testing.T, err error, code string) {
	t.Helper()
	if musicify.ErrorCode(err) != code {
		t.Fatalf("err = %v (%s), want %s", err, musicify.ErrorCode(err), code)
	}
}

func person(t *testing.T, db *sqlstore.DB, name string, g musicify.AccountGrant) *musicify.User {
	t.Helper()
	u := &musicify.User{Username: name, Email: name + "@example.org", PasswordHash: "h"}
	if err := db.CreateAccount(context.Background(), u, g); err != nil {
		t.Fatal(err)
	}
	return u
}

// The demo seeding makes accounts without a grant: the first person who
// signs up after it is still the first admin, and only they are.
func TestTheFirstPersonToSignUpIsTheOnlyFirstAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		demo := &musicify.User{Username: "demo", Email: "demo@example.com", PasswordHash: "h"}
		if err := db.CreateUser(ctx, demo); err != nil || demo.Admin {
			t.Fatalf("demo: admin %v, %v", demo.Admin, err)
		}
		ann := person(t, db, "ann", musicify.AccountGrant{FirstAdmin: true})
		bob := person(t, db, "bob", musicify.AccountGrant{FirstAdmin: true})
		if !ann.Admin || bob.Admin {
			t.Fatalf("ann admin %v, bob admin %v; want only ann", ann.Admin, bob.Admin)
		}
		if got, err := db.UserByID(ctx, ann.ID); err != nil || !got.Admin || got.Disabled {
			t.Fatalf("ann read back: %+v, %v", got, err)
		}
		// Once she is no longer the admin, nobody new takes the place.
		if err := db.SetAdmin(ctx, bob.ID, true); err != nil {
			t.Fatal(err)
		}
		if err := db.SetAdmin(ctx, ann.ID, false); err != nil {
			t.Fatal(err)
		}
		if cy := person(t, db, "cy", musicify.AccountGrant{FirstAdmin: true}); cy.Admin {
			t.Fatal("a later account became admin")
		}
	})
}

// Many first sign-ups at once make one admin, on PostgreSQL too.
func TestFirstSignUpsAtOnceMakeOneAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		var wg sync.WaitGroup
		for _, name := range []string{"ann", "bob", "cy", "dee", "eve", "fay"} {
			wg.Go(func() { person(t, db, name, musicify.AccountGrant{FirstAdmin: true}) })
		}
		wg.Wait()
		users, err := db.UserStats(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		admins := 0
		for _, u := range users {
			if u.Admin {
				admins++
			}
		}
		if len(users) != 6 || admins != 1 {
			t.Fatalf("%d users, %d admins; want 6 and 1", len(users), admins)
		}
	})
}

func TestTheLastAdminStaysAndTheLibraryIsNobodys(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		ann := person(t, db, "ann", musicify.AccountGrant{FirstAdmin: true})
		mustCode(t, db.SetAdmin(ctx, ann.ID, false), musicify.ECONFLICT)
		mustCode(t, db.SetDisabled(ctx, ann.ID, true, time.Now()), musicify.ECONFLICT)
		mustCode(t, db.DeleteUser(ctx, ann.ID, true), musicify.ECONFLICT)
		for _, err := range []error{
			db.SetAdmin(ctx, musicify.LibraryUserID, true),
			db.SetDisabled(ctx, musicify.LibraryUserID, true, time.Now()),
			db.DeleteUser(ctx, musicify.LibraryUserID, true),
			db.SetAdmin(ctx, "nobody", true),
		} {
			mustCode(t, err, musicify.ENOTFOUND)
		}
		if unclaimed, err := db.GrantAdmin(ctx, []string{"~library", "LIBRARY"}); err != nil || len(unclaimed) != 2 {
			t.Fatalf("unclaimed %q, %v: the library account is nobody's", unclaimed, err)
		}
		users, err := db.UserStats(ctx)
		if err != nil || len(users) != 1 || users[0].ID != ann.ID {
			t.Fatalf("listed users: %+v, %v; want ann alone", users, err)
		}
		lib, err := db.UserByID(ctx, musicify.LibraryUserID)
		if err != nil || lib.Admin || lib.Disabled {
			t.Fatalf("library account: %+v, %v", lib, err)
		}
	})
}

func TestGrantAdminNamesAccountsWhateverTheirCase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		ann := person(t, db, "Ann", musicify.AccountGrant{})
		bob := person(t, db, "bob", musicify.AccountGrant{})
		if unclaimed, err := db.GrantAdmin(ctx, []string{"ann", "Nobody-Yet"}); err != nil || len(unclaimed) != 1 || unclaimed[0] != "Nobody-Yet" {
			t.Fatalf("unclaimed %q, %v", unclaimed, err)
		}
		a, _ := db.UserByID(ctx, ann.ID)
		b, _ := db.UserByID(ctx, bob.ID)
		if !a.Admin || b.Admin {
			t.Fatalf("ann admin %v, bob admin %v", a.Admin, b.Admin)
		}
	})
}

func TestDisablingEndsEverySessionAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		person(t, db, "ann", musicify.AccountGrant{FirstAdmin: true})
		bob := person(t, db, "bob", musicify.AccountGrant{})
		now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		for _, h := range []string{"t1", "t2"} {
			if err := db.CreateSession(ctx, &musicify.Session{TokenHash: h, UserID: bob.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetDisabled(ctx, bob.ID, true, now); err != nil {
			t.Fatal(err)
		}
		for _, h := range []string{"t1", "t2"} {
			_, err := db.SessionByTokenHash(ctx, h)
			mustCode(t, err, musicify.ENOTFOUND)
		}
		if u, _ := db.UserByID(ctx, bob.ID); !u.Disabled {
			t.Fatal("bob is not disabled")
		}
		mustCode(t, db.SetAdmin(ctx, bob.ID, true), musicify.EINVALID)
		if err := db.SetDisabled(ctx, bob.ID, false, now); err != nil {
			t.Fatal(err)
		}
		if u, _ := db.UserByID(ctx, bob.ID); u.Disabled {
			t.Fatal("bob is still disabled")
		}
	})
}

func TestAnInvitationMakesOneAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		ann := person(t, db, "ann", musicify.AccountGrant{FirstAdmin: true})
		inv := &musicify.Invite{TokenHash: "hash-1", CreatedBy: ann.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := db.CreateInvite(ctx, inv); err != nil {
			t.Fatal(err)
		}
		if _, err := db.InviteByTokenHash(ctx, "hash-1", now); err != nil {
			t.Fatal(err)
		}
		_, err := db.InviteByTokenHash(ctx, "hash-2", now)
		mustCode(t, err, musicify.EINVALID)

		// Two sign-ups race for it: one account is made, the other is not.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, name := range []string{"bob", "cy"} {
			wg.Go(func() {
				errs[i] = db.CreateAccount(ctx, &musicify.User{Username: name, Email: name + "@example.org"}, musicify.AccountGrant{InviteHash: "hash-1"})
			})
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("errors %v; want exactly one sign-up to use the invitation", errs)
		}
		users, _ := db.UserStats(ctx)
		if len(users) != 2 {
			t.Fatalf("%d accounts; want ann and one invited", len(users))
		}
		_, err = db.InviteByTokenHash(ctx, "hash-1", now)
		mustCode(t, err, musicify.EINVALID)
		invited := users[0]
		if invited.ID == ann.ID {
			invited = users[1]
		}
		list, err := db.Invites(ctx)
		if err != nil || len(list) != 1 || list[0].UsedBy != invited.ID || list[0].UsedAt.IsZero() || list[0].CreatedBy != ann.ID {
			t.Fatalf("invites: %+v, %v", list, err)
		}

		// An expired one makes none.
		if err := db.CreateInvite(ctx, &musicify.Invite{TokenHash: "hash-3", CreatedAt: now, ExpiresAt: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Minute)
		_, err = db.InviteByTokenHash(ctx, "hash-3", now)
		mustCode(t, err, musicify.EINVALID)
		mustCode(t, db.CreateAccount(ctx, &musicify.User{Username: "dee", Email: "dee@example.org"}, musicify.AccountGrant{InviteHash: "hash-3"}), musicify.EINVALID)
		_, err = db.UserByUsername(ctx, "dee")
		mustCode(t, err, musicify.ENOTFOUND)

		// Revoked: gone from the list.
		list, _ = db.Invites(ctx)
		for _, inv := range list {
			if err := db.DeleteInvite(ctx, inv.ID); err != nil {
				t.Fatal(err)
			}
		}
		mustCode(t, db.DeleteInvite(ctx, list[0].ID), musicify.ENOTFOUND)
		if list, _ := db.Invites(ctx); len(list) != 0 {
			t.Fatalf("invites after revoking: %+v", list)
		}
	})
}

// Deleted with their songs kept, an uploader's songs stay in other
// people's playlists and likes, owned by the library.
func TestDeletingAnUploaderCanKeepTheirSongs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		ctx := context.Background()
		db := open(t)
		ann := person(t, db, "ann", musicify.AccountGrant{FirstAdmin: true})
		bob := person(t, db, "bob", musicify.AccountGrant{})
		song := &musicify.Song{ID: "s1", Name: "Tide", UserID: bob.ID, Format: "mp3", Size: 1234, SHA256: "x", AudioKey: "songs/s1/original.mp3"}
		if err := db.CreateSong(ctx, song); err != nil {
			t.Fatal(err)
		}
		p := &musicify.Playlist{Name: "Mine", UserID: ann.ID}
		if err := db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := db.AddPlaylistSong(ctx, p.ID, "s1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Like(ctx, ann.ID, "s1", time.Now()); err != nil {
			t.Fatal(err)
		}
		bobs := &musicify.Playlist{Name: "Bob's", UserID: bob.ID}
		if err := db.CreatePlaylist(ctx, bobs); err != nil {
			t.Fatal(err)
		}
		stats, _ := db.UserStats(ctx)
		// Both may share a millisecond: find bob's by id, not by place.
		i := slices.IndexFunc(stats, func(u *musicify.UserStats) bool { return u.ID == bob.ID })
		if len(stats) != 2 || i < 0 || stats[i].Songs != 1 || stats[i].Bytes != 1234 {
			t.Fatalf("stats: %+v", stats)
		}
		mustCode(t, db.DeleteUser(ctx, bob.ID, false), musicify.ECONFLICT) // songs left
		if err := db.DeleteUser(ctx, bob.ID, true); err != nil {
			t.Fatal(err)
		}
		_, err := db.UserByID(ctx, bob.ID)
		mustCode(t, err, musicify.ENOTFOUND)
		_, err = db.Playlist(ctx, bobs.ID)
		mustCode(t, err, musicify.ENOTFOUND)
		got, err := db.Song(ctx, "s1")
		if err != nil || got.UserID != musicify.LibraryUserID || got.Artist != "bob" {
			t.Fatalf("kept song: %+v, %v", got, err)
		}
		artist, err := db.ArtistByID(ctx, got.ArtistID)
		if err != nil || artist.UserID != "" || artist.Name != "bob" {
			t.Fatalf("artist of the kept song: %+v, %v", artist, err)
		}
		if songs, err := db.PlaylistSongs(ctx, p.ID); err != nil || len(songs) != 1 {
			t.Fatalf("ann's playlist: %d songs, %v", len(songs), err)
		}
		if liked, err := db.LikedSongs(ctx, ann.ID); err != nil || len(liked) != 1 {
			t.Fatalf("ann's likes: %d, %v", len(liked), err)
		}
		// The name is free again.
		person(t, db, "bob", musicify.AccountGrant{})
	})
}
