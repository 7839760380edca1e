package subsonictest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// payload is the element an endpoint nests in subsonic-response on success.
// key "" means the endpoint answers with the bare envelope.
type payload struct {
	key string
	t   *typ
}

// oneOf are the payloads of the endpoints that answer one of several,
// their entry above being the bare envelope: jukeboxControl answers a
// status, or for the action get the playlist.
var oneOf = map[string][]payload{
	"jukeboxControl": {{"jukeboxStatus", jukeboxStatus}, {"jukeboxPlaylist", jukeboxPlaylist}},
}

// endpoints maps each endpoint Musicify serves under /rest to its success
// payload, as each endpoint's page in content/en/docs/Endpoints/ names it.
var endpoints = map[string]payload{
	"ping":                      {},
	"getLicense":                {"license", license},
	"getOpenSubsonicExtensions": {"openSubsonicExtensions", arrayOf(openSubsonicExtension)},
	"getMusicFolders":           {"musicFolders", musicFolders},
	"getIndexes":                {"indexes", indexes},
	"getMusicDirectory":         {"directory", directory},
	"getArtists":                {"artists", artistsID3},
	"getArtist":                 {"artist", artistWithAlbumsID3},
	"getArtistInfo2":            {"artistInfo2", artistInfo2},
	"getAlbum":                  {"album", albumID3WithSongs},
	"getAlbumInfo2":             {"albumInfo", albumInfo},
	"getSong":                   {"song", child},
	"getGenres":                 {"genres", genres},
	"getAlbumList":              {"albumList", albumList},
	"getAlbumList2":             {"albumList2", albumList2},
	"getRandomSongs":            {"randomSongs", songs},
	"getSongsByGenre":           {"songsByGenre", songs},
	"getTopSongs":               {"topSongs", topSongs},
	"getSimilarSongs2":          {"similarSongs2", similarSongs2},
	"search2":                   {"searchResult2", searchResult2},
	"search3":                   {"searchResult3", searchResult3},
	"getPlaylists":              {"playlists", playlists},
	"getPlaylist":               {"playlist", playlistWithSongs},
	// createPlaylist answers with the new playlist since API 1.14.0.
	"createPlaylist":           {"playlist", playlistWithSongs},
	"updatePlaylist":           {},
	"deletePlaylist":           {},
	"getLyrics":                {"lyrics", lyrics},
	"getLyricsBySongId":        {"lyricsList", lyricsList},
	"star":                     {},
	"unstar":                   {},
	"getStarred":               {"starred", starred},
	"getStarred2":              {"starred2", starred2},
	"setRating":                {},
	"scrobble":                 {},
	"getNowPlaying":            {"nowPlaying", nowPlaying},
	"getPlayQueue":             {"playQueue", playQueue},
	"savePlayQueue":            {},
	"getUser":                  {"user", user},
	"getInternetRadioStations": {"internetRadioStations", internetRadioStations},
	"startScan":                {"scanStatus", scanStatus},
	"getScanStatus":            {"scanStatus", scanStatus},
	"getArtistInfo":            {"artistInfo", artistInfo},
	"getAlbumInfo":             {"albumInfo", albumInfo},
	"getSimilarSongs":          {"similarSongs", similarSongs},
	"getUsers":                 {"users", users},
	"getShares":                {"shares", shares},
	"createShare":              {"shares", shares},
	"getBookmarks":             {"bookmarks", bookmarks},
	"createBookmark":           {},
	"deleteBookmark":           {},
	"getPodcasts":              {"podcasts", podcasts},
	"getNewestPodcasts":        {"newestPodcasts", newestPodcasts},
	"getVideos":                {"videos", videos},
	"getChatMessages":          {"chatMessages", chatMessages},
	"getPlayQueueByIndex":      {"playQueueByIndex", playQueueByIndex},
	"savePlayQueueByIndex":     {},
	"tokenInfo":                {"tokenInfo", tokenInfo},
	"jukeboxControl":           {}, // one of two, see oneOf

	// These answer with bytes; only their failures are JSON, the bare
	// envelope with an error.
	"stream":      {},
	"download":    {},
	"getCoverArt": {},
	"getAvatar":   {},
}

// binaryEndpoints are the entries above that never answer ok in JSON.
var binaryEndpoints = []string{"download", "getAvatar", "getCoverArt", "stream"}

// Endpoints lists every endpoint CheckResponse knows, sorted, so a caller can
// prove its tests reach all of them.
func Endpoints() []string {
	names := make([]string, 0, len(endpoints))
	for name := range endpoints {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// envelope is subsonic-response itself (SubsonicBaseResponse plus status).
// The OpenSubsonic schema requires type, serverVersion and openSubsonic;
// the older Markdown page still calls serverVersion optional, the schema wins.
var envelope = object("subsonic-response",
	req("status", enumString("ok", "failed")),
	req("version", &typ{kind: kString, pattern: regexp.MustCompile(`^\d+\.\d+\.\d+$`)}),
	req("type", tString),
	req("serverVersion", tString),
	req("openSubsonic", tBool),
)

// Error lists every way a response breaks the spec, each as "JSON path:
// what was wanted, what was found".
type Error struct {
	Endpoint string
	Problems []string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: response breaks the OpenSubsonic spec:\n\t%s",
		e.Endpoint, strings.Join(e.Problems, "\n\t"))
}

// CheckResponse checks a JSON (f=json) answer of endpoint (e.g.
// "getAlbumList2"; a ".view" suffix is ignored) against the OpenSubsonic
// spec: the subsonic-response envelope, the error object of a failed answer,
// and the endpoint's payload of an ok one — required fields present, every
// known field of the right JSON type, arrays where the spec has arrays.
// Fields the spec does not know are allowed. It returns nil or an *Error.
func CheckResponse(endpoint string, body []byte) error {
	name := strings.TrimSuffix(endpoint, ".view")
	p, known := endpoints[name]
	if !known {
		return fmt.Errorf("subsonictest: no schema for endpoint %q (known: %s)", endpoint, strings.Join(Endpoints(), ", "))
	}
	doc, err := decode(body)
	if err != nil {
		return &Error{Endpoint: name, Problems: []string{err.Error()}}
	}
	c := &checker{}
	checkDocument(c, name, p, doc)
	if len(c.problems) > 0 {
		return &Error{Endpoint: name, Problems: c.problems}
	}
	return nil
}

// CheckOK is CheckResponse for a call that must have succeeded: a
// well-formed status "failed" answer is an error here, quoting its code and
// message.
func CheckOK(endpoint string, body []byte) error {
	if err := CheckResponse(endpoint, body); err != nil {
		return err
	}
	doc, _ := decode(body)
	resp := doc.(map[string]any)["subsonic-response"].(map[string]any)
	if resp["status"] != "ok" {
		e := resp["error"].(map[string]any)
		return fmt.Errorf("%s: status failed, error %v: %v", endpoint, e["code"], e["message"])
	}
	return nil
}

// decode keeps numbers as json.Number so 3 and 3.5 stay distinguishable.
func decode(body []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("not JSON: data after the top-level value")
	}
	return doc, nil
}

func checkDocument(c *checker, name string, p payload, doc any) {
	top, ok := doc.(map[string]any)
	if !ok {
		c.addf("$", "want object, got %s", jsonKind(doc))
		return
	}
	for key := range top {
		if key != "subsonic-response" {
			c.addf(key, "unexpected top-level key; the answer must be only {\"subsonic-response\": {...}}")
		}
	}
	const root = "subsonic-response"
	raw, present := top[root]
	if !present {
		c.addf(root, "required field is missing")
		return
	}
	resp, ok := raw.(map[string]any)
	if !ok {
		c.addf(root, "want object, got %s", jsonKind(raw))
		return
	}
	c.checkFields(root, envelope, resp)
	if v, ok := resp["openSubsonic"].(bool); ok && !v {
		// A server answering getOpenSubsonicExtensions must say so here.
		c.addf(root+".openSubsonic", "want true for an OpenSubsonic server, got false")
	}
	switch resp["status"] {
	case "failed":
		e, present := resp["error"]
		if !present {
			c.addf(root+".error", "required when status is \"failed\"")
			return
		}
		c.check(root+".error", subsonicError, e)
	case "ok":
		if e, present := resp["error"]; present {
			c.addf(root+".error", "must not be present when status is \"ok\" (got %s)", jsonKind(e))
		}
		if alts := oneOf[name]; len(alts) > 0 {
			var keys []string
			for _, alt := range alts {
				if _, present := resp[alt.key]; present {
					p = alt
				}
				keys = append(keys, alt.key)
			}
			if p.key == "" {
				c.addf(root, "one of %s is required for this endpoint, none is there", strings.Join(keys, ", "))
				return
			}
		}
		if p.key == "" {
			return
		}
		v, present := resp[p.key]
		if !present {
			c.addf(root+"."+p.key, "required for this endpoint, missing")
			return
		}
		c.check(root+"."+p.key, p.t, v)
	}
}
