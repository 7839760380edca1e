package nlu

import "strings"

// Words that carry no request: politeness, fillers and the assistant's name.
const fillers = "please the a an this that it song track music now right hey musicify ok okay so just for me thanks thank you"

// controls are the player commands, said on their own.
var controls = map[string]string{
	"next": "next", "skip": "next", "next song": "next", "next track": "next", "skip ahead": "next",
	"pause": "pause", "stop": "pause", "pause music": "pause", "hold on": "pause",
	"previous": "previous", "back": "previous", "go back": "previous", "previous song": "previous", "last song": "previous",
	"previous track": "previous", "play last song again": "previous", "play last again": "previous", "go back one": "previous", "back one": "previous",
	"stop for sec": "pause", "stop for second": "pause", "stop for moment": "pause", "pause for sec": "pause", "pause for moment": "pause",
	"resume": "resume", "continue": "resume", "unpause": "resume", "keep playing": "resume",
	"repeat": "repeat", "play again": "repeat", "on repeat": "repeat", "put on repeat": "repeat", "replay": "repeat", "loop": "repeat",
}

// classify picks the intent. The rules run from the most specific to the
// most general: "how do I make a playlist" is a question before it is a
// request for a playlist, and "play the top hits" asks for what is popular.
func (m *message) classify(r *Request) Intent {
	if len(m.words) == 0 {
		return Unknown
	}
	if c := m.control(); c != "" {
		r.Command = c
		return Control
	}
	switch {
	case m.only("hi hello hey hiya howdy yo sup there good morning afternoon evening musicify greetings"):
		return Greet
	case m.only("thanks thank you so much very cheers great awesome nice cool ok okay perfect lovely"):
		return Thanks
	case m.only("help please me musicify hey"), m.has("what can you do", "what can i ask", "what can i ask you", "what do you do", "how do you work", "what are you"):
		return Help
	}
	if t := m.topic(); t != "" && m.question() {
		r.Topic = t
		return HowTo
	}
	ref := m.pronoun() || m.has("more like", "similar", "something like")
	switch {
	case m.has("how many", "number of", "count"):
		return Count
	case m.has("what is playing", "what is this song", "what am i hearing", "who is this", "who is playing", "what song is this", "what am i listening to", "currently playing",
		"now playing", "what is this", "what song is playing", "name of this song", "name of this track", "name of the song", "what is on",
		"what is on right now", "what is on now", "who am i listening to", "currently on", "is on right now"),
		!m.catalog() && m.has("who sings this", "who sang this", "who is singing", "who is this by", "who made this", "who is the artist", "who performs this", "artist of this"):
		return NowPlaying
	case m.has("last played", "played last", "last song i played", "recently played", "what did i play", "what did i listen",
		"what have i been listening", "what was i listening", "listening history", "my history", "i played recently"):
		return LastPlayed
	case m.playNext():
		return PlayNext
	case m.has("sounds like", "sound like", "similar to") && m.catalog():
		return Similar
	case m.has("who") && m.kinds["song"] && !m.kinds["artist"]:
		return WhoSings
	case m.has("whose", "artist of", "artist behind", "who sings", "who sang", "who made", "who wrote", "who performs", "which artist", "what artist", "which band",
		"who plays", "who recorded", "who did"):
		return WhoSings
	case m.has("who is", "who are", "tell me about", "know about", "info on", "information about", "who"):
		return WhoIs
	case m.addTo() != "":
		if m.addTo() == "queue" {
			return Queue
		}
		r.Ref = r.Song == nil && !r.HasSelection() || m.pronoun()
		return PlaylistAdd
	case m.kinds["playlist"] && m.has("start", "play", "put on", "listen"):
		return Play
	case m.has("playlist", "playlists", "mix") && m.has("make", "create", "build", "generate", "put together", "new",
		"save", "give me", "start", "i want", "i need", "turn"):
		return PlaylistCreate
	case m.kinds["playlist"] && m.has("open", "show", "go to", "take me to", "view", "display", "see"):
		return PlaylistOpen
	case m.has("playlist", "mix") && !m.kinds["playlist"] && !m.has("play", "shuffle", "queue"):
		return PlaylistCreate
	case m.has("like", "similar", "sounds like", "in the style of", "reminds me of", "along the lines of") && (m.catalog() || ref) && !m.likeAsWish():
		if !m.catalog() {
			r.Ref = true
		}
		return Similar
	case m.more():
		return More
	case m.has("recommend", "recommendation", "recommendations", "suggest", "suggestion", "suggestions", "surprise",
		"what should i", "pick something", "bored", "something good", "for me to"):
		return Recommend
	case m.has("popular", "trending", "top", "hits", "charts", "chart", "most played", "hot", "people listening",
		"everyone listening", "everybody listening", "others listening"):
		return Popular
	case m.has("new", "newest", "latest", "recently added", "fresh", "just added", "recent"):
		return Newest
	case m.has("queue", "up next", "after this") || (m.has("play") && strings.HasSuffix(m.shape, " next ") && m.catalog()):
		return Queue
	case m.has("shuffle", "shuffled", "random order", "mix up"):
		return Shuffle
	case m.has("what", "which", "list", "show", "do you have", "have you got", "is there", "are there", "any") &&
		!m.has("play", "put on", "listen", "hear") && (len(m.spans) > 0 || m.has(listNouns...)):
		return List
	case (m.kinds["artist"] || m.kinds["album"]) && m.has("by", "from", "on") && !m.has("play", "put on", "listen", "hear", "start"):
		return List
	case m.has("play", "put on", "listen", "hear", "start", "spin", "throw on", "want", "give me", "need", "mood for", "let us", "blast", "queue up"):
		return Play
	case len(m.spans) > 0 && !m.has("what", "who", "how", "why", "when", "where"):
		return Play // a bare selection: "jazz please", "something calm"
	}
	return Unknown
}

// likeAsWish tells whether "like" only says what one wants ("I'd like to
// hear …", "I feel like Willow Creek"), not songs like something.
func (m *message) likeAsWish() bool {
	return m.has("would like", "feel like", "like to", "i like") &&
		!m.has("similar", "sounds like", "more like", "something like", "anything like", "songs like", "stuff like", "artists like",
			"music like", "tracks like", "in the style of", "reminds me of", "along the lines of")
}

// listNouns are what "what … do you have" may ask about without naming anything.
var listNouns = strings.Fields("songs song music tracks artists artist albums album bands everything all anything")

// control reads a player command said on its own: "skip this song",
// "next", "nah, skip this one", "ok you can start the music again".
func (m *message) control() string {
	var kept []string
	drop := map[string]bool{}
	for _, w := range strings.Fields("please the this that it song track music now musicify hey a") {
		drop[w] = true
	}
	for _, w := range m.words {
		if !drop[w] {
			kept = append(kept, w)
		}
	}
	if c := controls[strings.Join(kept, " ")]; c != "" {
		return c
	}
	return m.looseControl()
}

// controlAround are the words a command may come with and still be only a
// command: politeness, opinions of the song, and the verbs around it.
var controlAround = wordSet(fillers + ` one ones nah nope no yeah yes oh um uh hmm well can could would will you i we
	just go play start put get take move keep carry on up to again quick quickly for minute second sec moment bit
	while boring bored hate dislike annoying awful terrible bad enough tired of sick really not feeling into
	let us do mind kindly already actually ugh meh ew argh playback last to am is are was tune tunes oops wait
	heard times today total hey there sorry rewind`)

// looseControl finds one command among words that only surround it.
func (m *message) looseControl() string {
	if len(m.spans) > 0 {
		return ""
	}
	s := text(m.words)
	cmd := ""
	switch {
	case hasAny(s, "unpause", "resume", "continue", "carry on", "start the music again", "start it again", "play it again", "start again", "start playing again"),
		hasAny(s, "keep") && hasAny(s, "going", "playing"):
		cmd = "resume"
	case hasAny(s, "not stop", "not pause", "not skip", "never stop"):
		return "" // "don't stop"
	case hasAny(s, "pause", "stop", "hold on", "hang on", "halt", "freeze", "hold"):
		cmd = "pause"
	case hasAny(s, "next", "skip", "move on"):
		cmd = "next"
	case hasAny(s, "play") && hasAny(s, "again"):
		cmd = "repeat"
	case hasAny(s, "previous", "prev", "song before", "one before", "track before", "go back", "back one", "play before", "last song", "last track", "last one", "just on", "just played", "was on before"):
		cmd = "previous"
	default:
		return ""
	}
	// A command said plainly may come with a reason: "pause for a moment,
	// someone's at the door". Not a question, and nothing named.
	if hasAny(s, strongControl...) && !hasAny(s, "what", "which", "who", "when", "how", "why", "where") {
		return cmd
	}
	for _, w := range m.words {
		if !controlAround[w] && !controlWords[w] {
			return ""
		}
	}
	return cmd
}

// strongControl are the words that, said at all, ask the player to do it.
var strongControl = []string{"pause", "unpause", "resume", "skip", "go back", "move on"}

var controlWords = wordSet("unpause resume continue playing going carry pause stop hold hang halt freeze next skip previous prev before back again move just played")

func wordSet(words string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(words) {
		set[w] = true
	}
	return set
}

// more is "another one", "more please": the same again, nothing new named.
func (m *message) more() bool {
	if len(m.spans) > 0 {
		return false
	}
	allowed := map[string]bool{}
	for _, w := range strings.Fields("another one more else something different please give me play some other next different thing song songs") {
		allowed[w] = true
	}
	for _, w := range m.words {
		if !allowed[w] {
			return false
		}
	}
	return m.has("another", "more", "else", "different", "next one", "other")
}

// question tells whether the message asks how something is done.
func (m *message) question() bool {
	selection := m.kinds["genre"] || m.kinds["mood"] || m.kinds["count"] || m.kinds["minutes"]
	return (m.has("how") && !m.has("how many", "how much", "how long", "how about")) ||
		m.has("can i", "where do i", "where can i", "is there a way", "is it possible", "what is a", "what is an",
			"what are app", "explain", "i want to know", "tell me how") ||
		(m.has("help me") && !selection) // "a playlist to help me focus" asks for songs
}

// topic finds what a how-to question is about.
func (m *message) topic() string {
	for _, t := range topics {
		for _, p := range t.phrases {
			if strings.Contains(" "+strings.Join(m.words, " ")+" ", " "+p+" ") {
				return t.name
			}
		}
	}
	return ""
}

// addTo reads "add X to Y" and says where to: "queue", "playlist" or "".
func (m *message) addTo() string {
	verb := -1
	for i, w := range m.words {
		next := ""
		if i+1 < len(m.words) {
			next = m.words[i+1]
		}
		switch w {
		case "add", "save", "stick", "append":
		case "put", "throw":
			if next == "on" || next == "together" {
				continue
			}
		default:
			continue
		}
		if verb < 0 {
			verb = i
		}
	}
	to := m.target()
	switch {
	case verb < 0 || to <= verb+1:
		return ""
	case m.has("queue", "my queue", "the queue"):
		return "queue"
	}
	return "playlist"
}

// target is the index in words after the last "to", "in", "into" or "onto", or -1.
func (m *message) target() int {
	for i := len(m.words) - 2; i >= 0; i-- {
		switch m.words[i] {
		case "to", "into", "onto", "in":
			return i + 1
		}
	}
	return -1
}
