package discovery

import (
	"strings"

	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/search"
)

// topResult is the one result that best answers a search, whatever its
// group: exactly one of its items is set, the one Type names.
type topResult struct {
	Type     string          `json:"type"` // song, artist, album or playlist
	Song     *views.Song     `json:"song,omitempty"`
	Artist   *views.Artist   `json:"artist,omitempty"`
	Album    *views.Album    `json:"album,omitempty"`
	Playlist *views.Playlist `json:"playlist,omitempty"`
}

// nameMatch tells how well a name answers the words typed, higher better:
// every group is ranked by its own index, on scales that do not compare, but
// a name is a name in each. 3 is the very words ("smoke and honey" for
// "Smoke & Honey"), 2 the name starting with them as typed so far, 1 each
// word starting one of the name's, 0 a match on something else (an artist's
// name on a song, the words of a song, a corrected typo). Within a level, a
// name with fewer other words in it is the closer answer.
func nameMatch(query []string, name string) float64 {
	words := search.FoldDocument(name)
	if len(query) == 0 || len(words) == 0 {
		return 0
	}
	level := 0.0
	switch {
	case strings.Join(words, " ") == strings.Join(query, " "):
		level = 3
	case startsWith(words, query):
		level = 2
	case allStart(words, query):
		level = 1
	default:
		return 0
	}
	return level + float64(len(query))/float64(len(words)+1)
}

// startsWith: the name's words begin with the words typed, the last one
// perhaps only begun.
func startsWith(words, query []string) bool {
	if len(query) > len(words) {
		return false
	}
	last := len(query) - 1
	for i, q := range query[:last] {
		if words[i] != q {
			return false
		}
	}
	return strings.HasPrefix(words[last], query[last])
}

// allStart: each word typed begins a word of the name, in any order.
func allStart(words, query []string) bool {
	for _, q := range query {
		found := false
		for _, w := range words {
			if strings.HasPrefix(w, q) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// topOf picks the top result: the item of any group whose name best answers
// q (nameMatch), earlier in its group's ranking first on a tie, and across
// groups an artist, then an album, a song and a playlist, as a name is more
// often typed to find the artist than one of their songs. When no name
// answers, the best song does (its lyrics or a typo matched), else the first
// item of the other groups; nil when nothing was found.
func topOf(q string, out *searchResults) *topResult {
	query := search.Fold(q)
	var best *topResult
	bestScore := 0.0
	consider := func(name string, r *topResult) {
		if score := nameMatch(query, name); score > bestScore {
			best, bestScore = r, score
		}
	}
	for i := range out.Artists {
		consider(out.Artists[i].Name, &topResult{Type: "artist", Artist: &out.Artists[i]})
	}
	for i := range out.Albums {
		consider(out.Albums[i].Name, &topResult{Type: "album", Album: &out.Albums[i]})
	}
	for i := range out.Songs {
		consider(out.Songs[i].Song, &topResult{Type: "song", Song: &out.Songs[i]})
	}
	for i := range out.Playlists {
		consider(out.Playlists[i].Name, &topResult{Type: "playlist", Playlist: &out.Playlists[i]})
	}
	switch {
	case best != nil:
		return best
	case len(out.Songs) > 0:
		return &topResult{Type: "song", Song: &out.Songs[0]}
	case len(out.Artists) > 0:
		return &topResult{Type: "artist", Artist: &out.Artists[0]}
	case len(out.Albums) > 0:
		return &topResult{Type: "album", Album: &out.Albums[0]}
	case len(out.Playlists) > 0:
		return &topResult{Type: "playlist", Playlist: &out.Playlists[0]}
	}
	return nil
}
