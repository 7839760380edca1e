package sqlstore_test

import (
	"context"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A playlist without a cover of its own is pictured by its first songs'
// covers: each cover once, in playlist order, at most four, read with the
// playlist itself by every lookup.
func TestPlaylistMosaicIsTheFirstFourDistinctCoversInOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		// Song id → its cover key; "" has no cover.
		covers := map[string]string{"a": "covers/a", "b": "covers/b", "b2": "covers/b", "none": "", "c": "covers/c", "d": "covers/d", "e": "covers/e"}
		for id, key := range covers {
			if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: ann.ID, Format: "mp3", Size: 1,
				SHA256: id, AudioKey: "k/" + id, CoverKey: key}); err != nil {
				t.Fatal(err)
			}
		}
		mosaicOf := func(p *musicify.Playlist) string { return strings.Join(p.Mosaic, " ") }

		empty := &musicify.Playlist{Name: "Empty", UserID: ann.ID}
		mix := &musicify.Playlist{Name: "Mix", UserID: ann.ID}
		two := &musicify.Playlist{Name: "Two", UserID: ann.ID}
		for _, p := range []*musicify.Playlist{empty, mix, two} {
			if err := db.CreatePlaylist(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		add := func(p *musicify.Playlist, ids ...string) {
			t.Helper()
			for _, id := range ids {
				if err := db.AddPlaylistSong(ctx, p.ID, id); err != nil {
					t.Fatal(err)
				}
			}
		}
		add(mix, "b", "none", "b2", "a", "e", "c", "d")
		add(two, "none", "d", "c")

		t.Run("a playlist reads its first four distinct covers, skipping songs without one", func(t *testing.T) {
			got, err := db.Playlist(ctx, mix.ID)
			if err != nil {
				t.Fatal(err)
			}
			if want := "covers/b covers/a covers/e covers/c"; mosaicOf(got) != want {
				t.Errorf("mosaic = %q, want %q", mosaicOf(got), want)
			}
		})

		t.Run("a new order changes the mosaic", func(t *testing.T) {
			if err := db.ReorderPlaylist(ctx, mix.ID, []string{"d", "c", "none", "b", "b2", "a", "e"}); err != nil {
				t.Fatal(err)
			}
			got, err := db.PlaylistByName(ctx, ann.ID, "mix")
			if err != nil {
				t.Fatal(err)
			}
			if want := "covers/d covers/c covers/b covers/a"; mosaicOf(got) != want {
				t.Errorf("mosaic = %q, want %q", mosaicOf(got), want)
			}
		})

		t.Run("a list gives each playlist its own mosaic, and none to an empty one", func(t *testing.T) {
			list, err := db.PlaylistsByUser(ctx, ann.ID)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, p := range list {
				got[p.Name] = mosaicOf(p)
			}
			want := map[string]string{"Empty": "", "Mix": "covers/d covers/c covers/b covers/a", "Two": "covers/d covers/c"}
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s: mosaic = %q, want %q", name, got[name], w)
				}
			}
		})
	})
}

// A playlist keeps its description from creation, and an update changes
// the name and the description together or not at all.
func TestPlaylistDescriptionIsKeptAndUpdatedWithTheName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		p := &musicify.Playlist{Name: "Morning", Description: "Slow songs for slow mornings.", UserID: ann.ID}
		if err := db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := db.CreatePlaylist(ctx, &musicify.Playlist{Name: "Evening", UserID: ann.ID}); err != nil {
			t.Fatal(err)
		}
		read := func() *musicify.Playlist {
			t.Helper()
			got, err := db.Playlist(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		if got := read(); got.Description != "Slow songs for slow mornings." {
			t.Errorf("after create: description %q", got.Description)
		}

		desc := "Coffee first."
		if err := db.UpdatePlaylist(ctx, p.ID, musicify.PlaylistEdit{Description: &desc}); err != nil {
			t.Fatal(err)
		}
		if got := read(); got.Name != "Morning" || got.Description != desc {
			t.Errorf("description alone: %q %q, want Morning %q", got.Name, got.Description, desc)
		}

		taken, other := "evening", "Never saved."
		err := db.UpdatePlaylist(ctx, p.ID, musicify.PlaylistEdit{Name: &taken, Description: &other})
		if musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Fatalf("a name already taken: %v, want a conflict", err)
		}
		if got := read(); got.Name != "Morning" || got.Description != desc {
			t.Errorf("after the refused update: %q %q, want nothing changed", got.Name, got.Description)
		}

		name, empty := "Dawn", ""
		if err := db.UpdatePlaylist(ctx, p.ID, musicify.PlaylistEdit{Name: &name, Description: &empty}); err != nil {
			t.Fatal(err)
		}
		list, err := db.PlaylistsByUser(ctx, ann.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range list {
			if l.ID == p.ID && (l.Name != "Dawn" || l.Description != "") {
				t.Errorf("in the list: %q %q, want Dawn and no description", l.Name, l.Description)
			}
		}
		if err := db.UpdatePlaylist(ctx, "nope", musicify.PlaylistEdit{Name: &name}); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("unknown playlist: %v, want not found", err)
		}
	})
}
