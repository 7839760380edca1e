// Package nlu turns what people type to the assistant into a request: an
// intent and the catalog entities, moods, tempos and genres it names. It
// is pure (no database, no clock), so it is tested on its own against an
// evaluation set of real-sounding utterances.
package nlu

import (
	"strconv"
	"strings"
)

// Intent is what the user wants done.
type Intent string

// The intents, named as the evaluation set (testdata/assistant) names them.
const (
	Play           Intent = "play"
	Queue          Intent = "queue"
	Shuffle        Intent = "shuffle"
	List           Intent = "list"
	Similar        Intent = "similar"
	More           Intent = "more"
	Recommend      Intent = "recommend"
	Popular        Intent = "popular"
	Newest         Intent = "newest"
	WhoIs          Intent = "who_is"
	WhoSings       Intent = "who_sings"
	Count          Intent = "count"
	NowPlaying     Intent = "now_playing"
	LastPlayed     Intent = "last_played"
	PlaylistCreate Intent = "playlist_create"
	PlaylistAdd    Intent = "playlist_add"
	PlaylistOpen   Intent = "playlist_open"
	HowTo          Intent = "howto"
	Control        Intent = "control"
	Greet          Intent = "greet"
	Thanks         Intent = "thanks"
	Help           Intent = "help"
	Unknown        Intent = "unknown"
)

// Match is a catalog item the text names: its name as the catalog spells
// it and its id (a song or playlist id, an artist's or user's username).
type Match struct {
	Name string
	ID   string
}

// Request is one parsed message. Zero fields were not mentioned.
type Request struct {
	Intent Intent

	Song, Artist, Album, Playlist, User *Match

	Genre   string // a lexicon genre: "jazz", "lo-fi"…
	Mood    string // a lexicon mood or activity: "calm", "running"…
	Tempo   string // "slow" or "fast"
	BPM     int
	Era     string // "1980s"
	Minutes int    // how long a playlist should last
	Count   int    // how many songs
	Name    string // a new playlist's name, as typed
	Topic   string // what a how-to question is about
	Command string // a player control: next, previous, pause, resume, repeat, volume, volume_up, volume_down, seek, shuffle

	Volume   *int   // the volume a "volume" command sets, in percent
	Position *int   // where a "seek" command goes, in seconds
	Mode     string // the repeat mode a "repeat" command sets: off, all, one
	On       *bool  // whether a "shuffle" command turns shuffle on
	Attr     string // what a song question asks: key, bpm, length, year, album, genre
	Rank     string // longest or shortest: a question about the whole catalog
	Year     int    // the year whose albums are asked for
	Ref      bool   // "that", "them": the songs of the previous answer
	Liked    bool   // the user's liked songs
	Query    string // words naming something the catalog does not know

	// Words are the normalised words of the message, for replies that say
	// what was understood.
	Words []string
}

// HasSelection tells whether the request names songs to choose from.
func (r *Request) HasSelection() bool {
	return r.Song != nil || r.Artist != nil || r.Album != nil || r.Playlist != nil || r.Genre != "" ||
		r.Mood != "" || r.Tempo != "" || r.BPM != 0 || r.Era != "" || r.Liked || r.Ref || r.Query != ""
}

// Entities lists what the request names as key=value pairs, the way the
// evaluation set writes them.
func (r *Request) Entities() map[string]string {
	e := map[string]string{}
	put := func(k, v string) {
		if v != "" {
			e[k] = v
		}
	}
	for k, m := range map[string]*Match{"song": r.Song, "artist": r.Artist, "album": r.Album, "playlist": r.Playlist, "user": r.User} {
		if m != nil {
			put(k, m.Name)
		}
	}
	put("genre", r.Genre)
	put("mood", r.Mood)
	put("tempo", r.Tempo)
	put("era", r.Era)
	put("name", r.Name)
	put("topic", r.Topic)
	put("command", r.Command)
	put("query", r.Query)
	put("mode", r.Mode)
	put("attr", r.Attr)
	put("rank", r.Rank)
	if r.Volume != nil {
		put("volume", strconv.Itoa(*r.Volume))
	}
	if r.Position != nil {
		put("position", strconv.Itoa(*r.Position))
	}
	if r.On != nil {
		put("on", strconv.FormatBool(*r.On))
	}
	if r.Year != 0 {
		put("year", strconv.Itoa(r.Year))
	}
	for k, n := range map[string]int{"bpm": r.BPM, "minutes": r.Minutes, "count": r.Count} {
		if n != 0 {
			put(k, strconv.Itoa(n))
		}
	}
	if r.Ref {
		put("ref", "last")
	}
	if r.Liked {
		put("source", "liked")
	}
	return e
}

// Describe says in a few words what the request selects ("calm jazz",
// "songs by Neon Harbor"), for replies.
func (r *Request) Describe() string {
	var adj []string
	for _, s := range []string{r.Tempo, r.Mood, r.Era, r.Genre} {
		if s == "" {
			continue
		}
		adj = append(adj, s)
	}
	out := strings.Join(adj, " ")
	switch {
	case r.Song != nil:
		out = strings.TrimSpace(out + " “" + r.Song.Name + "”")
	case r.Artist != nil:
		out = strings.TrimSpace(out + " songs by " + r.Artist.Name)
	case r.Album != nil:
		out = strings.TrimSpace(out + " songs from " + r.Album.Name)
	case r.Playlist != nil:
		out = strings.TrimSpace(out + " songs of “" + r.Playlist.Name + "”")
	case r.Liked:
		out = strings.TrimSpace(out + " liked songs")
	case out != "":
		out += " songs"
	}
	if r.BPM != 0 {
		out = strings.TrimSpace(out + " around " + strconv.Itoa(r.BPM) + " BPM")
		if !strings.Contains(out, "songs") && r.Song == nil {
			out = "songs " + out
		}
	}
	if out == "" && r.Query != "" {
		out = "“" + r.Query + "”"
	}
	return out
}
