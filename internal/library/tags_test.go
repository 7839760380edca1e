package library

import (
	"context"
	"image/color"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

func ptr(f float64) *float64 { return &f }

func TestTagsAreReadFromEveryContainer(t *testing.T) {
	dir := t.TempDir()
	cover := filepath.Join(dir, "art.png")
	writeFile(t, cover, pngImage(t, color.RGBA{200, 30, 30, 255}))
	meta := func(kv ...string) []string {
		var out []string
		for _, s := range kv {
			out = append(out, "-metadata", s)
		}
		return out
	}
	full := meta("title=Low Tide", "artist=Neon Shore feat. Mara", "album=Ebb", "album_artist=Neon Shore",
		"track=3/12", "disc=2/2", "date=2004-05-01", "genre=Ambient;Drone")
	withArt := []string{"-i", cover, "-map", "0", "-map", "1", "-c:v", "copy", "-disposition:v", "attached_pic"}
	for _, tc := range []struct {
		name    string
		file    string
		args    []string
		want    musicify.TrackTags
		picture bool
	}{
		{"ID3v2.4 with ReplayGain, MusicBrainz ids and lyrics", "a.mp3",
			append(append([]string{}, full...), append(meta("REPLAYGAIN_TRACK_GAIN=-6.5 dB", "REPLAYGAIN_ALBUM_GAIN=-7.25 dB",
				"MusicBrainz Album Id=mb-album", "MusicBrainz Artist Id=mb-artist", "MusicBrainz Release Track Id=mb-track",
				"compilation=1", "lyrics=[00:01.00]salt and foam\n[00:02.50]in the dark"), "-id3v2_version", "4")...),
			musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore feat. Mara", Artists: []string{"Neon Shore", "Mara"},
				Album: "Ebb", AlbumArtist: "Neon Shore", Track: 3, Disc: 2, Year: 2004, Genres: []string{"Ambient", "Drone"},
				Compilation: true, MBTrackID: "mb-track", MBAlbumID: "mb-album", MBArtistID: "mb-artist",
				ReplayGainTrack: ptr(-6.5), ReplayGainAlbum: ptr(-7.25), Lyrics: "salt and foam\nin the dark",
				SyncedLyrics: "[00:01.00]salt and foam\n[00:02.50]in the dark"}, false},
		{"ID3v2.3 with an embedded cover", "b.mp3", append(append(withArt, full...), "-id3v2_version", "3"),
			musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore feat. Mara", Artists: []string{"Neon Shore", "Mara"},
				Album: "Ebb", AlbumArtist: "Neon Shore", Track: 3, Disc: 2, Year: 2004, Genres: []string{"Ambient", "Drone"}}, true},
		{"ID3v1 only", "Whoever/Whatever/c.mp3", append(meta("title=Old Tag", "artist=Vintage", "album=Dusty", "date=1987"),
			"-write_id3v2", "0", "-write_id3v1", "1"),
			musicify.TrackTags{Title: "Old Tag", Artist: "Vintage", Artists: []string{"Vintage"}, Album: "Dusty", Year: 1987}, false},
		{"FLAC Vorbis comments with an embedded cover", "d.flac", append(append(withArt, full...),
			meta("REPLAYGAIN_TRACK_GAIN=+1.20 dB", "COMPILATION=1", "MUSICBRAINZ_TRACKID=mb-rec", "LYRICS=plain words")...),
			musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore feat. Mara", Artists: []string{"Neon Shore", "Mara"},
				Album: "Ebb", AlbumArtist: "Neon Shore", Track: 3, Disc: 2, Year: 2004, Genres: []string{"Ambient", "Drone"},
				Compilation: true, MBTrackID: "mb-rec", ReplayGainTrack: ptr(1.2), Lyrics: "plain words"}, true},
		{"Ogg Vorbis", "e.ogg", append(append([]string{"-c:a", "libvorbis"}, full...), meta("genre=Jazz/Soul")...),
			musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore feat. Mara", Artists: []string{"Neon Shore", "Mara"},
				Album: "Ebb", AlbumArtist: "Neon Shore", Track: 3, Disc: 2, Year: 2004, Genres: []string{"Jazz", "Soul"}}, false},
		{"Opus", "f.opus", append([]string{"-c:a", "libopus"}, meta("title=Grain", "artist=A; B", "genre=Jazz/Soul")...),
			musicify.TrackTags{Title: "Grain", Artist: "A; B", Artists: []string{"A", "B"}, Genres: []string{"Jazz", "Soul"}}, false},
		{"M4A atoms", "g.m4a", append(append([]string{"-c:a", "aac"}, full...), meta("compilation=1", "lyrics=sung words")...),
			musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore feat. Mara", Artists: []string{"Neon Shore", "Mara"},
				Album: "Ebb", AlbumArtist: "Neon Shore", Track: 3, Disc: 2, Year: 2004, Genres: []string{"Ambient", "Drone"},
				Compilation: true, Lyrics: "sung words"}, false},
		{"WAV through ffprobe", "h.wav", meta("title=Raw", "artist=Tape", "album=Reel", "date=1999"),
			musicify.TrackTags{Title: "Raw", Artist: "Tape", Artists: []string{"Tape"}, Album: "Reel", Year: 1999}, false},
		// AIFF keeps its tags in an ID3 chunk, as iTunes writes them.
		{"AIFF through ffprobe", "i.aiff", append([]string{"-write_id3v2", "1"}, meta("title=Vinyl", "artist=Tape", "album=Reel", "date=1987")...),
			musicify.TrackTags{Title: "Vinyl", Artist: "Tape", Artists: []string{"Tape"}, Album: "Reel", Year: 1987}, false},
		{"no tags: named from the path", "Neon Shore/Ebb/07 Undertow.flac", []string{"-map_metadata", "-1", "-fflags", "+bitexact"},
			musicify.TrackTags{Title: "Undertow", Artist: "Neon Shore", Artists: []string{"Neon Shore"}, Album: "Ebb", Track: 7}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, filepath.FromSlash(tc.file))
			makeAudio(t, path, tc.args...)
			s := &Scanner{FFprobe: mustLook(t, "ffprobe")}
			f, err := s.readFile(context.Background(), path, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			f.tags.Credits = nil // artists_test.go reads them
			if !reflect.DeepEqual(f.tags, tc.want) {
				t.Errorf("tags\n got %+v\nwant %+v", f.tags, tc.want)
			}
			if (len(f.picture) > 0) != tc.picture {
				t.Errorf("picture of %d bytes, want one: %v", len(f.picture), tc.picture)
			}
			if f.fingerprint == "" || f.info.Duration <= 0 {
				t.Errorf("fingerprint %q, info %+v", f.fingerprint, f.info)
			}
		})
	}
}

// M4A atoms are read in Go, as MP3 and FLAC tags are: ffprobe, a process
// a file, is for what the Go readers do not handle.
func TestM4ATagsAreReadWithoutFFprobe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.m4a")
	makeAudio(t, path, "-c:a", "aac", "-metadata", "title=Low Tide", "-metadata", "artist=Neon Shore",
		"-metadata", "album=Ebb", "-metadata", "album_artist=Various Artists", "-metadata", "track=3/12",
		"-metadata", "disc=2/2", "-metadata", "date=2004", "-metadata", "genre=Ambient", "-metadata", "compilation=1")
	s := &Scanner{} // no ffprobe
	f, err := s.readFile(context.Background(), path, "a.m4a")
	if err != nil {
		t.Fatal(err)
	}
	want := musicify.TrackTags{Title: "Low Tide", Artist: "Neon Shore", Artists: []string{"Neon Shore"}, Album: "Ebb",
		AlbumArtist: "Various Artists", Track: 3, Disc: 2, Year: 2004, Genres: []string{"Ambient"}, Compilation: true}
	f.tags.Credits = nil // artists_test.go reads them
	if !reflect.DeepEqual(f.tags, want) {
		t.Errorf("tags\n got %+v\nwant %+v", f.tags, want)
	}
}

func mustLook(t testing.TB, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		t.Fatalf("%s is needed: run scripts/system-deps.sh", tool)
	}
	return p
}

func TestASidecarLRCGivesSyncedLyrics(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Artist", "Album", "02 Song.mp3")
	makeAudio(t, path, "-metadata", "title=Song", "-metadata", "lyrics=plain old words")
	writeFile(t, filepath.Join(dir, "Artist", "Album", "02 Song.lrc"), []byte("[ar:Artist]\n[00:00.50]first line\n[00:01.20]second line\n"))
	s := &Scanner{FFprobe: mustLook(t, "ffprobe")}
	f, err := s.readFile(context.Background(), path, "Artist/Album/02 Song.mp3")
	if err != nil {
		t.Fatal(err)
	}
	if f.tags.SyncedLyrics != "[ar:Artist]\n[00:00.50]first line\n[00:01.20]second line" || f.tags.Lyrics != "first line\nsecond line" {
		t.Errorf("lyrics = %q / %q", f.tags.Lyrics, f.tags.SyncedLyrics)
	}
}

func TestNamesFromPaths(t *testing.T) {
	for _, tc := range []struct {
		rel  string
		want musicify.TrackTags
	}{
		{"Artist/Album/01 Title.flac", musicify.TrackTags{Title: "Title", Artist: "Artist", Artists: []string{"Artist"}, Album: "Album", Track: 1}},
		{"Artist/Album/1-03 - Title Two.mp3", musicify.TrackTags{Title: "Title Two", Artist: "Artist", Artists: []string{"Artist"}, Album: "Album", Track: 3, Disc: 1}},
		{"Music/Artist/Album/02. Title.ogg", musicify.TrackTags{Title: "Title", Artist: "Artist", Artists: []string{"Artist"}, Album: "Album", Track: 2}},
		{"Singles/Band - Hit.mp3", musicify.TrackTags{Title: "Hit", Artist: "Band", Artists: []string{"Band"}, Album: "Singles"}},
		{"loose_track.mp3", musicify.TrackTags{Title: "loose track"}},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			var got musicify.TrackTags
			fromPath(&got, tc.rel)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestTagValues(t *testing.T) {
	if number("3/12") != 3 || number("07") != 7 || number("x") != 0 {
		t.Error("track numbers")
	}
	if year("2004-05-01") != 2004 || year("1999") != 1999 || year("May 2001") != 2001 || year("n/a") != 0 {
		t.Error("years")
	}
	if g := gain("-6.5 dB"); g == nil || *g != -6.5 {
		t.Error("gain")
	}
	if gain("loud") != nil {
		t.Error("a gain that is not a number")
	}
	if a := splitArtists("A ft. B featuring C / D;E"); !reflect.DeepEqual(a, []string{"A", "B", "C", "D", "E"}) {
		t.Errorf("artists = %q", a)
	}
	if a := splitArtists("AC/DC & Simon & Garfunkel"); !reflect.DeepEqual(a, []string{"AC/DC", "Simon & Garfunkel"}) {
		t.Errorf("artists = %q", a)
	}
	if plain, synced := lyrics("no [00:01] timestamps here\nreally"); synced != "" || plain == "" {
		t.Errorf("plain lyrics read as synced: %q", synced)
	}
}
