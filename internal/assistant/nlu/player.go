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
	words = correctCommands(words)
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
	if hasAny(s, "repeat", "repeating", "loop", "looping", "replay") && !hasAny(s, "songs by", "album") {
		r.Command, r.Mode = CmdRepeat, "one"
		switch {
		case hasAny(s, "off", "stop", "no", "not", "disable", "never", "cancel"):
			r.Mode = "off"
		case hasAny(s, "all", "queue", "everything", "whole", "playlist"):
			r.Mode = "all"
		}
		if rest := without(words, "repeat repeating loop looping replay on off all this song track it the please turn switch toggle stop no not do disable enable cancel whole queue playlist everything one current put set mode again play that keep more any can you could would"); len(rest) == 0 {
			return r
		}
	}
	if hasAny(s, "shuffle", "shuffling", "unshuffle", "randomize", "randomise", "random order") {
		rest := without(words, "shuffle shuffling unshuffle randomize randomise random on off turn switch toggle the please mode stop enable disable can you set no not do it queue more any mix up order put play in songs i want them want")
		if len(rest) == 0 && (len(words) > 1 || words[0] == "unshuffle" || words[0] == "randomize") {
			on := !hasAny(s, "off", "stop", "disable", "unshuffle", "no", "not", "in order")
			r.Command, r.On = CmdShuffle, &on
			return r
		}
	}
	return nil
}

// commandWords are the player's words a typo is corrected to before the
// commands are read: "volumn", "shufle", "repaet".
var commandWords = strings.Fields("volume shuffle shuffling repeat repeating louder quieter softer unmute mute unshuffle unpause down")

func correctCommands(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w
		if len(w) < 4 || common[w] || lexical[w] {
			continue
		}
		for _, c := range commandWords {
			if c[0] == w[0] && editDistance(w, c) == 1 {
				out[i] = c
				break
			}
		}
	}
	return out
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

// volumeAround are the words a volume command may come with.
const volumeAround = "turn it up down the volume a bit little please louder quieter softer more lower raise increase decrease reduce crank pump bring make can you could slightly tad notch music sound sounds too is loud quiet so way and bit i hear barely cannot can not hardly anything bump tone knock"

type volumeCmd struct {
	cmd   string
	level *int
}

func volumeCommand(words []string, s string) (volumeCmd, bool) {
	if hasAny(s, "mute", "silence") && len(without(words, "mute silence please the music it player sound")) == 0 {
		zero := 0
		return volumeCmd{CmdVolume, &zero}, true
	}
	loudWords := hasAny(s, "volume", "louder", "quieter", "softer", "loud", "quiet", "sound", "percent", "lower")
	turn := hasAny(s, "turn it up", "turn up", "turn it down", "turn down", "crank it up", "crank it", "pump it up", "bring it down", "lower it", "raise it", "way up", "way down", "tone it down", "bump it up", "knock it down")
	if !loudWords && !turn {
		return volumeCmd{}, false
	}
	if hasAny(s, "all the way down", "minimum", "min volume", "volume to 0") && len(without(words, volumeAround+" all the way minimum min to 0")) == 0 {
		zero := 0
		return volumeCmd{CmdVolume, &zero}, true
	}
	// "quieter please, my roommate is sleeping": the reason is not a request for songs
	if hasAny(s, "louder", "quieter", "softer") && !hasAny(s, "play", "put", "something", "songs", "music", "song", "tracks", "playlist") {
		if hasAny(s, "louder") {
			return volumeCmd{CmdVolumeUp, nil}, true
		}
		return volumeCmd{CmdVolumeDown, nil}, true
	}
	if hasAny(s, "max", "maximum", "full", "all the way up", "full blast", "as loud as") &&
		len(without(words, volumeAround+" max maximum full all way blast as possible it can go to the at")) == 0 {
		full := 100
		return volumeCmd{CmdVolume, &full}, true
	}
	if hasAny(s, "half") && len(without(words, volumeAround+" half to at set")) == 0 {
		half := 50
		return volumeCmd{CmdVolume, &half}, true
	}
	// a level: "volume 80", "set volume to 30%", "50 percent"
	if hasAny(s, "volume", "percent", "turn", "set", "to", "at") {
		for _, w := range words {
			if n, err := strconv.Atoi(w); err == nil && n >= 0 && n <= 100 {
				return volumeCmd{CmdVolume, &n}, true
			}
		}
	}
	rest := without(words, volumeAround)
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

// seekCommand reads "jump to 1:30", "skip ahead to the one minute mark",
// "go to 3 min 20 sec", "take it back to the start", "start this song over".
func seekCommand(words []string, s string) (int, bool) {
	if hasAny(s, "start over", "start this over", "start this song over", "start it over", "from the beginning", "from the start", "from the top", "restart", "restart this song", "rewind to the start") &&
		len(without(words, "start over this song track it from the beginning top restart please can you again rewind to play")) == 0 {
		return 0, true
	}
	for j := 0; j+1 < len(words); j++ {
		switch words[j] {
		case "jump", "skip", "go", "seek", "forward", "rewind", "move", "fast", "ahead", "back", "scrub", "take", "bring", "head":
		case "start", "play", "begin", "pick":
			// "start it from 30 seconds", "play this from 1:20": only with a unit
			if pos, ok := fromPosition(words, j+1); ok {
				return pos, true
			}
			continue
		default:
			continue
		}
		k := j + 1
		for k < len(words) && (words[k] == "it" || words[k] == "ahead" || words[k] == "back" || words[k] == "forward" || words[k] == "right") {
			k++
		}
		if k < len(words) && (words[k] == "to" || words[k] == "at") {
			if pos, end, ok := position(words, k+1); ok && len(without(words[end:], seekTail)) == 0 {
				return pos, true
			}
		}
	}
	return 0, false
}

// fromPosition reads "(it|this|the song) from <position>" after a verb,
// when the position says its unit or is m:ss.
func fromPosition(words []string, k int) (int, bool) {
	for k < len(words) && (words[k] == "it" || words[k] == "this" || words[k] == "the" || isSongWord(words[k]) || words[k] == "up") {
		k++
	}
	if k >= len(words) || words[k] != "from" {
		return 0, false
	}
	pos, end, ok := position(words, k+1)
	bare := end == k+2 && isNumber(words[k+1]) // "play from 2019" is not a point in a song
	if !ok || bare || len(without(words[end:], seekTail)) != 0 {
		return 0, false
	}
	return pos, true
}

// seekTail is what may follow a position: "… of this song, please".
const seekTail = "of in into the this that song track tune it please thanks now mark point"

// position reads a point in a song from words[i]: "1 30" (as 1:30 is
// split), "90", "45 seconds", "2 minutes", "3 min 20 sec", "the 1 minute
// mark", "the start". It returns seconds and the index after it.
func position(words []string, i int) (int, int, bool) {
	at := func(k int) string {
		if k < len(words) {
			return words[k]
		}
		return ""
	}
	if at(i) == "the" || at(i) == "a" {
		i++
	}
	switch at(i) {
	case "start", "beginning", "top":
		return 0, i + 1, true
	}
	n, err := strconv.Atoi(at(i))
	if err != nil {
		return 0, 0, false
	}
	minute := func(w string) bool { return w == "minute" || w == "minutes" || w == "min" || w == "mins" || w == "m" }
	second := func(w string) bool { return w == "second" || w == "seconds" || w == "sec" || w == "secs" || w == "s" }
	switch next := at(i + 1); {
	case minute(next):
		end := i + 2
		if at(end) == "and" {
			end++
		}
		if m, err := strconv.Atoi(at(end)); err == nil && m < 60 {
			switch {
			case second(at(end + 1)):
				return n*60 + m, end + 2, true
			case end+1 == len(words): // "one minute thirty"
				return n*60 + m, end + 1, true
			}
		}
		return n * 60, i + 2, true
	case second(next):
		return n, i + 2, true
	case isNumber(next):
		if m, _ := strconv.Atoi(next); m < 60 {
			return n*60 + m, i + 2, true
		}
		return 0, 0, false
	}
	return n, i + 1, true
}

// attribute reads a question about a song's key, BPM, length, year,
// album or genre; "" when the message asks none.
func attribute(s string) string {
	switch {
	case hasAny(s, "what key", "which key", "key is", "key of", "musical key", "in what key", "the key", "major or minor", "minor or major", "major key", "minor key", "key"):
		return "key"
	case hasAny(s, "bpm", "tempo", "how fast", "how slow", "beats per minute", "what speed"):
		return "bpm"
	case hasAny(s, "how long", "length", "duration", "longest", "shortest", "how many minutes", "how many seconds", "runtime", "run time", "minutes long",
		"a long song", "a long track", "a short song", "a short track"):
		return "length"
	case hasAny(s, "what year", "which year", "when did", "when was", "come out", "came out", "released", "release date", "how old", "year of"):
		return "year"
	case hasAny(s, "what album", "which album", "album is this", "album is it", "album of", "from what album", "on what album", "album this",
		"what record", "which record", "record is this", "record is it", "from what record", "on what record", "on an album", "from an album", "part of an album"):
		return "album"
	case hasAny(s, "what genre", "which genre", "genre is", "genre of", "what kind of music", "what style", "what type of music", "what sort of music", "the genre"):
		return "genre"
	}
	return ""
}

// attrFirst are the first words of a question without a question word:
// "is this in a minor key", "bpm of Chrome Sunset".
var attrFirst = wordSet("is does do bpm tempo key length duration runtime year album record genre")

// songQuestion reads questions about one song (named, or the one playing)
// and about the longest or shortest song. It returns nil for anything else.
func (m *message) songQuestion(r *Request) *Request {
	s := text(m.orig)
	attr := attribute(s)
	if attr == "" && r.Song != nil && m.kinds["genre"] && hasAny(s, "or") && len(m.orig) > 0 && attrFirst[m.orig[0]] {
		attr = "genre" // "is Library Cat lo-fi or jazz?"
	}
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
	// a question: by its words, its question mark, or its first word
	// ("is this in a minor key", "bpm of …?")
	asks := hasAny(s, "what", "which", "how", "when", "tell me", "do you know", "whats") || m.mark ||
		(len(m.orig) > 0 && attrFirst[m.orig[0]])
	current := hasAny(s, "this", "it", "current", "playing", "this song", "this track")
	plural := hasAny(s, "songs", "tracks", "albums") && !hasAny(s, "this songs", "this tracks") // "this songs key" is a possessive
	switch {
	case rank != "" && attr == "length":
		return &Request{Intent: SongInfo, Attr: attr, Rank: rank, Words: r.Words}
	case !asks || plural:
		return nil
	case r.Song != nil:
		return &Request{Intent: SongInfo, Attr: attr, Song: r.Song, Words: r.Words}
	case (current || asks) && !m.catalog(): // "what's the bpm" is of the song playing
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
	return hasAny(s, "after this", "after this song", "after this one", "after the current", "play next", "up next", "next up", "queue next",
		"next in the queue", "next in queue", "next in line", "once this song ends", "when this song ends", "once this ends", "when this ends") ||
		(hasAny(s, "the next song", "the next track", "the next one", "be next", "go next", "come next") && m.catalog()) ||
		(hasAny(s, "play", "queue", "put") && strings.HasSuffix(m.shape, " next ") && (m.catalog() || m.kinds["genre"] || m.kinds["mood"]))
}
