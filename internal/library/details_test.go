package library

import (
	"context"
	"slices"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// The tags players show beyond a song's place, and its stream, are read
// from ID3 frames and Vorbis comments alike and kept with the song.
func TestSongDetailsComeFromTheFileAndTheStream(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		makeAudio(t, r.path("Tides/01 Ebb.mp3"), "-id3v2_version", "4", "-c:a", "libmp3lame", "-b:a", "128k",
			"-metadata", "title=Ebb", "-metadata", "artist=Neon Shore", "-metadata", "album=Tides",
			"-metadata", "TBPM=121.6", "-metadata", "comment=Recorded live", "-metadata", "TSRC=USRC17607839",
			"-metadata", "TMOO=Calm", "-metadata", "TPUB=Harbour Records", "-metadata", "TSST=The Ebb Side",
			"-metadata", "TSOT=Ebb, The", "-metadata", "TSOA=Tides, The", "-metadata", "TDRL=2004-05-01",
			"-metadata", "TDOR=1999", "-metadata", "MusicBrainz Album Type=album; live", "-metadata", "ITUNESADVISORY=1")
		makeAudio(t, r.path("Tides/02 Flow.flac"), "-ar", "48000", "-sample_fmt", "s32",
			"-metadata", "title=Flow", "-metadata", "artist=Neon Shore", "-metadata", "album=Tides",
			"-metadata", "BPM=90", "-metadata", "ISRC=USRC17607840", "-metadata", "MOOD=Calm;Dreamy",
			"-metadata", "LABEL=Harbour Records", "-metadata", "DATE=2004-05-01", "-metadata", "ORIGINALDATE=1999-03",
			"-metadata", "RELEASETYPE=album", "-metadata", "DISCSUBTITLE=The Flow Side", "-metadata", "TITLESORT=Flow",
			"-metadata", "ITUNESADVISORY=2", "-metadata", "DISCNUMBER=2")
		if st := r.scan(); st.Added != 2 || st.Failed != 0 {
			t.Fatalf("scan = %+v", st)
		}
		ebb, flow := r.song("Tides/01 Ebb.mp3"), r.song("Tides/02 Flow.flac")
		want := musicify.SongDetails{SampleRate: 44100, Channels: 1, BPM: 122, Comment: "Recorded live",
			ISRC: []string{"USRC17607839"}, Moods: []string{"Calm"}, ReleaseDate: "2004-05-01", OriginalDate: "1999",
			ReleaseTypes: []string{"album", "live"}, Labels: []string{"Harbour Records"}, DiscTitle: "The Ebb Side",
			TitleSort: "Ebb, The", AlbumSort: "Tides, The", Explicit: musicify.Explicit}
		if !detailsEqual(ebb.Details, want) || ebb.TagsVersion != tagsVersion || ebb.Bitrate != 128000 {
			t.Errorf("MP3 details = %+v (version %d, %d b/s)\nwant %+v", ebb.Details, ebb.TagsVersion, ebb.Bitrate, want)
		}
		want = musicify.SongDetails{SampleRate: 48000, Channels: 1, BitDepth: 24, BPM: 90,
			ISRC: []string{"USRC17607840"}, Moods: []string{"Calm", "Dreamy"}, ReleaseDate: "2004-05-01", OriginalDate: "1999-03",
			ReleaseTypes: []string{"album"}, Labels: []string{"Harbour Records"}, DiscTitle: "The Flow Side",
			TitleSort: "Flow", Explicit: musicify.Clean}
		if !detailsEqual(flow.Details, want) || flow.BPM() != 90 {
			t.Errorf("FLAC details = %+v\nwant %+v", flow.Details, want)
		}
		album := musicify.AlbumDetailsOf([]*musicify.Song{ebb, flow})
		if album.ReleaseDate != "2004-05-01" || album.Explicit != musicify.Explicit || album.DiscTitles[1] != "The Ebb Side" ||
			album.DiscTitles[2] != "The Flow Side" || !slices.Equal(album.Moods, []string{"Calm", "Dreamy"}) {
			t.Errorf("album details = %+v", album)
		}
	})
}

func detailsEqual(a, b musicify.SongDetails) bool {
	return a.SampleRate == b.SampleRate && a.BitDepth == b.BitDepth && a.Channels == b.Channels && a.BPM == b.BPM &&
		a.Comment == b.Comment && slices.Equal(a.ISRC, b.ISRC) && slices.Equal(a.Moods, b.Moods) &&
		a.ReleaseDate == b.ReleaseDate && a.OriginalDate == b.OriginalDate && slices.Equal(a.ReleaseTypes, b.ReleaseTypes) &&
		slices.Equal(a.Labels, b.Labels) && a.DiscTitle == b.DiscTitle && a.TitleSort == b.TitleSort &&
		a.AlbumSort == b.AlbumSort && a.Explicit == b.Explicit
}

// A song imported by an older reader gets the fields the reader learned
// since at the next scan, though its file did not change; once read, it
// is not read again.
func TestFilesReadByAnOlderReaderAreReadAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		makeAudio(t, r.path("Tides/01 Ebb.flac"), "-metadata", "title=Ebb", "-metadata", "artist=Neon Shore",
			"-metadata", "album=Tides", "-metadata", "BPM=121", "-metadata", "LABEL=Harbour Records")
		r.scan()
		// The row as the reader before tags versions left it.
		old := r.song("Tides/01 Ebb.flac")
		old.Details, old.TagsVersion = musicify.SongDetails{}, 0
		if err := r.db.UpdateLibrarySong(ctx, old, musicify.TrackTags{Title: "Ebb", Artist: "Neon Shore", Album: "Tides"}); err != nil {
			t.Fatal(err)
		}
		if s := r.song("Tides/01 Ebb.flac"); s.Details.BPM != 0 || s.Details.SampleRate != 0 || r.file("Tides/01 Ebb.flac").TagsVersion != 0 {
			t.Fatalf("the old row still has its details: %+v", s.Details)
		}

		if st := r.scan(); st.Updated != 1 || r.reads.Load() != 1 {
			t.Fatalf("rescan after the upgrade = %+v with %d reads, want the unchanged file read again", counts(st), r.reads.Load())
		}
		s := r.song("Tides/01 Ebb.flac")
		if s.ID != old.ID || s.Details.BPM != 121 || s.Details.SampleRate != 44100 || s.Details.BitDepth != 16 ||
			!slices.Equal(s.Details.Labels, []string{"Harbour Records"}) || s.TagsVersion != tagsVersion {
			t.Errorf("after the rescan = %+v (version %d)", s.Details, s.TagsVersion)
		}
		if st := r.scan(); st.Updated != 0 || r.reads.Load() != 0 {
			t.Errorf("the next rescan = %+v with %d reads, want none", counts(st), r.reads.Load())
		}
	})
}

// Tags are untrusted: values read as what they mean or not at all.
func TestDetailValuesReadWhatTheyMean(t *testing.T) {
	for in, want := range map[string]string{"2004": "2004", "2004-05-01T12:00": "2004-05-01", "2004-5": "2004-05",
		"2004-13-01": "2004", "1994/02/30": "1994-02-30", "May 2004": "", "0999": "", "": ""} {
		if got := date(in); got != want {
			t.Errorf("date(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]int{"120": 120, "127.6": 128, "98,4": 98, "140 BPM": 140, "0": 0, "-5": 0, "fast": 0, "99999": 0} {
		if got := bpm(in); got != want {
			t.Errorf("bpm(%q) = %d, want %d", in, got, want)
		}
	}
	for in, want := range map[string]string{"1": "explicit", "4": "explicit", "2": "clean", "0": "", "Explicit": "explicit", "yes": ""} {
		if got := advisory(in); got != want {
			t.Errorf("advisory(%q) = %q, want %q", in, got, want)
		}
	}
	if got := list("Calm; dreamy\x00calm / Late Night"); !slices.Equal(got, []string{"Calm", "dreamy", "Late Night"}) {
		t.Errorf("list = %q", got)
	}
	if got := comment(" 00000A2B 00000B1C 0000A3F1"); got != "" {
		t.Errorf("an iTunes note read as a comment: %q", got)
	}
}
