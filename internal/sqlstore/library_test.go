package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// libSong is a library file as the scanner stores it.
func libSong(folder, path, fingerprint string) *musicify.Song {
	return &musicify.Song{ID: musicify.NewID(), Name: path, Format: "flac", Size: 10, SHA256: "lib:" + folder + "/" + path,
		AudioKey: musicify.LibraryKeyPrefix + folder + "/" + path, LibraryPath: folder + "/" + path,
		ModTime: time.UnixMilli(1_700_000_000_000), Fingerprint: fingerprint}
}

func searchSongs(t *testing.T, db *sqlstore.DB, word string) []string {
	t.Helper()
	hits, err := db.Search(context.Background(), musicify.KindSong, musicify.Query{{{Word: word}}}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	return ids
}

func TestLibrarySongsChangeGoMissingComeBackAndMove(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		folder, err := db.LibraryFolder(ctx, "/music")
		if err != nil {
			t.Fatal(err)
		}
		other, err := db.LibraryFolder(ctx, "/more")
		if err != nil {
			t.Fatal(err)
		}
		s := libSong(folder.ID, "Neon Shore/Tidal/01 Tide.flac", "fp1")
		if err := db.AddLibrarySong(ctx, s, musicify.TrackTags{Title: "Tide", Artist: "Neon Shore", Album: "Tidal",
			Genres: []string{"Ambient", "Drone"}, MBTrackID: "mb-1"}); err != nil {
			t.Fatal(err)
		}
		if err := db.AddLibrarySong(ctx, libSong(other.ID, "x.flac", "fp9"), musicify.TrackTags{Title: "Elsewhere"}); err != nil {
			t.Fatal(err)
		}
		files, err := db.LibraryFiles(ctx, folder.ID)
		if err != nil || len(files) != 1 {
			t.Fatalf("files = %+v, %v; want the one song of the folder", files, err)
		}
		f := files[0]
		if f.SongID != s.ID || f.Path != "Neon Shore/Tidal/01 Tide.flac" || f.Size != 10 || !f.ModTime.Equal(s.ModTime) ||
			f.Fingerprint != "fp1" || f.MBID != "mb-1" || f.Missing || f.AlbumID == "" {
			t.Errorf("file = %+v", f)
		}
		if got, err := db.SongByLibraryPath(ctx, folder.ID+"/Neon Shore/Tidal/01 Tide.flac"); err != nil || got.ID != s.ID {
			t.Errorf("by its library path: %+v, %v", got, err)
		}
		if _, err := db.SongByLibraryPath(ctx, folder.ID+"/x.flac"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("a path of the other folder: %v", err)
		}

		// Someone likes it, plays it and puts it in a playlist.
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Like(ctx, u.ID, s.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AddView(ctx, s.ID, u.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		p := &musicify.Playlist{Name: "Sea", UserID: u.ID}
		if err := db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := db.AddPlaylistSong(ctx, p.ID, s.ID); err != nil {
			t.Fatal(err)
		}

		// Re-tagged: new title, album and genres on the same row.
		s.ModTime, s.Size, s.Fingerprint = s.ModTime.Add(time.Minute), 12, "fp2"
		if err := db.UpdateLibrarySong(ctx, s, musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore",
			Album: "Ebb", Genres: []string{"Techno"}, Lyrics: "salt and foam"}); err != nil {
			t.Fatal(err)
		}
		got, err := db.Song(ctx, s.ID)
		if err != nil || got.Title != "Low Tide" || got.Album != "Ebb" || got.Size != 12 || got.Genre != "Techno" || got.Count != 1 {
			t.Fatalf("updated = %+v, %v", got, err)
		}
		if ids := searchSongs(t, db, "foam"); len(ids) != 1 || ids[0] != s.ID {
			t.Errorf("search for the new lyrics = %v", ids)
		}
		if list, _ := db.SongsByGenre(ctx, "ambient", 0, 10); len(list) != 0 {
			t.Errorf("the old genre still lists it: %d", len(list))
		}
		if list, _ := db.SongsByGenre(ctx, "techno", 0, 10); len(list) != 1 {
			t.Errorf("the new genre lists %d songs", len(list))
		}

		// Deleted: gone from listings and search, kept in likes and playlists.
		if err := db.MarkLibraryMissing(ctx, []string{s.ID}); err != nil {
			t.Fatal(err)
		}
		if ids := searchSongs(t, db, "foam"); len(ids) != 0 {
			t.Errorf("a missing song is found: %v", ids)
		}
		all, _ := db.Songs(ctx)
		for _, x := range all {
			if x.ID == s.ID {
				t.Error("a missing song is listed")
			}
		}
		if got, _ := db.Song(ctx, s.ID); got == nil || !got.Missing {
			t.Errorf("missing song = %+v", got)
		}
		liked, _ := db.LikedSongs(ctx, u.ID)
		inList, _ := db.PlaylistSongs(ctx, p.ID)
		if len(liked) != 1 || len(inList) != 1 {
			t.Errorf("likes %d, playlist %d: a missing song must stay in both", len(liked), len(inList))
		}
		if files, _ := db.LibraryFiles(ctx, folder.ID); len(files) != 1 || !files[0].Missing {
			t.Errorf("files = %+v", files)
		}

		// Found again under another name (moved): the same row, found and searchable.
		moved := libSong(folder.ID, "Ebb/01 Low Tide.flac", "fp2")
		moved.ID, moved.ModTime = s.ID, s.ModTime
		if err := db.UpdateLibrarySong(ctx, moved, musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore",
			Album: "Ebb", Lyrics: "salt and foam"}); err != nil {
			t.Fatal(err)
		}
		got, err = db.Song(ctx, s.ID)
		if err != nil || got.Missing || got.LibraryPath != folder.ID+"/Ebb/01 Low Tide.flac" || got.AudioKey != "lib/"+folder.ID+"/Ebb/01 Low Tide.flac" || got.Count != 1 {
			t.Fatalf("moved = %+v, %v", got, err)
		}
		if ids := searchSongs(t, db, "foam"); len(ids) != 1 {
			t.Errorf("a song that came back is not found: %v", ids)
		}
		liked, _ = db.LikedSongs(ctx, u.ID)
		inList, _ = db.PlaylistSongs(ctx, p.ID)
		if len(liked) != 1 || len(inList) != 1 || liked[0].Missing {
			t.Errorf("likes %d, playlist %d after the move", len(liked), len(inList))
		}

		if err := db.UpdateLibrarySong(ctx, libSong(folder.ID, "nope.flac", ""), musicify.TrackTags{}); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("updating no song = %v", err)
		}
	})
}

func TestAnAlbumKeepsItsFirstCover(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		folder, _ := db.LibraryFolder(ctx, "/music")
		s := libSong(folder.ID, "a.flac", "")
		if err := db.AddLibrarySong(ctx, s, musicify.TrackTags{Title: "A", Album: "Both", Artist: "X"}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			key  string
			took bool
		}{{"covers/one", true}, {"covers/two", false}} {
			if took, err := db.SetAlbumCover(ctx, s.AlbumID, tc.key); err != nil || took != tc.took {
				t.Errorf("SetAlbumCover(%s) = %v, %v; want %v", tc.key, took, err, tc.took)
			}
		}
		if a, _ := db.Album(ctx, s.AlbumID); a == nil || a.CoverKey != "covers/one" {
			t.Errorf("album = %+v", a)
		}
	})
}
