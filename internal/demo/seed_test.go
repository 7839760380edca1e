package demo_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/demo"
	"github.com/musicify/musicify/internal/demo/synth"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

var cheap = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}

// twoShortest keeps the test quick: the two shortest songs, by two artists.
func twoShortest() []synth.SongSpec {
	specs := synth.Catalog()
	sort.Slice(specs, func(i, j int) bool { return specs[i].Duration() < specs[j].Duration() })
	out := []synth.SongSpec{specs[0]}
	for _, s := range specs[1:] {
		if s.Artist != out[0].Artist {
			return append(out, s)
		}
	}
	return out
}

func newSeeder(t *testing.T) (*demo.Seeder, *sqlstore.DB) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs, err := blob.NewLocal(filepath.Join(t.TempDir(), "media"))
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	ff := media.NewFFmpeg()
	lib := &catalog.Service{Songs: db, Blobs: blobs, Probe: media.NewProber(), FFmpeg: ff, Logger: logger, Now: time.Now}
	return &demo.Seeder{Store: db, Catalog: lib, FFmpeg: ff, Hash: cheap.Hash, TempDir: blobs.TempDir(),
		Logger: logger, Now: time.Now, Specs: twoShortest(), Rate: 16000}, db
}

func TestSeedingAnEmptyServer(t *testing.T) {
	s, db := newSeeder(t)
	ctx := context.Background()
	if needed, err := s.Needed(ctx); err != nil || !needed {
		t.Fatalf("an empty database: needed=%v %v", needed, err)
	}
	if err := s.Seed(ctx); err != nil {
		t.Fatal(err)
	}
	u, err := db.UserByUsername(ctx, demo.User)
	if err != nil || !auth.Verify(u.PasswordHash, demo.Password) {
		t.Fatalf("the demo listener cannot sign in: %v", err)
	}
	songs, err := db.Songs(ctx)
	if err != nil || len(songs) != 2 {
		t.Fatalf("songs: %d %v", len(songs), err)
	}
	views := int64(0)
	for _, song := range songs {
		if song.CoverKey == "" || song.Duration < 30 || song.Duration > 120 || song.Artist == demo.User {
			t.Errorf("seeded song %+v", song)
		}
		if want := "mp3"; s.FFmpeg != nil && song.Format != want {
			t.Errorf("format %s, want %s", song.Format, want)
		}
		// Filed under their album by its tags, as a bought album would be.
		for _, spec := range s.Specs {
			if spec.Title == song.Name && s.FFmpeg != nil && (song.Album != spec.Album || song.Track != spec.Track || song.Genre != spec.Genre) {
				t.Errorf("%s: album %q track %d genre %q, want %q %d %q", song.Name, song.Album, song.Track, song.Genre,
					spec.Album, spec.Track, spec.Genre)
			}
		}
		views += song.Count
	}
	if views == 0 {
		t.Error("no listens were seeded: top songs would be empty")
	}
	artists, _ := db.Artists(ctx)
	if len(artists) != 2 {
		t.Errorf("artists: %d", len(artists))
	}
	// Artists go by their names with capitals, their accounts by handles.
	for _, spec := range s.Specs {
		a, err := db.Artist(ctx, spec.Artist)
		if err != nil || a.Name != spec.ArtistName || a.Username != spec.Artist {
			t.Errorf("artist %s: %+v, %v; want %q", spec.Artist, a, err, spec.ArtistName)
		}
	}
	// The two seeded songs land in the playlists and likes that name them.
	lists, _ := db.PlaylistsByUser(ctx, u.ID)
	inLists := 0
	for _, p := range lists {
		inLists += p.Songs
	}
	liked, _ := db.LikedSongs(ctx, u.ID)
	if len(lists) != 4 || inLists+len(liked) == 0 {
		t.Errorf("demo library: %d playlists holding %d songs, %d likes", len(lists), inLists, len(liked))
	}
	// Subscribers (recommendations on every instance) hear all of it.
	events, err := db.EventsAfter(ctx, 0, 10000)
	if err != nil {
		t.Fatal(err)
	}
	count := map[musicify.EventType]int64{}
	for _, e := range events {
		count[e.Type]++
	}
	if count[musicify.EventSongAdded] < 2 || count[musicify.EventListened] != views || count[musicify.EventLiked] != int64(len(liked)) {
		t.Errorf("events of the seeding: %v; want 2 songs, %d listens, %d likes", count, views, len(liked))
	}
	if needed, _ := s.Needed(ctx); needed {
		t.Error("a seeded database still needs seeding")
	}
}

func TestSeedingResumesAfterAStopButLeavesRealServersAlone(t *testing.T) {
	ctx := context.Background()
	t.Run("a first seeding cut short is finished", func(t *testing.T) {
		s, db := newSeeder(t)
		both := s.Specs
		s.Specs = both[:1]
		if err := s.Seed(ctx); err != nil {
			t.Fatal(err)
		}
		// A stop before the end leaves no mark: hide the one this run wrote.
		s.Store, s.Specs = unmarked{db}, both
		if needed, _ := s.Needed(ctx); !needed {
			t.Fatal("a demo listener without a complete catalog should be seeded")
		}
		if err := s.Seed(ctx); err != nil {
			t.Fatal(err)
		}
		songs, _ := db.Songs(ctx)
		if len(songs) != 2 || songs[0].Name == songs[1].Name {
			t.Fatalf("after resuming: %d songs", len(songs))
		}
	})
	t.Run("a server with its own accounts", func(t *testing.T) {
		s, db := newSeeder(t)
		if err := db.CreateUser(ctx, &musicify.User{Username: "owner", Email: "owner@example.com"}); err != nil {
			t.Fatal(err)
		}
		if needed, err := s.Needed(ctx); err != nil || needed {
			t.Fatalf("needed=%v %v", needed, err)
		}
	})
}

// unmarked is a store whose demo catalog was never marked complete.
type unmarked struct{ demo.Store }

func (unmarked) Setting(context.Context, string) (string, error) {
	return "", musicify.Errorf(musicify.ENOTFOUND, "not set")
}
