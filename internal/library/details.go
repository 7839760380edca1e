package library

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// tagsVersion is the version of what readFile reads. Raise it when the
// reader learns a new field: the next scan reads again every file read by
// an older version, changed or not, so songs imported before get it.
// 2: the repeated values of Vorbis comments and MP4 items (each artist).
const tagsVersion = 2

// detailAliases name the frames and atoms of the fields SongDetails keeps,
// as aliases does for the others.
var detailAliases = map[string]string{
	"tbpm": "bpm", "tbp": "bpm", "tmpo": "bpm", "tempo": "bpm",
	"comm": "comment", "com": "comment", "©cmt": "comment", "description": "comment",
	"tsrc": "isrc", "trc": "isrc",
	"tmoo": "mood",
	"tdrl": "releasedate",
	"tory": "originaldate", "originalyear": "originaldate",
	"musicbrainzalbumtype": "releasetype",
	"tpub":                 "label", "tpb": "label", "organization": "label", "publisher": "label",
	"tsst": "discsubtitle", "setsubtitle": "discsubtitle",
	"tsot": "titlesort", "sonm": "titlesort",
	"tsoa": "albumsort", "soal": "albumsort",
	"rtng": "itunesadvisory",
}

func init() {
	for k, v := range detailAliases {
		aliases[k] = v
	}
}

// itunesNote is iTunes' normalisation and gapless data, hex words, which
// some taggers write as a plain comment.
var itunesNote = regexp.MustCompile(`^(?:[0-9A-Fa-f]{8}\s*)+$`)

// listSep splits the values of a tag that holds several.
var listSep = regexp.MustCompile(`\s*[;\x00]\s*|\s+/\s+`)

// details reads the tags players show beside the song's place.
func (f fields) details() musicify.SongDetails {
	d := musicify.SongDetails{
		BPM: bpm(f["bpm"]), Comment: comment(f["comment"]),
		ISRC: list(f["isrc"]), Moods: list(f["mood"]), ReleaseTypes: list(f["releasetype"]),
		Labels: list(f["label"]), DiscTitle: clean(f["discsubtitle"]),
		TitleSort: clean(f["titlesort"]), AlbumSort: clean(f["albumsort"]),
		OriginalDate: date(f["originaldate"]), Explicit: advisory(f["itunesadvisory"]),
	}
	// The release date is TDRL/RELEASEDATE, else the recording date when
	// it is more than a year (a year alone is already the album's year).
	if d.ReleaseDate = date(f["releasedate"]); d.ReleaseDate == "" {
		if full := date(f["date"]); len(full) > 4 {
			d.ReleaseDate = full
		}
	}
	return d
}

// withStream adds the audio stream's properties.
func withStream(d musicify.SongDetails, info *media.Info) musicify.SongDetails {
	d.SampleRate, d.Channels, d.BitDepth = info.SampleRate, info.Channels, info.BitDepth
	return d
}

// bpm reads "120", "120.4" or "120 BPM", rounded; nonsense is 0.
func bpm(s string) int {
	s = strings.TrimSpace(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "bpm"))
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil || v < 1 || v > 1000 {
		return 0
	}
	return int(math.Round(v))
}

// comment keeps a comment people wrote: encoders' notes ("iTunNORM"
// values, "Lavf…") are not.
func comment(s string) string {
	s = strings.TrimSpace(strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), ""))
	if itunesNote.MatchString(s) || strings.HasPrefix(s, "Lavf") {
		return ""
	}
	for len(s) > 2000 {
		s = strings.ToValidUTF8(s[:2000], "")
	}
	return s
}

// list splits a tag holding several values, keeping each once.
func list(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range listSep.Split(s, -1) {
		if v = clean(v); v != "" && !seen[strings.ToLower(v)] && len(out) < 20 {
			seen[strings.ToLower(v)] = true
			out = append(out, v)
		}
	}
	return out
}

var dateIn = regexp.MustCompile(`^\s*(\d{4})(?:[-./](\d{1,2})(?:[-./](\d{1,2}))?)?`)

// date reads "2004", "2004-05" or "2004-05-01" (with a time after it or
// not) into that form; anything else is "".
func date(s string) string {
	m := dateIn.FindStringSubmatch(s)
	if m == nil || year(m[1]) == 0 {
		return ""
	}
	out := m[1]
	if mo, _ := strconv.Atoi(m[2]); mo >= 1 && mo <= 12 {
		out += "-" + twoDigits(mo)
		if day, _ := strconv.Atoi(m[3]); day >= 1 && day <= 31 {
			out += "-" + twoDigits(day)
		}
	}
	return out
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// advisory reads iTunes' content advisory: 1 (or 4) explicit, 2 clean.
func advisory(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "4", "explicit":
		return musicify.Explicit
	case "2", "clean":
		return musicify.Clean
	}
	return ""
}
