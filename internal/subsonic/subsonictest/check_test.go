package subsonictest

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestEveryEndpointHasValidSamples(t *testing.T) {
	var sampled []string
	for name := range validSamples {
		sampled = append(sampled, name)
	}
	sampled = append(sampled, binaryEndpoints...)
	slices.Sort(sampled)
	if !slices.Equal(sampled, Endpoints()) {
		t.Fatalf("samples for %v,\nschemas for %v", sampled, Endpoints())
	}
	// The endpoints Musicify must serve, written out by hand.
	issue := strings.Fields(`stream download getCoverArt ping getLicense getOpenSubsonicExtensions getMusicFolders getIndexes
		getMusicDirectory getArtists getArtist getArtistInfo2 getAlbum getAlbumInfo2 getSong getGenres
		getAlbumList getAlbumList2 getRandomSongs getSongsByGenre getTopSongs getSimilarSongs2 search2
		search3 getPlaylists getPlaylist createPlaylist updatePlaylist deletePlaylist getLyrics
		getLyricsBySongId star unstar getStarred getStarred2 setRating scrobble getNowPlaying
		getPlayQueue savePlayQueue getUser getInternetRadioStations startScan getScanStatus
		getArtistInfo getAlbumInfo getSimilarSongs getUsers getAvatar getShares createShare
		getBookmarks createBookmark deleteBookmark getPodcasts getNewestPodcasts getVideos getChatMessages getPlayQueueByIndex savePlayQueueByIndex tokenInfo
		jukeboxControl`)
	slices.Sort(issue)
	if !slices.Equal(issue, Endpoints()) {
		t.Fatalf("issue lists %v,\nschemas for %v", issue, Endpoints())
	}
}

func TestValidSamplesPass(t *testing.T) {
	for name, bodies := range validSamples {
		for i, body := range bodies {
			if err := CheckResponse(name, []byte(body)); err != nil {
				t.Errorf("%s sample %d: %v", name, i, err)
			}
			if err := CheckOK(name, []byte(body)); err != nil {
				t.Errorf("%s sample %d, CheckOK: %v", name, i, err)
			}
		}
		// Any endpoint may fail, with the same error shape.
		if err := CheckResponse(name, []byte(failedSample)); err != nil {
			t.Errorf("%s failed sample: %v", name, err)
		}
	}
}

func TestViewSuffixIsIgnored(t *testing.T) {
	if err := CheckResponse("getSong.view", []byte(validSamples["getSong"][0])); err != nil {
		t.Fatal(err)
	}
}

func TestCheckOKRejectsAFailedAnswer(t *testing.T) {
	err := CheckOK("getAlbum", []byte(failedSample))
	if err == nil || !strings.Contains(err.Error(), "70") || !strings.Contains(err.Error(), "Album not found") {
		t.Fatalf("CheckOK(failed) = %v, want the error code and message", err)
	}
}

// remove marks a key to delete in edit.
var remove = &struct{}{}

// edit decodes body, sets (or with remove, deletes) the value at path
// ("subsonic-response.album.song[1].duration"), and encodes it again.
func edit(t *testing.T, body, path string, value any) string {
	t.Helper()
	doc, err := decode([]byte(body))
	if err != nil {
		t.Fatalf("sample is not JSON: %v", err)
	}
	segs := regexp.MustCompile(`[^.\[\]]+`).FindAllString(path, -1)
	cur := doc
	for i, seg := range segs {
		last := i == len(segs)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if value == remove {
					delete(c, seg)
				} else {
					c[seg] = value
				}
				break
			}
			cur = c[seg]
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n >= len(c) {
				t.Fatalf("edit %s: no index %s", path, seg)
			}
			if last {
				c[n] = value
				break
			}
			cur = c[n]
		default:
			t.Fatalf("edit %s: cannot descend into %T at %s", path, cur, seg)
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func num(s string) json.Number { return json.Number(s) }

// TestRejects: each kind of mistake a server makes, written by hand, with
// the message (path and reason) the checker must give.
func TestRejects(t *testing.T) {
	album := validSamples["getAlbum"][0]
	song := validSamples["getSong"][0]
	ok := validSamples["ping"][0]
	cases := []struct {
		name, endpoint, body, want string
	}{
		// Wrong JSON types, the brief's own example among them.
		{"int as string", "getAlbum", edit(t, album, "subsonic-response.album.song[1].duration", "61"),
			"subsonic-response.album.song[1].duration: want integer, got string"},
		{"float for int", "getSong", edit(t, song, "subsonic-response.song.duration", num("215.5")),
			"subsonic-response.song.duration: want integer, got number 215.5"},
		{"id as number", "getSong", edit(t, song, "subsonic-response.song.id", num("1")),
			"subsonic-response.song.id: want string, got integer"},
		{"bool as string", "getSong", edit(t, song, "subsonic-response.song.isDir", "false"),
			"subsonic-response.song.isDir: want boolean, got string"},
		{"folder id as string", "getMusicFolders", edit(t, validSamples["getMusicFolders"][0], "subsonic-response.musicFolders.musicFolder[0].id", "1"),
			"subsonic-response.musicFolders.musicFolder[0].id: want integer, got string"},
		{"number as string", "getSong", edit(t, song, "subsonic-response.song.replayGain.trackGain", "-6.5"),
			"subsonic-response.song.replayGain.trackGain: want number, got string"},
		{"lastModified as string (the spec's own example)", "getIndexes", edit(t, validSamples["getIndexes"][0], "subsonic-response.indexes.lastModified", "237462836472342"),
			"subsonic-response.indexes.lastModified: want integer, got string"},

		// Missing required fields.
		{"album without songCount", "getAlbum", edit(t, album, "subsonic-response.album.songCount", remove),
			"subsonic-response.album.songCount: required field of AlbumID3WithSongs is missing"},
		{"song without title", "getAlbum", edit(t, album, "subsonic-response.album.song[0].title", remove),
			"subsonic-response.album.song[0].title: required field of Child is missing"},
		{"artist without album list", "getArtist", edit(t, validSamples["getArtist"][1], "subsonic-response.artist.album", remove),
			"subsonic-response.artist.album: required field of ArtistWithAlbumsID3 is missing"},
		{"nobody playing without entry", "getNowPlaying", edit(t, validSamples["getNowPlaying"][1], "subsonic-response.nowPlaying.entry", remove),
			"subsonic-response.nowPlaying.entry: required field of NowPlaying is missing"},
		{"playlist without changed", "getPlaylists", edit(t, validSamples["getPlaylists"][0], "subsonic-response.playlists.playlist[0].changed", remove),
			"subsonic-response.playlists.playlist[0].changed: required field of Playlist is missing"},
		{"contributor artist without name", "getSong", edit(t, song, "subsonic-response.song.contributors[0].artist.name", remove),
			"subsonic-response.song.contributors[0].artist.name: required field of ArtistID3 is missing"},
		{"user without a role", "getUser", edit(t, validSamples["getUser"][0], "subsonic-response.user.streamRole", remove),
			"subsonic-response.user.streamRole: required field of User is missing"},
		{"structured lyrics without synced", "getLyricsBySongId", edit(t, validSamples["getLyricsBySongId"][0], "subsonic-response.lyricsList.structuredLyrics[1].synced", remove),
			"subsonic-response.lyricsList.structuredLyrics[1].synced: required field of StructuredLyrics is missing"},
		{"payload missing", "getAlbumList2", ok, "subsonic-response.albumList2: required for this endpoint, missing"},

		// Objects where arrays belong: the XML-to-JSON single-element trap.
		{"single album as object", "getAlbumList2", edit(t, validSamples["getAlbumList2"][0], "subsonic-response.albumList2.album", map[string]any{"id": "al1"}),
			"subsonic-response.albumList2.album: want array, got object"},
		{"extensions as object", "getOpenSubsonicExtensions", edit(t, ok, "subsonic-response.openSubsonicExtensions", map[string]any{"name": "songLyrics"}),
			"subsonic-response.openSubsonicExtensions: want array, got object"},
		{"nil slice as null", "getRandomSongs", edit(t, validSamples["getRandomSongs"][0], "subsonic-response.randomSongs.song", nil),
			"subsonic-response.randomSongs.song: want array, got null"},
		{"payload as array", "getGenres", edit(t, ok, "subsonic-response.genres", []any{}),
			"subsonic-response.genres: want object (Genres), got array"},

		// Values outside the spec's enums, ranges and formats.
		{"unrated as 0", "getSong", edit(t, song, "subsonic-response.song.userRating", num("0")),
			"subsonic-response.song.userRating: want at least 1, got 0"},
		{"unknown media type", "getSong", edit(t, song, "subsonic-response.song.type", "song"),
			`subsonic-response.song.type: want one of ["music" "video" "podcast" "audiobook"], got "song"`},
		{"date not ISO 8601", "getSong", edit(t, song, "subsonic-response.song.created", "2024-05-01 10:00"),
			`subsonic-response.song.created: want an ISO 8601 date-time, got "2024-05-01 10:00"`},
		{"negative peak", "getSong", edit(t, song, "subsonic-response.song.replayGain.trackPeak", num("-1")),
			"subsonic-response.song.replayGain.trackPeak: want at least 0, got -1"},
		{"month 13", "getAlbum", edit(t, album, "subsonic-response.album.originalReleaseDate.month", num("13")),
			"subsonic-response.album.originalReleaseDate.month: want at most 12, got 13"},

		// The envelope.
		{"no openSubsonic", "ping", edit(t, ok, "subsonic-response.openSubsonic", remove),
			"subsonic-response.openSubsonic: required field of subsonic-response is missing"},
		{"openSubsonic false", "ping", edit(t, ok, "subsonic-response.openSubsonic", false),
			"subsonic-response.openSubsonic: want true for an OpenSubsonic server, got false"},
		{"no server type", "ping", edit(t, ok, "subsonic-response.type", remove),
			"subsonic-response.type: required field of subsonic-response is missing"},
		{"no serverVersion", "ping", edit(t, ok, "subsonic-response.serverVersion", remove),
			"subsonic-response.serverVersion: required field of subsonic-response is missing"},
		{"status in capitals", "ping", edit(t, ok, "subsonic-response.status", "OK"),
			`subsonic-response.status: want one of ["ok" "failed"], got "OK"`},
		{"two-part version", "ping", edit(t, ok, "subsonic-response.version", "1.16"),
			`subsonic-response.version: want a value matching`},
		{"error on success", "ping", edit(t, ok, "subsonic-response.error", map[string]any{"code": num("0")}),
			`subsonic-response.error: must not be present when status is "ok"`},
		{"failed without error", "getAlbum", edit(t, failedSample, "subsonic-response.error", remove),
			`subsonic-response.error: required when status is "failed"`},
		{"error code as string", "getAlbum", edit(t, failedSample, "subsonic-response.error.code", "70"),
			"subsonic-response.error.code: want integer, got string"},
		{"unknown error code", "getAlbum", edit(t, failedSample, "subsonic-response.error.code", num("404")),
			"subsonic-response.error.code: want one of [0 10 20 30 40 41 42 43 44 50 60 70], got 404"},
		{"no wrapper", "ping", `{"status": "ok", "version": "1.16.1"}`,
			"subsonic-response: required field is missing"},
		{"extra top-level key", "ping", edit(t, ok, "status", "ok"),
			"status: unexpected top-level key"},
		{"top level array", "ping", `[]`, "$: want object, got array"},
		{"not JSON", "ping", `<subsonic-response status="ok"/>`, "not JSON"},
		{"trailing data", "ping", ok + `{}`, "not JSON: data after the top-level value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckResponse(tc.endpoint, []byte(tc.body))
			if err == nil {
				t.Fatalf("accepted %s", tc.body)
			}
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("err %T %v, want *Error", err, err)
			}
			if !slices.ContainsFunc(se.Problems, func(p string) bool { return strings.HasPrefix(p, tc.want) }) {
				t.Fatalf("problems %q, want one starting %q", se.Problems, tc.want)
			}
		})
	}
}

func TestUnknownEndpoint(t *testing.T) {
	err := CheckResponse("getTranscodeDecision", []byte(validSamples["ping"][0]))
	if err == nil || !strings.Contains(err.Error(), `no schema for endpoint "getTranscodeDecision"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestAllProblemsAreReported(t *testing.T) {
	body := edit(t, validSamples["getAlbum"][0], "subsonic-response.album.song[0].track", "3")
	body = edit(t, body, "subsonic-response.album.song[1].id", remove)
	err := CheckResponse("getAlbum", []byte(body))
	var se *Error
	if !errors.As(err, &se) || len(se.Problems) != 2 {
		t.Fatalf("err = %v, want both problems", err)
	}
}

// TestEveryFieldIsChecked breaks each field the valid samples carry, one at
// a time, in every way that applies: required ones removed, each given a
// value of the wrong JSON type, each array set to null. Every break must be
// reported at its path, so no type in types.go is declared but unchecked.
func TestEveryFieldIsChecked(t *testing.T) {
	var tried int
	for name, bodies := range validSamples {
		p := endpoints[name]
		for i, body := range bodies {
			doc, err := decode([]byte(body))
			if err != nil {
				t.Fatal(err)
			}
			root := extend(envelope, "subsonic-response")
			if p.key != "" {
				root = extend(envelope, "subsonic-response", req(p.key, p.t))
			}
			for _, alt := range oneOf[name] {
				root = extend(root, "subsonic-response", opt(alt.key, alt.t))
			}
			resp := doc.(map[string]any)["subsonic-response"]
			breakAll(root, resp, "subsonic-response", func(path, want string) {
				tried++
				out, _ := json.Marshal(doc)
				err := CheckResponse(name, out)
				var se *Error
				if !errors.As(err, &se) || !slices.ContainsFunc(se.Problems, func(p string) bool { return strings.HasPrefix(p, path+": "+want) }) {
					t.Errorf("%s sample %d: breaking %s: got %v, want %q", name, i, path, err, path+": "+want)
				}
			})
		}
	}
	if tried < 1000 {
		t.Fatalf("only %d breaks tried; samples too thin", tried)
	}
}

// breakAll walks v (which must match t), and for each field present calls
// try after putting a wrong value in place, restoring it afterwards.
func breakAll(t *typ, v any, path string, try func(path, want string)) {
	switch t.kind {
	case kObject:
		obj := v.(map[string]any)
		for _, f := range t.fields {
			fv, present := obj[f.name]
			if !present {
				continue
			}
			fpath := path + "." + f.name
			if f.required {
				delete(obj, f.name)
				try(fpath, "required")
				obj[f.name] = fv
			}
			obj[f.name] = wrongValue(f.t)
			try(fpath, "want "+f.t.kind.String())
			if f.t.kind == kArray {
				obj[f.name] = nil
				try(fpath, "want array, got null")
			}
			obj[f.name] = fv
			breakAll(f.t, fv, fpath, try)
		}
	case kArray:
		items := v.([]any)
		for i, item := range items {
			ipath := fmt.Sprintf("%s[%d]", path, i)
			items[i] = wrongValue(t.elem)
			try(ipath, "want "+t.elem.kind.String())
			items[i] = item
			breakAll(t.elem, item, ipath, try)
		}
	}
}

// wrongValue is a value of a JSON type the spec does not allow for t.
func wrongValue(t *typ) any {
	switch t.kind {
	case kString:
		return json.Number("1")
	case kInteger:
		return "1"
	case kNumber:
		return true
	case kBoolean:
		return "true"
	case kObject:
		return []any{}
	default:
		return map[string]any{}
	}
}

// jukeboxControl answers a status or a playlist: one of them must be
// there, and is checked as its own type.
func TestOneOfPayloads(t *testing.T) {
	err := CheckResponse("jukeboxControl", []byte(okEnvelope(``)))
	if err == nil || !strings.Contains(err.Error(), "one of jukeboxStatus, jukeboxPlaylist is required") {
		t.Fatalf("no payload: %v", err)
	}
	err = CheckResponse("jukeboxControl", []byte(okEnvelope(`"jukeboxPlaylist": {"currentIndex": 0, "playing": true, "gain": 1.5, "entry": {}}`)))
	var se *Error
	if !errors.As(err, &se) || len(se.Problems) != 2 {
		t.Fatalf("a bad playlist: %v", err)
	}
	xml := `<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="musicify" serverVersion="1" openSubsonic="true">` +
		`<jukeboxStatus currentIndex="-1" playing="false" gain="0.25" position="0"></jukeboxStatus></subsonic-response>`
	if err := CheckXMLResponse("jukeboxControl", []byte(xml)); err != nil {
		t.Fatalf("a status in XML: %v", err)
	}
}
