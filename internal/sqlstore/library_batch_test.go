package sqlstore_test

import (
	"context"
	"testing"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A batch stores every song as AddLibrarySong would (album and artist
// rows shared, genres, jobs, search, one song.added each, in order); a bad
// song in it fails alone.
func TestAddLibrarySongsStoresABatchAndABadSongFailsAlone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		folder, err := db.LibraryFolder(ctx, "/music")
		if err != nil {
			t.Fatal(err)
		}
		before, err := db.EventsAfter(ctx, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		var last uint64
		if len(before) > 0 {
			last = before[len(before)-1].Seq
		}
		tags := func(title string, genres ...string) musicify.TrackTags {
			return musicify.TrackTags{Title: title, Artist: "Neon Shore", Album: "Tidal", Year: 2001, Genres: genres}
		}
		songs := []musicify.LibraryImport{
			{Song: libSong(folder.ID, "Tidal/01 Tide.flac", "fp1"), Tags: tags("Tide", "Ambient", "Drone"),
				Jobs: []*musicify.Job{{Kind: catalog.JobAnalyze, Priority: musicify.JobBulk}}},
			{Song: libSong(folder.ID, "Tidal/02 Ebb.flac", "fp2"), Tags: tags("Ebb", "Ambient")},
			{Song: libSong(folder.ID, "Tidal/03 Flood.flac", "fp3"), Tags: tags("Flood")},
			{Song: libSong(folder.ID, "Other/01 Moss.flac", "fp4"), Tags: musicify.TrackTags{Title: "Moss", Artist: "Quiet Owls",
				AlbumArtist: "Various Artists", Album: "Mixed", Compilation: true}},
		}
		// The third is bad: it has the content hash of the first, and
		// library songs are unique by it.
		songs[2].Song.SHA256 = songs[0].Song.SHA256
		songs[0].Jobs[0].Subject = songs[0].Song.ID
		errs := db.AddLibrarySongs(ctx, songs)
		if len(errs) != len(songs) {
			t.Fatalf("%d errors for %d songs", len(errs), len(songs))
		}
		for i, err := range errs {
			if (err != nil) != (i == 2) {
				t.Errorf("song %d: err = %v; want only the third to fail", i, err)
			}
		}

		files, err := db.LibraryFiles(ctx, folder.ID)
		if err != nil || len(files) != 3 {
			t.Fatalf("files = %+v, %v; want the three good songs", files, err)
		}
		a, b, c := songs[0].Song, songs[1].Song, songs[3].Song
		for _, s := range []*musicify.Song{a, b, c} {
			got, err := db.Song(ctx, s.ID)
			if err != nil || got.UserID != musicify.LibraryUserID || got.AlbumID == "" || got.AlbumID != s.AlbumID {
				t.Fatalf("song %s = %+v, %v", s.Name, got, err)
			}
		}
		if a.AlbumID != b.AlbumID || a.ArtistID != b.ArtistID || a.AlbumID == c.AlbumID {
			t.Errorf("albums %s %s %s, artists %s %s: one album for the first two", a.AlbumID, b.AlbumID, c.AlbumID, a.ArtistID, b.ArtistID)
		}
		if al, err := db.Album(ctx, a.AlbumID); err != nil || al.Songs != 2 || al.Year != 2001 || al.Genre != "Ambient" {
			t.Errorf("album = %+v, %v", al, err)
		}
		if al, err := db.Album(ctx, c.AlbumID); err != nil || al.Artist != "Various Artists" || !al.Compilation {
			t.Errorf("compilation = %+v, %v", al, err)
		}
		if list, _ := db.SongsByGenre(ctx, "drone", 0, 10); len(list) != 1 || list[0].ID != a.ID {
			t.Errorf("drone lists %+v", list)
		}
		if list, _ := db.SongsByGenre(ctx, "ambient", 0, 10); len(list) != 2 {
			t.Errorf("ambient lists %d songs", len(list))
		}
		if jobs, err := db.JobsFor(ctx, a.ID); err != nil || len(jobs) != 1 || jobs[0].Kind != catalog.JobAnalyze {
			t.Errorf("jobs = %+v, %v", jobs, err)
		}
		for word, want := range map[string]string{"ebb": b.ID, "moss": c.ID, "flood": ""} {
			ids := searchSongs(t, db, word)
			if (want == "" && len(ids) != 0) || (want != "" && (len(ids) != 1 || ids[0] != want)) {
				t.Errorf("search %q = %v; want %q", word, ids, want)
			}
		}

		events, err := db.EventsAfter(ctx, last, 100)
		if err != nil {
			t.Fatal(err)
		}
		var added []string
		for _, e := range events {
			if e.Type == musicify.EventSongAdded {
				added = append(added, e.SongID)
			}
		}
		if len(added) != 3 || added[0] != a.ID || added[1] != b.ID || added[2] != c.ID {
			t.Errorf("song.added for %v; want %v", added, []string{a.ID, b.ID, c.ID})
		}

		// A whole good batch takes one more song into the same album.
		d := libSong(folder.ID, "Tidal/04 Swell.flac", "fp5")
		if errs := db.AddLibrarySongs(ctx, []musicify.LibraryImport{{Song: d, Tags: tags("Swell")}}); errs[0] != nil {
			t.Fatal(errs[0])
		}
		if d.AlbumID != a.AlbumID {
			t.Errorf("a later batch made album %s, not %s", d.AlbumID, a.AlbumID)
		}
		if errs := db.AddLibrarySongs(ctx, nil); len(errs) != 0 {
			t.Errorf("an empty batch = %v", errs)
		}
	})
}
