package sqlstore_test

import (
	"context"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Previews of a shared song or playlist are on until its owner turns them
// off, each item on its own, and back on again; an unknown item is not found.
func TestSharePreviewsAreOnUntilTheOwnerTurnsThemOff(t *testing.T) {
	var _ musicify.ShareStore = (*sqlstore.DB)(nil)
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		newSong(t, db, "s1", ann.ID)
		newSong(t, db, "s2", ann.ID)
		p := &musicify.Playlist{Name: "Mix", UserID: ann.ID}
		if err := db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		is := func(kind, id string, want bool) {
			t.Helper()
			got, err := db.SharePreviews(ctx, kind, id)
			if err != nil || got != want {
				t.Errorf("%s %s previews = %v, %v; want %v", kind, id, got, err, want)
			}
		}
		is("song", "s1", true)
		is("playlist", p.ID, true)

		if err := db.SetSharePreviews(ctx, "song", "s1", false); err != nil {
			t.Fatal(err)
		}
		if err := db.SetSharePreviews(ctx, "playlist", p.ID, false); err != nil {
			t.Fatal(err)
		}
		is("song", "s1", false)
		is("song", "s2", true)
		is("playlist", p.ID, false)
		if err := db.SetSharePreviews(ctx, "playlist", p.ID, true); err != nil {
			t.Fatal(err)
		}
		is("playlist", p.ID, true)

		for _, kind := range []string{"song", "playlist"} {
			if _, err := db.SharePreviews(ctx, kind, "nope"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Errorf("reading an unknown %s: %v", kind, err)
			}
			if err := db.SetSharePreviews(ctx, kind, "nope", false); musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Errorf("setting an unknown %s: %v", kind, err)
			}
		}
		if _, err := db.SharePreviews(ctx, "album", "s1"); musicify.ErrorCode(err) != musicify.EINVALID {
			t.Errorf("an album: %v", err)
		}
	})
}
