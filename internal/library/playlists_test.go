package library

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlistfile"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// admin makes the account the library's playlists belong to.
func admin(t *testing.T, db *sqlstore.DB, name string) *musicify.User {
	t.Helper()
	ctx := context.Background()
	u := &musicify.User{Username: name, Email: name + "@example.com"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := db.SetAdmin(ctx, u.ID, true); err != nil {
		t.Fatal(err)
	}
	return u
}

func songNames(songs []*musicify.Song) []string {
	var out []string
	for _, s := range songs {
		out = append(out, s.Name)
	}
	return out
}

func (r *rig) playlistSongs(p *musicify.Playlist) []string {
	r.t.Helper()
	songs, err := r.db.PlaylistSongs(context.Background(), p.ID)
	if err != nil {
		r.t.Fatal(err)
	}
	return songNames(songs)
}

func TestPlaylistFilesInTheLibraryBecomeTheAdminsPlaylistsKeptInStep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		r.s.Analyze = false
		makeAudio(t, r.path("Neon Shore/Ebb/01 Low Tide.mp3"), "-metadata", "title=Low Tide", "-metadata", "artist=Neon Shore")
		makeAudio(t, r.path("Neon Shore/Ebb/02 Undertow.mp3"), "-metadata", "title=Undertow", "-metadata", "artist=Neon Shore")
		makeAudio(t, r.path("Other/03 Drift.mp3"), "-metadata", "title=Drift", "-metadata", "artist=Pale")
		// Beside its songs, one of them in other capitals, one not there.
		writeFile(t, r.path("Neon Shore/Ebb/Ebb.m3u"), []byte("#EXTM3U\r\n01 Low Tide.mp3\r\n02 UNDERTOW.mp3\r\n#EXTINF:61,Nobody - Lost Song\r\nlost.mp3\r\n"))
		// From another machine: its music root differs, Windows slashes,
		// and a path relative to the playlist's own folder.
		writeFile(t, r.path("lists/Mix.m3u8"), []byte("D:\\Music\\Other\\03 Drift.mp3\n../Neon Shore/Ebb/01 Low Tide.mp3\n"))
		writeFile(t, r.path(".hidden/No.m3u"), []byte("Other/03 Drift.mp3\n"))

		r.scan()
		owner := admin(t, r.db, "boss") // no admin at the first scan: the files wait for one
		if mine, _ := r.db.PlaylistsByUser(ctx, owner.ID); len(mine) != 0 {
			t.Fatalf("playlists before an admin: %+v", mine)
		}
		st := r.scan()
		mine, err := r.db.PlaylistsByUser(ctx, owner.ID)
		if err != nil || len(mine) != 2 {
			t.Fatalf("admin's playlists = %+v, %v", mine, err)
		}
		ebb, err := r.db.PlaylistByName(ctx, owner.ID, "Ebb")
		if err != nil {
			t.Fatal(err)
		}
		mix, err := r.db.PlaylistByName(ctx, owner.ID, "Mix")
		if err != nil {
			t.Fatal(err)
		}
		if got := r.playlistSongs(ebb); strings.Join(got, ",") != "Low Tide,Undertow" {
			t.Errorf("Ebb = %v", got)
		}
		if got := r.playlistSongs(mix); strings.Join(got, ",") != "Drift,Low Tide" {
			t.Errorf("Mix = %v", got)
		}
		var reported string
		for _, f := range st.Failures {
			if f.Path == "Neon Shore/Ebb/Ebb.m3u" {
				reported = f.Reason
			}
		}
		if !strings.Contains(reported, "1 of 3 entries") || !strings.Contains(reported, "line 5: Nobody – Lost Song (lost.mp3)") {
			t.Errorf("the unmatched entry is not reported: %q (failures %+v)", reported, st.Failures)
		}

		// A rescan changes nothing and adds no playlist.
		r.scan()
		if again, _ := r.db.PlaylistsByUser(ctx, owner.ID); len(again) != 2 {
			t.Fatalf("after a rescan: %+v", again)
		}

		// The file changes: the same playlist follows it.
		writeFile(t, r.path("Neon Shore/Ebb/Ebb.m3u"), []byte("02 Undertow.mp3\n../../Other/03 Drift.mp3\n01 Low Tide.mp3\n"))
		r.touch("Neon Shore/Ebb/Ebb.m3u", time.Minute)
		st = r.scan()
		ebb2, err := r.db.PlaylistByName(ctx, owner.ID, "Ebb")
		if err != nil || ebb2.ID != ebb.ID {
			t.Fatalf("Ebb after its file changed: %+v, %v (was %s)", ebb2, err, ebb.ID)
		}
		if got := r.playlistSongs(ebb2); strings.Join(got, ",") != "Undertow,Drift,Low Tide" {
			t.Errorf("Ebb after the change = %v", got)
		}
		for _, f := range st.Failures {
			if f.Path == "Neon Shore/Ebb/Ebb.m3u" {
				t.Errorf("still reported: %+v", f)
			}
		}

		// The file goes: so does its playlist.
		if err := os.Remove(r.path("lists/Mix.m3u8")); err != nil {
			t.Fatal(err)
		}
		r.scan()
		if _, err := r.db.Playlist(ctx, mix.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("Mix after its file went: %v", err)
		}
		if _, err := r.db.Playlist(ctx, ebb.ID); err != nil {
			t.Errorf("Ebb went too: %v", err)
		}

		// A playlist its owner deleted stays deleted while its file does not
		// change, even with entries still looked for at every scan.
		writeFile(t, r.path("Gone.pls"), []byte("[playlist]\nFile1=Other/03 Drift.mp3\nFile2=nowhere.mp3\n"))
		r.scan()
		gone, err := r.db.PlaylistByName(ctx, owner.ID, "Gone")
		if err != nil {
			t.Fatal(err)
		}
		if err := r.db.DeletePlaylist(ctx, gone.ID); err != nil {
			t.Fatal(err)
		}
		r.scan()
		r.scan()
		if _, err := r.db.PlaylistByName(ctx, owner.ID, "Gone"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("a deleted playlist came back: %v", err)
		}
	})
}

// TestMatchingByTagsFindsSongsListedOnAnotherMachine matches entries
// whose paths mean nothing here by their tags, through the real search.
func TestMatchingByTagsFindsSongsListedOnAnotherMachine(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		r.s.Analyze = false
		makeAudio(t, r.path("a/Low Tide.mp3"), "-metadata", "title=Low Tide", "-metadata", "artist=Neon Shore")
		makeAudio(t, r.path("b/Undertow.mp3"), "-metadata", "title=Undertow", "-metadata", "artist=Neon Shore")
		r.scan()
		songs, err := r.db.Songs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m := &playlistfile.Matcher{Library: playlistfile.LibrarySongs(songs), Search: &search.Service{Index: r.db}, Songs: r.db}
		entries, _, err := playlistfile.Parse([]byte(`#EXTM3U
#EXTINF:0,Neon Shore - Low Tyde
/Users/someone/iTunes/Unknown/x1.mp3
#EXTINF:0,neon shore - UNDERTOW
C:\Users\x\Music\whatever.mp3
#EXTINF:400,Neon Shore - Low Tide
/elsewhere/y.mp3
#EXTINF:0,Somebody Else - Undertow
/elsewhere/z.mp3
/nowhere/Low Tide.mp3
`))
		if err != nil {
			t.Fatal(err)
		}
		results, err := m.Match(ctx, entries, playlistfile.Base{})
		if err != nil {
			t.Fatal(err)
		}
		lowTide, undertow := r.file("a/Low Tide.mp3").SongID, r.file("b/Undertow.mp3").SongID
		want := []struct{ id, by string }{
			{lowTide, "tags"},  // a typo in the title
			{undertow, "tags"}, // other capitals
			{"", ""},           // the duration is far off: another recording
			{"", ""},           // another artist
			{lowTide, "path"},  // the file name alone, one such file here
		}
		for i, w := range want {
			if results[i].SongID != w.id || results[i].By != w.by {
				t.Errorf("entry %d (%+v) = %q by %q, want %q by %q", i+1, results[i].Entry, results[i].SongID, results[i].By, w.id, w.by)
			}
		}
	})
}

// TestFolderPlaylistFilesMatchByTagsWhenThePathsAreForeign: a playlist
// file copied from another machine into the music folder names files
// that are not here; with the search, its entries are found by tags.
func TestFolderPlaylistFilesMatchByTagsWhenThePathsAreForeign(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		r.s.Analyze = false
		r.s.Search, r.s.Songs = &search.Service{Index: r.db}, r.db
		owner := admin(t, r.db, "owner")
		makeAudio(t, r.path("a/Low Tide.mp3"), "-metadata", "title=Low Tide", "-metadata", "artist=Neon Shore")
		makeAudio(t, r.path("b/Undertow.mp3"), "-metadata", "title=Undertow", "-metadata", "artist=Neon Shore")
		writeFile(t, r.path("lists/Road.m3u8"), []byte("#EXTM3U\n#EXTINF:0,Neon Shore - Undertow\n/Users/x/iTunes/u.mp3\n#EXTINF:0,Neon Shore - Low Tide\n/Users/x/iTunes/l.mp3\n"))
		r.scan()
		p, err := r.db.PlaylistByName(context.Background(), owner.ID, "Road")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(r.playlistSongs(p), ", "); got != "Undertow, Low Tide" {
			t.Errorf("songs %q, want Undertow, Low Tide", got)
		}
	})
}
