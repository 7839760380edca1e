// Package library imports music folders: it reads each file's tags (or
// names it from its path), keeps the songs current as files change, move
// or go, and serves the files read-only as blobs.
package library

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dhowden/tag"

	"github.com/musicify/musicify/internal/lrc"
	"github.com/musicify/musicify/internal/musicify"
)

// fields are a file's tags under one spelling whatever the container:
// lower case, without spaces, '_' or '-', and with the names of ID3
// frames and MP4 atoms turned into Vorbis comment names.
type fields map[string]string

var aliases = map[string]string{
	"tit2": "title", "tt2": "title", "©nam": "title",
	"tpe1": "artist", "tp1": "artist", "©art": "artist",
	"talb": "album", "tal": "album", "©alb": "album",
	"tpe2": "albumartist", "tp2": "albumartist", "aart": "albumartist",
	"trck": "tracknumber", "trk": "tracknumber", "track": "tracknumber", "trkn": "tracknumber",
	"tpos": "discnumber", "tpa": "discnumber", "disc": "discnumber", "disk": "discnumber",
	"tdrc": "date", "tyer": "date", "tye": "date", "year": "date", "©day": "date", "tdor": "originaldate",
	"tcon": "genre", "tco": "genre", "©gen": "genre",
	"tcmp": "compilation", "tcp": "compilation", "cpil": "compilation",
	"uslt": "lyrics", "ult": "lyrics", "©lyr": "lyrics", "unsyncedlyrics": "lyrics",
	"trackcount": "tracktotal", "trkncount": "tracktotal", "totaltracks": "tracktotal",
}

func fieldName(k string) string {
	// MP4 atom names start with the byte 0xA9, not UTF-8: turned into ©
	// first, as ToLower would make it U+FFFD and no M4A tag would be known
	// (each M4A then took an ffprobe run).
	k = strings.ToLower(strings.ReplaceAll(k, "\xa9", "©"))
	k = strings.NewReplacer(" ", "", "_", "", "-", "").Replace(k)
	if strings.HasPrefix(k, "lyrics") { // ffprobe names USLT "lyrics-eng"
		k = "lyrics"
	}
	if a, ok := aliases[k]; ok {
		return a
	}
	if a, ok := creditAliases[k]; ok {
		return a
	}
	return k
}

// set keeps the first value of a field, as the first frame of a kind is
// the one players show.
func (f fields) set(k, v string) {
	k = fieldName(k)
	if v = strings.Trim(v, " \t\r\n\x00"); v == "" || f[k] != "" {
		return
	}
	f[k] = v
}

// fromMetadata flattens what dhowden/tag read.
func fromMetadata(m tag.Metadata) fields {
	f := fields{}
	for k, v := range m.Raw() {
		if m := repeatedFrame.FindStringSubmatch(k); m != nil {
			k = m[1] // a repeated ID3 frame, "TXXX_0"
		}
		switch v := v.(type) {
		case string:
			f.set(k, v)
		case int:
			if v != 0 {
				f.set(k, strconv.Itoa(v))
			}
		case *tag.Comm:
			switch k {
			case "TXXX", "TXX":
				f.set(v.Description, v.Text)
			case "USLT", "ULT":
				f.set("lyrics", v.Text)
			case "COMM", "COM":
				if !strings.HasPrefix(v.Description, "iTun") { // iTunes' own notes, not a comment
					f.set("comment", v.Text)
				}
			}
		case *tag.UFID:
			if strings.Contains(strings.ToLower(v.Provider), "musicbrainz") {
				f.set("musicbrainztrackid", string(v.Identifier))
			}
		}
	}
	// The parsed forms handle ID3v1 genre numbers and ID3 year frames.
	f.set("genre", m.Genre())
	if n, total := m.Track(); n > 0 {
		f.set("tracknumber", strconv.Itoa(n))
		if total > 0 {
			f.set("tracktotal", strconv.Itoa(total))
		}
	}
	if n, _ := m.Disc(); n > 0 {
		f.set("discnumber", strconv.Itoa(n))
	}
	if y := m.Year(); y > 0 {
		f.set("date", strconv.Itoa(y))
	}
	f.set("lyrics", m.Lyrics())
	return f
}

var (
	repeatedFrame = regexp.MustCompile(`^([A-Z0-9]{3,4})_\d+$`)
	leadingInt    = regexp.MustCompile(`^\s*(\d+)`)
	yearIn        = regexp.MustCompile(`\b(\d{4})\b`)
)

// tags turns fields into what the store keeps.
func (f fields) tags() musicify.TrackTags {
	t := musicify.TrackTags{
		Title: clean(f["title"]), Artist: clean(f["artist"]), Album: clean(f["album"]),
		AlbumArtist: clean(f["albumartist"]),
		Track:       number(f["tracknumber"]), Disc: number(f["discnumber"]),
		Year: year(f["date"]), Compilation: truthy(f["compilation"]),
		MBTrackID: clean(first(f["musicbrainztrackid"], f["musicbrainzreleasetrackid"])),
		MBAlbumID: clean(f["musicbrainzalbumid"]), MBArtistID: clean(f["musicbrainzartistid"]),
		ReplayGainTrack: gain(f["replaygaintrackgain"]), ReplayGainAlbum: gain(f["replaygainalbumgain"]),
	}
	if t.Year == 0 {
		t.Year = year(f["originaldate"])
	}
	t.Artists = splitArtists(t.Artist)
	if t.MBArtistID != "" {
		t.MBArtistID = strings.TrimSpace(strings.FieldsFunc(t.MBArtistID, func(r rune) bool { return r == ';' || r == '/' || r == 0 })[0])
	}
	for _, g := range strings.FieldsFunc(f["genre"], func(r rune) bool { return r == ';' || r == '/' || r == 0 || r == ',' }) {
		if g = clean(g); g != "" {
			t.Genres = append(t.Genres, g)
		}
	}
	t.Lyrics, t.SyncedLyrics = lyrics(f["lyrics"])
	return t
}

// lyrics tells synced (LRC) lyrics from plain ones (lrc.Split), on text
// made valid and bounded first; synced ones also give their words without
// timestamps, for search.
func lyrics(text string) (plain, synced string) {
	text = strings.TrimSpace(strings.ToValidUTF8(strings.ReplaceAll(text, "\r\n", "\n"), ""))
	if len(text) > 100_000 {
		text = strings.ToValidUTF8(text[:100_000], "") // drops a letter the cut split
	}
	if text == "" {
		return "", ""
	}
	return lrc.Split(text)
}

// sidecarLyrics reads "<name>.lrc" beside the audio file rel of the
// folder dir, when there.
func sidecarLyrics(dir, rel string) (plain, synced string) {
	base := strings.TrimSuffix(rel, extOf(rel))
	for _, ext := range []string{".lrc", ".LRC"} {
		b, err := readSmallIn(dir, base+ext, 512<<10)
		if err == nil {
			return lyrics(string(b))
		}
	}
	return "", ""
}

// number reads "3", "3/12" or "03".
func number(s string) int {
	m := leadingInt.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n > 9999 {
		return 0
	}
	return n
}

// year finds the year in "2004", "2004-05-01" or "2004-05-01T12:00".
func year(s string) int {
	m := yearIn.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	y, _ := strconv.Atoi(m[1])
	if y < 1000 || y > 2999 {
		return 0
	}
	return y
}

func truthy(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return s == "1" || s == "true" || s == "yes"
}

// gain reads ReplayGain's "-6.5 dB".
func gain(s string) *float64 {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "dB"), "db"), "DB"))
	g, err := strconv.ParseFloat(s, 64)
	if err != nil || g < -100 || g > 100 {
		return nil
	}
	return &g
}

func first(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// clean trims a tag and bounds it: tags are untrusted input.
func clean(s string) string {
	s = strings.TrimSpace(strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), ""))
	for len(s) > 200 {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}
