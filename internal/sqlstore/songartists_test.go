package sqlstore_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func credits(s *musicify.Song) string {
	out := ""
	for _, a := range s.Artists {
		out += a.Role + ":" + a.Name
		if a.SubRole != "" {
			out += "/" + a.SubRole
		}
		out += " "
	}
	return out
}

// "A feat. B" is shown as tagged, filed under A, and credits B as an
// artist of its own whose page holds the song; a retag moves the credits,
// and an artist left with nothing leaves the lists.
func TestSongArtistsCreditEachArtistInItsRole(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		folder, err := db.LibraryFolder(ctx, "/music")
		if err != nil {
			t.Fatal(err)
		}
		s := libSong(folder.ID, "duet.flac", "fp1")
		tags := musicify.TrackTags{Title: "Duet", Artist: "Ana feat. Bo", Artists: []string{"Ana", "Bo"}, Album: "Pairs",
			Credits: []musicify.Credit{{Name: "Ana", Role: musicify.RoleArtist, SortName: "Ana, The"},
				{Name: "Bo", Role: musicify.RoleFeatured}, {Name: "Ana", Role: musicify.RoleAlbumArtist},
				{Name: "Cy", Role: musicify.RoleComposer}, {Name: "Di", Role: "performer", SubRole: "piano"}}}
		if err := db.AddLibrarySong(ctx, s, tags); err != nil {
			t.Fatal(err)
		}
		got, err := db.Song(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Artist != "Ana feat. Bo" || credits(got) != "artist:Ana featured:Bo albumartist:Ana composer:Cy performer:Di/piano " {
			t.Fatalf("song shows %q, credits %q", got.Artist, credits(got))
		}
		ana, err := db.Artist(ctx, "Ana")
		if err != nil || got.ArtistID != ana.ID || ana.SortName != "Ana, The" || ana.Songs != 1 || ana.Albums != 1 {
			t.Fatalf("Ana = %+v, %v; song artist %s", ana, err, got.ArtistID)
		}
		bo, err := db.Artist(ctx, "Bo")
		if err != nil || bo.Songs != 1 || bo.Albums != 0 || bo.ID == ana.ID {
			t.Fatalf("Bo = %+v, %v", bo, err)
		}
		if _, err := db.Artist(ctx, "Ana feat. Bo"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("the shown string became an artist: %v", err)
		}
		songs, err := db.SongsByArtist(ctx, "Bo")
		if err != nil || len(songs) != 1 || songs[0].ID != s.ID {
			t.Fatalf("Bo's songs = %v, %v", songs, err)
		}
		// A composer is not listed among the artists, but their page works.
		cy, err := db.Artist(ctx, "Cy")
		if err != nil || cy.Songs != 0 {
			t.Fatalf("Cy = %+v, %v", cy, err)
		}
		if songs, err := db.SongsByArtist(ctx, "Cy"); err != nil || len(songs) != 1 {
			t.Fatalf("Cy's songs = %v, %v", songs, err)
		}
		listed := func() string {
			all, err := db.Artists(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(names(all))
		}
		if l := listed(); l != "[Ana Bo]" {
			t.Errorf("artists = %s", l)
		}

		// Retagged: Bo is gone from the song, Eve is featured now.
		tags.Artist, tags.Artists = "Ana ft. Eve", []string{"Ana", "Eve"}
		tags.Credits = []musicify.Credit{{Name: "Ana", Role: musicify.RoleArtist}, {Name: "Eve", Role: musicify.RoleFeatured}}
		if err := db.UpdateLibrarySong(ctx, s, tags); err != nil {
			t.Fatal(err)
		}
		got, _ = db.Song(ctx, s.ID)
		if credits(got) != "artist:Ana featured:Eve albumartist:Ana " {
			t.Errorf("credits after the retag = %q", credits(got))
		}
		if l := listed(); l != "[Ana Eve]" {
			t.Errorf("artists after the retag = %s", l)
		}
		if _, err := db.Artist(ctx, "Bo"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("Bo, left with nothing, = %v", err)
		}
		if err := db.MarkLibraryMissing(ctx, []string{s.ID}); err != nil {
			t.Fatal(err)
		}
		if l := listed(); l != "[]" {
			t.Errorf("artists of a missing file = %s", l)
		}
	})
}

func names(list []*musicify.Artist) []string {
	out := []string{}
	for _, a := range list {
		out = append(out, a.Name)
	}
	return out
}

// An upload credits its uploader as its artist and album artist.
func TestAnUploadIsCreditedToItsUploader(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ann := newUser(t, db, "ann")
		newSong(t, db, "s1", ann.ID)
		got, err := db.Song(context.Background(), "s1")
		if err != nil {
			t.Fatal(err)
		}
		if credits(got) != "artist:ann albumartist:ann " || got.Artists[0].ID != got.ArtistID {
			t.Errorf("credits = %q (%+v)", credits(got), got.Artists)
		}
		list, err := db.SongsByIDs(context.Background(), []string{"s1"})
		if err != nil || len(list) != 1 || credits(list[0]) != credits(got) {
			t.Errorf("listed credits = %v, %v", list, err)
		}
	})
}
