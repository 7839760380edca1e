package sqlstore_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// albumNames lists the names of albums, for comparing pages.
func albumNames(list []*musicify.Album) []string {
	var out []string
	for _, a := range list {
		out = append(out, a.Name)
	}
	return out
}

// An upload lands under its uploader's artist and its album tag, or a
// single named after it; the library's files under their tags.
func TestUploadsAndImportsFileUnderArtistsAndAlbums(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		ann := &musicify.User{Username: "Ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, ann); err != nil {
			t.Fatal(err)
		}
		for i, s := range []musicify.Song{{Name: "One", Album: "Harbor"}, {Name: "Two", Album: "harbor "}, {Name: "Lone"}} {
			s.ID, s.UserID, s.Format, s.Size, s.SHA256, s.AudioKey = fmt.Sprint("u", i), ann.ID, "mp3", 1, fmt.Sprint(i), "k"
			if err := db.CreateSong(ctx, &s); err != nil {
				t.Fatal(err)
			}
		}
		folder, err := db.LibraryFolder(ctx, "/music")
		if err != nil {
			t.Fatal(err)
		}
		for i, tags := range []musicify.TrackTags{
			{Title: "Tide", Artist: "Neon Harbor", Album: "Shores", Track: 2, Year: 1994, Genres: []string{"Ambient", "Dream Pop"}},
			{Title: "Dawn", Artist: "neon harbor", Album: "Shores", Track: 1, Disc: 1, Year: 1994, Genres: []string{"ambient"}},
			{Title: "Mixed", Artist: "Sola Ridge", Album: "Summer Hits", Compilation: true, Genres: []string{"Pop"}},
		} {
			path := fmt.Sprintf("%s/%d.flac", folder.ID, i)
			s := &musicify.Song{ID: fmt.Sprint("l", i), Name: tags.Title, Format: "flac", Size: 1, SHA256: path,
				AudioKey: "lib/" + path, LibraryPath: path}
			if err := db.AddLibrarySong(ctx, s, tags); err != nil {
				t.Fatal(err)
			}
		}

		a, err := db.Artist(ctx, "NEON HARBOR")
		if err != nil || a.Name != "Neon Harbor" || a.Songs != 2 || a.Albums != 1 || a.UserID != "" {
			t.Fatalf("artist by any case: %+v, %v", a, err)
		}
		mine, err := db.Artist(ctx, "ann")
		if err != nil || mine.Name != "Ann" || mine.UserID != ann.ID || mine.Albums != 2 {
			t.Fatalf("an uploader's artist: %+v, %v", mine, err)
		}
		if byUser, _ := db.ArtistsByUserIDs(ctx, []string{ann.ID}); len(byUser) != 1 || byUser[0].ID != mine.ID {
			t.Errorf("artists by uploader: %+v", byUser)
		}
		if va, err := db.Artist(ctx, musicify.VariousArtists); err != nil || va.Albums != 1 || va.Songs != 0 {
			t.Errorf("a compilation is by Various Artists: %+v, %v", va, err)
		}

		all, err := db.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsName})
		if err != nil {
			t.Fatal(err)
		}
		if got := albumNames(all); !slices.Equal(got, []string{"Harbor", "Lone", "Shores", "Summer Hits"}) {
			t.Fatalf("albums A–Z: %v", got)
		}
		shores := all[2]
		if shores.Artist != "Neon Harbor" || shores.Year != 1994 || shores.Songs != 2 || shores.Genre != "Ambient" {
			t.Errorf("album: %+v", shores)
		}
		songs, err := db.AlbumSongs(ctx, shores.ID)
		if err != nil || len(songs) != 2 || songs[0].Name != "Dawn" || songs[1].Name != "Tide" {
			t.Fatalf("album songs in track order: %v, %v", songs, err)
		}
		if s := songs[0]; s.Uploader != "" || s.Artist != "neon harbor" || s.AlbumID != shores.ID || s.Album != "Shores" {
			t.Errorf("an imported song: %+v", s)
		}
		if s, _ := db.Song(ctx, "u0"); s.Uploader != "Ann" || s.Artist != "Ann" || s.ArtistID != mine.ID {
			t.Errorf("an upload: %+v", s)
		}

		byGenre, _ := db.Albums(ctx, musicify.AlbumQuery{Genre: "AMBIENT"})
		if got := albumNames(byGenre); !slices.Equal(got, []string{"Shores"}) {
			t.Errorf("albums of a genre: %v", got)
		}
		decade, _ := db.Albums(ctx, musicify.AlbumQuery{FromYear: 1990, ToYear: 1999})
		if got := albumNames(decade); !slices.Equal(got, []string{"Shores"}) {
			t.Errorf("albums of the 90s: %v", got)
		}
		page, _ := db.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsName, Offset: 1, Limit: 2})
		if got := albumNames(page); !slices.Equal(got, []string{"Lone", "Shores"}) {
			t.Errorf("a page: %v", got)
		}
		genres, err := db.Genres(ctx)
		if err != nil || len(genres) != 3 || genres[0].Name != "Ambient" || genres[0].Songs != 2 || genres[1].Name != "Dream Pop" {
			t.Fatalf("genres: %+v, %v", genres, err)
		}
		if list, _ := db.SongsByGenre(ctx, "dream pop", 0, 10); len(list) != 1 || list[0].ID != "l0" {
			t.Errorf("songs of a genre: %v", list)
		}
		if list, _ := db.RandomSongs(ctx, musicify.RandomQuery{Size: 10, Genre: "Pop"}); len(list) != 1 || list[0].ID != "l2" {
			t.Errorf("random songs of a genre: %v", list)
		}
		// Many at once, in the order asked, unknown ids skipped.
		if list, _ := db.AlbumsByIDs(ctx, []string{all[3].ID, "nope", all[0].ID}); len(list) != 2 ||
			list[0].Name != "Summer Hits" || list[1].Name != "Harbor" {
			t.Errorf("albums by ids: %v", albumNames(list))
		}
		if list, _ := db.ArtistsByIDs(ctx, []string{a.ID, "nope", mine.ID}); len(list) != 2 || list[0].Name != "Neon Harbor" || list[1].Name != "Ann" {
			t.Errorf("artists by ids: %+v", list)
		}
		var paged []string
		for offset := 0; offset < 8; offset += 2 {
			list, err := db.SongsPage(ctx, offset, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range list {
				paged = append(paged, s.ID)
			}
		}
		if len(paged) != 6 || len(slices.Compact(slices.Sorted(slices.Values(paged)))) != 6 {
			t.Errorf("every song once, page by page: %v", paged)
		}
	})
}

// Most played sorts by the listens albums are kept counting.
func TestAlbumsSortByPlays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		ann := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, ann); err != nil {
			t.Fatal(err)
		}
		for i, name := range []string{"Quiet", "Loud"} {
			s := &musicify.Song{ID: fmt.Sprint("s", i), Name: name, UserID: ann.ID, Format: "mp3", Size: 1, SHA256: name, AudioKey: "k"}
			if err := db.CreateSong(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			if _, err := db.AddView(ctx, "s1", ann.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		list, err := db.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsPlays})
		if err != nil || !slices.Equal(albumNames(list), []string{"Loud", "Quiet"}) || list[0].Plays != 2 {
			t.Fatalf("most played: %v %v", albumNames(list), err)
		}
	})
}

// The library account owns imported songs; it is nobody to list, find or sign in as.
func TestTheLibraryAccountIsNoPerson(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		users, err := db.Users(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range users {
			if u.ID == musicify.LibraryUserID {
				t.Error("Users lists the library account")
			}
		}
		if u, err := db.UserByID(ctx, musicify.LibraryUserID); err != nil || u.PasswordHash != "" {
			t.Fatalf("the library account: %+v, %v", u, err)
		}
		if err := musicify.ValidateUsername("~library"); err == nil {
			t.Error("'~library' can be signed up")
		}
		if hits, err := searchUsers(ctx, db, "library"); err != nil || len(hits) != 0 {
			t.Errorf("searching people finds the library: %v %v", hits, err)
		}
	})
}

func searchUsers(ctx context.Context, db *sqlstore.DB, word string) ([]musicify.Hit, error) {
	return db.Search(ctx, musicify.KindUser, musicify.Query{{{Word: word, Prefix: true}}}, 10)
}

// An uploader names their artist with its capitals: their songs, their
// page, search and the recommender (song.added) go by it; links by their
// username keep working; another artist's name is taken.
func TestAnUploaderNamesTheirArtist(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		neon, bob := newUser(t, db, "neon-harbor"), newUser(t, db, "bob")
		newSong(t, db, "s1", neon.ID)
		newSong(t, db, "s2", neon.ID)
		folder, err := db.LibraryFolder(ctx, "/music")
		if err != nil {
			t.Fatal(err)
		}
		lib := &musicify.Song{ID: "l1", Name: "Tide", Format: "flac", Size: 1, SHA256: "l1", AudioKey: "lib/l1",
			LibraryPath: folder.ID + "/l1.flac"}
		if err := db.AddLibrarySong(ctx, lib, musicify.TrackTags{Title: "Tide", Artist: "Sola Ridge"}); err != nil {
			t.Fatal(err)
		}
		if name, err := db.ArtistName(ctx, neon.ID); err != nil || name != "neon-harbor" {
			t.Fatalf("before choosing: %q, %v", name, err)
		}
		last, err := db.LastEventSeq(ctx)
		if err != nil {
			t.Fatal(err)
		}

		if err := db.SetArtistName(ctx, neon.ID, "  Tidewater   Collective "); err != nil {
			t.Fatal(err)
		}
		a, err := db.Artist(ctx, "neon-harbor")
		if err != nil || a.Name != "Tidewater Collective" || a.Username != "neon-harbor" || a.UserID != neon.ID || a.Songs != 2 {
			t.Fatalf("by username: %+v, %v", a, err)
		}
		if b, err := db.Artist(ctx, "TIDEWATER collective"); err != nil || b.ID != a.ID {
			t.Fatalf("by name: %+v, %v", b, err)
		}
		if songs, err := db.SongsByArtist(ctx, "Tidewater Collective"); err != nil || len(songs) != 2 || songs[0].Artist != "Tidewater Collective" || songs[0].Uploader != "neon-harbor" {
			t.Fatalf("songs by name: %v, %v", songs, err)
		}
		if songs, _ := db.SongsByArtist(ctx, "neon-harbor"); len(songs) != 2 {
			t.Errorf("songs by username: %v", songs)
		}
		if got := searchSongs(t, db, "collective"); len(got) != 2 {
			t.Errorf("search by the new name: %v", got)
		}
		events, err := db.EventsAfter(ctx, last, 10)
		if err != nil {
			t.Fatal(err)
		}
		if got := describe(t, events); !slices.Equal(slices.Sorted(slices.Values(got)), []string{
			"song.added s1 {Song s1 Tidewater Collective []   }", "song.added s2 {Song s2 Tidewater Collective []   }"}) {
			t.Errorf("events: %q", got)
		}

		if err := db.SetArtistName(ctx, neon.ID, "TIDEWATER COLLECTIVE"); err != nil {
			t.Errorf("changing only the capitals: %v", err)
		}
		for who, name := range map[*musicify.User]string{bob: "tidewater collective", neon: "sola ridge"} {
			if err := db.SetArtistName(ctx, who.ID, name); musicify.ErrorCode(err) != musicify.ECONFLICT || musicify.ErrorField(err) != "name" {
				t.Errorf("%s taking %q: %v", who.Username, name, err)
			}
		}
		if s, _ := db.Song(ctx, "l1"); s.Artist != "Sola Ridge" {
			t.Errorf("the library's song: %+v", s)
		}

		// Named before any upload: the first upload goes under that name.
		if err := db.SetArtistName(ctx, bob.ID, "Bob & The Gulls"); err != nil {
			t.Fatal(err)
		}
		newSong(t, db, "b1", bob.ID)
		if s, err := db.Song(ctx, "b1"); err != nil || s.Artist != "Bob & The Gulls" {
			t.Fatalf("bob's upload: %+v, %v", s, err)
		}
		if name, _ := db.ArtistName(ctx, bob.ID); name != "Bob & The Gulls" {
			t.Errorf("bob's artist name: %q", name)
		}
	})
}

// Albums A–Z (and by artist) go by letters as a reader sees them: an
// accented name among its base letter, capitals no matter, pages cut
// from that order.
func TestAlbumsSortAlphabeticallyAcrossAccentsAndCase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db, ctx := open(t), context.Background()
		folder, err := db.LibraryFolder(ctx, "/music")
		if err != nil {
			t.Fatal(err)
		}
		for i, tags := range []musicify.TrackTags{
			{Title: "a", Artist: "Sigur Rós", Album: "Wire Low Sessions"},
			{Title: "b", Artist: "Ólafur Arnalds", Album: "Ágætis byrjun"},
			{Title: "c", Artist: "zola", Album: "apple"},
			{Title: "d", Artist: "Anna", Album: "Zebra"},
			{Title: "e", Artist: "Émile", Album: "Échos"},
		} {
			path := fmt.Sprintf("%s/%d.flac", folder.ID, i)
			s := &musicify.Song{ID: fmt.Sprint("l", i), Name: tags.Title, Format: "flac", Size: 1, SHA256: path,
				AudioKey: "lib/" + path, LibraryPath: path}
			if err := db.AddLibrarySong(ctx, s, tags); err != nil {
				t.Fatal(err)
			}
		}
		byName, err := db.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsName})
		if got := albumNames(byName); err != nil || !slices.Equal(got, []string{"Ágætis byrjun", "apple", "Échos", "Wire Low Sessions", "Zebra"}) {
			t.Errorf("albums A–Z: %v %v", got, err)
		}
		byArtist, err := db.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsArtist})
		if got := albumNames(byArtist); err != nil || !slices.Equal(got, []string{"Zebra", "Échos", "Ágætis byrjun", "Wire Low Sessions", "apple"}) {
			t.Errorf("albums by artist A–Z: %v %v", got, err)
		}
		page, err := db.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsName, Offset: 3, Limit: 5})
		if got := albumNames(page); err != nil || !slices.Equal(got, []string{"Wire Low Sessions", "Zebra"}) {
			t.Errorf("the last page: %v %v", got, err)
		}
	})
}
