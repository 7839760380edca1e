package subsonic_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Songs and albums carry every field the files and the listeners fill:
// the stream, the tags players show, the measured tempo when no tag gives
// one, the caller's last play and rating and everyone's average; lists
// are [] when empty. Every answer passes the OpenSubsonic schema (raw).
func TestSongsAndAlbumsShowEveryFieldTheLibraryFills(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnv(t, open)
		ann := e.user("ann", "pw")
		bob := e.user("bob", "pw")
		var songs []*musicify.Song
		for i, d := range []musicify.SongDetails{
			{SampleRate: 44100, Channels: 2, BPM: 122, Comment: "Recorded live", ISRC: []string{"USRC17607839"},
				Moods: []string{"Calm"}, ReleaseDate: "2004-05-01", OriginalDate: "1999", ReleaseTypes: []string{"album", "live"},
				Labels: []string{"Harbour Records"}, DiscTitle: "Side A", TitleSort: "Ebb, The", AlbumSort: "Tides, The",
				Explicit: musicify.Explicit},
			{SampleRate: 96000, Channels: 2, BitDepth: 24, DiscTitle: "Side B"},
		} {
			tags := musicify.TrackTags{Title: fmt.Sprint("Song ", i+1), Artist: "Neon Shore", Album: "Tides", Track: 1, Disc: i + 1}
			s := e.addTrack(track{file: "sine.mp3", tags: tags})
			s.Details = d
			if err := e.DB.UpdateLibrarySong(e.ctx, s, tags); err != nil {
				t.Fatal(err)
			}
			songs = append(songs, s)
		}
		if err := e.DB.SetSongFeatures(e.ctx, songs[1].ID, &musicify.AudioFeatures{Version: 1, BPM: 127.6, Mode: musicify.Major,
			Embedding: []float32{1, 0, 0, 0}, Analyzed: e.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		for _, r := range []struct {
			user   *musicify.User
			rating string
		}{{ann, "4"}, {bob, "1"}} {
			if a := e.raw(http.MethodGet, "setRating", creds(r.user.Username, "pw", "id", songs[0].ID, "rating", r.rating, "f", "json")); a.errorCode() != -1 {
				t.Fatalf("setRating: %s", a.Body)
			}
		}
		playedAt := e.Clock.Now().UTC().Truncate(time.Millisecond)
		e.scrobble(songs[0].ID)

		song := e.raw(http.MethodGet, "getSong", creds("ann", "pw", "id", songs[0].ID, "f", "json")).Res["song"].(map[string]any)
		want := map[string]any{"samplingRate": 44100.0, "channelCount": 2.0, "bpm": 122.0, "comment": "Recorded live",
			"isrc": []any{"USRC17607839"}, "moods": []any{"Calm"}, "sortName": "Ebb, The", "explicitStatus": "explicit",
			"userRating": 4.0, "averageRating": 2.5, "played": playedAt.Format("2006-01-02T15:04:05.000Z")}
		for k, v := range want {
			if fmt.Sprint(song[k]) != fmt.Sprint(v) {
				t.Errorf("getSong %s = %v, want %v", k, song[k], v)
			}
		}
		if _, ok := song["bitDepth"]; ok {
			t.Errorf("a lossy song has a bit depth: %v", song["bitDepth"])
		}
		other := e.raw(http.MethodGet, "getSong", creds("bob", "pw", "id", songs[1].ID, "f", "json")).Res["song"].(map[string]any)
		if other["bpm"] != 128.0 || other["bitDepth"] != 24.0 || other["samplingRate"] != 96000.0 ||
			fmt.Sprint(other["isrc"], other["moods"]) != "[] []" || other["played"] != nil || other["averageRating"] != nil {
			t.Errorf("the measured tempo, and empty lists: %v", other)
		}

		// XML, as most apps ask: lists as repeated elements, numbers as attributes.
		xmlSong := string(e.raw(http.MethodGet, "getSong", creds("ann", "pw", "id", songs[0].ID)).Body)
		for _, want := range []string{`samplingRate="44100"`, `channelCount="2"`, `bpm="122"`, `averageRating="2.5"`,
			`explicitStatus="explicit"`, `<isrc>USRC17607839</isrc>`, `<moods>Calm</moods>`} {
			if !strings.Contains(xmlSong, want) {
				t.Errorf("getSong XML lacks %s: %s", want, xmlSong)
			}
		}
		xmlAlbum := string(e.raw(http.MethodGet, "getAlbum", creds("ann", "pw", "id", "al-"+songs[0].AlbumID)).Body)
		for _, want := range []string{`<releaseDate year="2004" month="5" day="1"></releaseDate>`, `<recordLabels name="Harbour Records">`,
			`<discTitles disc="2" title="Side B"></discTitles>`, `<releaseTypes>live</releaseTypes>`} {
			if !strings.Contains(xmlAlbum, want) {
				t.Errorf("getAlbum XML lacks %s: %s", want, xmlAlbum)
			}
		}

		albumWant := func(where string, al map[string]any) {
			t.Helper()
			got := fmt.Sprintln(al["releaseDate"], al["originalReleaseDate"], al["releaseTypes"], al["recordLabels"], al["discTitles"],
				al["sortName"], al["explicitStatus"], al["moods"])
			if want := "map[day:1 month:5 year:2004] map[year:1999] [album live] [map[name:Harbour Records]] " +
				"[map[disc:1 title:Side A] map[disc:2 title:Side B]] Tides, The explicit [Calm]\n"; got != want {
				t.Errorf("%s: album fields\n got %s\nwant %s", where, got, want)
			}
		}
		albumWant("getAlbum", e.raw(http.MethodGet, "getAlbum", creds("ann", "pw", "id", "al-"+songs[0].AlbumID, "f", "json")).Res["album"].(map[string]any))
		list := e.raw(http.MethodGet, "getAlbumList2", creds("ann", "pw", "type", "newest", "f", "json")).Res["albumList2"].(map[string]any)["album"].([]any)
		if len(list) != 1 {
			t.Fatalf("album list: %v", list)
		}
		albumWant("getAlbumList2", list[0].(map[string]any))
	})
}
