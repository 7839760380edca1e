package nlu

import (
	"strconv"
	"strings"
)

// The intents added for acting on the player and answering about songs.
const (
	PlayNext Intent = "play_next" // songs to play right after the current one
	SongInfo Intent = "song_info" // a song's key, BPM, length, year, album or genre
	Albums   Intent = "albums"    // the albums of a year
)

// The player commands a Control request carries besides the plain ones
// (next, previous, pause, resume, repeat).
const (
	CmdVolume     = "volume"      // Volume is the new level in percent
	CmdVolumeUp   = "volume_up"   // a step louder
	CmdVolumeDown = "volume_down" // a step quieter
	CmdSeek       = "seek"        // Position is where, in seconds
	CmdRepeat     = "repeat"      // Mode is off, all or one
	CmdShuffle    = "shuffle"     // On says whether shuffle is on
)

// text is the words as one padded string, for whole-word lookups.
func text(words []string) string { return " " + strings.Join(words, " ") + " " }

func hasAny(s string, phrases ...string) bool {
	for _, p := range phrases {
		if strings.Contains(s, " "+p+" ") {
			return true
		}
	}
	return false
}

// playerCommand reads the commands that carry a value or a direction:
// volume, seeking, repeat and shuffle modes. words are as typed.
func playerCommand(words []string) *Request {
	s := text(words)
	r := &Request{Intent: Control, Words: words}
	if c, ok := volumeCommand(words, s); ok {
		r.Command = c.cmd
		r.Volume = c.level
		return r
	}
	if pos, ok := seekCommand(words, s); ok {
		r.Command, r.Position = CmdSeek, &pos
		return r
	}
	if hasAny(s, "repeat", "repeating", "loop", "looping", "replay") && !hasAny(s, "songs by", "album", "playlist") {
		r.Command, r.Mode = CmdRepeat, "one"
		switch {
		case hasAny(s, "off", "stop", "no", "not", "disable", "never", "cancel"):
			r.Mode = "off"
		case hasAny(s, "all", "queue", "everything", "whole", "playlist"):
			r.Mode = "all"
		}
		if rest := without(words, "repeat repeating loop looping replay on off all this song track it the please turn stop no not do disable enable cancel whole queue everything one current put set mode again play that keep"); len(rest) == 0 {
			return r
		}
	}
	if hasAny(s, "shuffle", "shuffling", "unshuffle") {
		rest := without(words, "shuffle shuffling unshuffle on off turn the please mode stop enable disable can you set no not do it queue")
		if len(rest) == 0 && (len(words) > 1 || words[0] == "unshuffle") {
			on := !hasAny(s, "off", "stop", "disable", "unshuffle", "no", "not")
			r.Command, r.On = CmdShuffle, &on
			return r
		}
	}
	return nil
}

// without drops the words of drop.
func without(words []string, drop string) []string {
	set := map[string]bool{}
	for _, w := range strings.Fields(drop) {
		set[w] = true
	}
	var out []string
	for _, w := range words {
		if !set[w] {
			out = append(out, w)
		}
	}
	return out
}

type volumeCmd struct {
	cmd   string
	level *int
}

func volumeCommand(words []string, s string) (volumeCmd, bool) {
	if hasAny(s, "mute", "silence") && len(without(words, "mute silence please the music it player sound")) == 0 {
		zero := 0
		return volumeCmd{CmdVolume, &zero}, true
	}
	loudWords := hasAny(s, "volume", "louder", "quieter", "softer", "loud", "quiet", "sound")
	turn := hasAny(s, "turn it up", "turn up", "turn it down", "turn down", "crank it up", "crank it", "pump it up", "bring it down", "lower it", "raise it")
	if !loudWords && !turn {
		return volumeCmd{}, false
	}
	// a level: "volume 80", "set volume to 30%", "50 percent"
	if hasAny(s, "volume", "percent", "turn", "set") {
		for _, w := range words {
			if n, err := strconv.Atoi(w); err == nil && n >= 0 && n <= 100 {
				return volumeCmd{CmdVolume, &n}, true
			}
		}
	}
	rest := without(words, "turn it up down the volume a bit little please louder quieter softer more lower raise increase decrease reduce crank pump bring make can you could slightly tad notch music sound sounds too is loud quiet so way and bit")
	if len(rest) > 0 {
		return volumeCmd{}, false
	}
	switch {
	case hasAny(s, "louder", "up", "raise", "increase", "more"):
		return volumeCmd{CmdVolumeUp, nil}, true
	case hasAny(s, "quieter", "softer", "down", "lower", "decrease", "reduce", "loud"):
		return volumeCmd{CmdVolumeDown, nil}, true
	}
	return volumeCmd{}, false
}

// seekCommand reads "jump to 1:30", "skip to 45 seconds", "go to 2
// minutes", "start this song over".
func seekCommand(words []string, s string) (int, bool) {
	if hasAny(s, "start over", "start this over", "start this song over", "start it over", "from the beginning", "from the start", "from the top", "restart", "restart this song", "rewind to the start") &&
		len(without(words, "start over this song track it from the beginning top restart please can you again rewind to play")) == 0 {
		return 0, true
	}
	i := -1
	for j := 0; j+1 < len(words); j++ {
		switch words[j] {
		case "jump", "skip", "go", "seek", "forward", "rewind", "move", "fast":
			if words[j+1] == "to" {
				i = j + 2
			}
		}
	}
	if i < 0 || i >= len(words) {
		return 0, false
	}
	at := func(k int) string {
		if k < len(words) {
			return words[k]
		}
		return ""
	}
	n, err := strconv.Atoi(at(i))
	if err != nil {
		return 0, false
	}
	switch next := at(i + 1); {
	case next == "minute" || next == "minutes" || next == "min" || next == "mins" || next == "m":
		return n * 60, true
	case next == "second" || next == "seconds" || next == "sec" || next == "secs" || next == "s":
		return n, true
	case isNumber(next):
		if m, _ := strconv.Atoi(next); m < 60 {
			return n*60 + m, true
		}
	case next == "":
		return n, true
	}
	return 0, false
}

// attribute reads a question about a song's key, BPM, length, year,
// album or genre; "" when the message asks none.
func attribute(s string) string {
	switch {
	case hasAny(s, "what key", "which key", "key is", "key of", "musical key", "in what key", "the key"):
		return "key"
	case hasAny(s, "bpm", "tempo", "how fast", "how slow", "beats per minute", "what speed"):
		return "bpm"
	case hasAny(s, "how long", "length", "duration", "longest", "shortest", "how many minutes"):
		return "length"
	case hasAny(s, "what year", "which year", "when did", "when was", "come out", "came out", "released", "release date", "how old"):
		return "year"
	case hasAny(s, "what album", "which album", "album is this", "album is it", "album of", "from what album", "on what album", "album this"):
		return "album"
	case hasAny(s, "what genre", "which genre", "genre is", "genre of", "what kind of music", "what style", "what type of music", "what sort of music", "the genre"):
		return "genre"
	}
	return ""
}

// songQuestion reads questions about one song (named, or the one playing)
// and about the longest or shortest song. It returns nil for anything else.
func (m *message) songQuestion(r *Request) *Request {
	s := text(m.orig)
	attr := attribute(s)
	if attr == "" {
		return nil
	}
	rank := ""
	switch {
	case hasAny(s, "longest"):
		rank = "longest"
	case hasAny(s, "shortest"):
		rank = "shortest"
	}
	if m.kinds["bpm"] || m.kinds["minutes"] || m.kinds["count"] {
		return nil
	}
	asks := hasAny(s, "what", "which", "how", "when", "tell me", "do you know", "whats")
	current := hasAny(s, "this", "it", "current", "playing", "this song", "this track")
	plural := hasAny(s, "songs", "tracks", "albums")
	switch {
	case rank != "" && attr == "length":
		return &Request{Intent: SongInfo, Attr: attr, Rank: rank, Words: r.Words}
	case !asks || plural:
		return nil
	case r.Song != nil:
		return &Request{Intent: SongInfo, Attr: attr, Song: r.Song, Words: r.Words}
	case current && !m.catalog():
		return &Request{Intent: SongInfo, Attr: attr, Words: r.Words}
	}
	return nil
}

// yearAlbums reads "albums from 2019", "which albums came out in 2024".
func (m *message) yearAlbums() int {
	s := text(m.orig)
	if !hasAny(s, "albums", "album", "records", "releases") {
		return 0
	}
	for _, w := range m.orig {
		if n, err := strconv.Atoi(w); err == nil && n >= 1900 && n <= 2100 && len(w) == 4 {
			return n
		}
	}
	return 0
}

// playNext tells whether songs should go right after the current one.
func (m *message) playNext() bool {
	s := text(m.orig)
	return hasAny(s, "after this", "after this song", "after this one", "after the current", "play next", "up next", "next up", "queue next") ||
		(hasAny(s, "play", "queue", "put") && strings.HasSuffix(m.shape, " next ") && m.catalog())
}
