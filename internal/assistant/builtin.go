package assistant

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/musicify/musicify/internal/musicify"
)

// Builtin understands plain requests with patterns and answers from the
// catalog. It needs no model, so it works on any server.
type Builtin struct {
	Catalog *Catalog
}

var _ Assistant = (*Builtin)(nil)

// intent is one kind of request: a pattern and how to answer it.
type intent struct {
	re     *regexp.Regexp
	answer func(b *Builtin, ctx context.Context, u *musicify.User, m []string) (*Answer, error)
}

// filler is politeness around a request, which names nothing.
var filler = regexp.MustCompile(`^(?:(?:can|could|would) you\s+|please\s+)+|(?:\s*,?\s*(?:please|for me|now|thanks|thank you))+$`)

// Listed in the order they are tried: the specific before the general.
var intents = []intent{
	{regexp.MustCompile(`^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b`), (*Builtin).greet},
	{regexp.MustCompile(`\b(?:make|create|build|start)\b.*\bplaylist\b(?:\s+(?:called|named|titled))?\s+["“]?(.+?)["”]?\s+(?:from|with|of|out of)\s+(?:songs?\s+(?:by|from)\s+|music\s+by\s+)?(.+)$`), (*Builtin).makePlaylist},
	{regexp.MustCompile(`\bhow\b.*?\b(upload|radio|station|share|sharing|playlist|like|download|follow)`), (*Builtin).howTo},
	{regexp.MustCompile(`\bopen\b(?:\s+my)?\s+(?:the\s+)?playlist\s+["“]?(.+?)["”]?$`), (*Builtin).openPlaylist},
	{regexp.MustCompile(`(?:something|songs?|music|more|anything)\s+(?:like|similar to)\s+["“]?(.+?)["”]?$|^similar to\s+(.+)$`), (*Builtin).similar},
	{regexp.MustCompile(`(?:songs?|music|something|anything|tracks?)\s+(?:by|from)\s+(.+)$|^(?:play|put on)\s+(?:some\s+)?(.+?)'s?\s+songs?$`), (*Builtin).byArtist},
	{regexp.MustCompile(`\b(?:popular|top songs?|trending|hits|most played|charts?)\b`), (*Builtin).popular},
	{regexp.MustCompile(`\b(?:recommend|suggest|surprise me|what should i (?:play|listen to|hear))\b`), (*Builtin).forMe},
	{regexp.MustCompile(`^(?:please\s+)?(?:play|find|search(?:\s+for)?|look for|put on|listen to)\s+(?:the\s+song\s+)?["“]?(.+?)["”]?$`), (*Builtin).find},
	{regexp.MustCompile(`\b(?:upload|radio|station|share|sharing|download|follow)\b`), (*Builtin).howTo},
}

// Chat finds the first intent the message matches; the reply is not
// streamed since it is complete at once.
func (b *Builtin) Chat(ctx context.Context, u *musicify.User, message string, _ []Turn, delta func(string)) (*Answer, error) {
	text := strings.ToLower(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(message), ".!?")))
	text = strings.TrimSpace(filler.ReplaceAllString(text, ""))
	for _, in := range intents {
		if m := in.re.FindStringSubmatch(text); m != nil {
			a, err := in.answer(b, ctx, u, m)
			if err != nil {
				return nil, err
			}
			if delta != nil {
				delta(a.Reply)
			}
			return a, nil
		}
	}
	a := &Answer{Reply: capabilities}
	if delta != nil {
		delta(a.Reply)
	}
	return a, nil
}

const capabilities = "I can play or find a song (“play Midnight Harbour”), play songs by an artist " +
	"(“songs by Neon Harbor”), find something like a song you love (“something like Dandelion Road”), " +
	"tell you what is popular, recommend songs for you, open one of your playlists, and make a playlist " +
	"(“make a playlist called Focus from songs by Paper Moons”). Ask me how to upload, share or start a radio station too."

// first returns the first non-empty group of a match.
func first(m []string) string {
	for _, g := range m[1:] {
		if g = strings.TrimSpace(g); g != "" {
			return g
		}
	}
	return ""
}

func (b *Builtin) greet(context.Context, *musicify.User, []string) (*Answer, error) {
	return &Answer{Reply: "Hello! " + capabilities}, nil
}

func playAnswer(reply, label string, songs []*musicify.Song) *Answer {
	return &Answer{Reply: reply, Actions: []Action{{Type: "play", Label: label, Songs: ids(songs)}}}
}

func (b *Builtin) find(ctx context.Context, _ *musicify.User, m []string) (*Answer, error) {
	q := first(m)
	songs, err := b.Catalog.FindSongs(ctx, q, 10)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return &Answer{Reply: fmt.Sprintf("I could not find a song like “%s”. Try other words, or ask what is popular.", q)}, nil
	}
	return playAnswer(fmt.Sprintf("I found %s.", describe(songs)), "Play “"+songs[0].Name+"”", songs), nil
}

func (b *Builtin) byArtist(ctx context.Context, _ *musicify.User, m []string) (*Answer, error) {
	q := first(m)
	artist, err := b.Catalog.FindArtist(ctx, q)
	if err != nil {
		return nil, err
	}
	if artist == "" {
		return &Answer{Reply: fmt.Sprintf("I know no artist called “%s”. The Artists page lists them all.", q)}, nil
	}
	songs, err := b.Catalog.ArtistSongs(ctx, artist)
	if err != nil {
		return nil, err
	}
	name := strings.ReplaceAll(artist, "-", " ")
	if len(songs) == 0 { // their last song was deleted a moment ago
		return &Answer{Reply: fmt.Sprintf("%s has no songs right now.", name)}, nil
	}
	return playAnswer(fmt.Sprintf("Here are %d songs by %s, starting with “%s”.", len(songs), name, songs[0].Name),
		"Play "+name, songs), nil
}

func (b *Builtin) similar(ctx context.Context, _ *musicify.User, m []string) (*Answer, error) {
	q := first(m)
	seeds, err := b.Catalog.FindSongs(ctx, q, 1)
	if err != nil {
		return nil, err
	}
	if len(seeds) == 0 {
		return &Answer{Reply: fmt.Sprintf("I could not find “%s” to go from. What is it called exactly?", q)}, nil
	}
	songs, err := b.Catalog.Similar(ctx, seeds[0].ID, 10)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return &Answer{Reply: fmt.Sprintf("I do not know enough about “%s” yet to find songs like it.", seeds[0].Name)}, nil
	}
	return playAnswer(fmt.Sprintf("If you like “%s”, try %s.", seeds[0].Name, describe(songs)),
		"Play songs like “"+seeds[0].Name+"”", songs), nil
}

func (b *Builtin) popular(ctx context.Context, _ *musicify.User, _ []string) (*Answer, error) {
	songs, err := b.Catalog.Top(ctx, 20)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return &Answer{Reply: "Nothing has been played much yet. Be the first!"}, nil
	}
	return playAnswer(fmt.Sprintf("Popular right now: %s.", describe(songs)), "Play the top songs", songs), nil
}

func (b *Builtin) forMe(ctx context.Context, u *musicify.User, _ []string) (*Answer, error) {
	songs, err := b.Catalog.ForUser(ctx, u, 20)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return &Answer{Reply: "There is nothing to recommend yet: upload a song, or come back when there is more music."}, nil
	}
	return playAnswer(fmt.Sprintf("You might like %s.", describe(songs)), "Play my recommendations", songs), nil
}

func (b *Builtin) openPlaylist(ctx context.Context, u *musicify.User, m []string) (*Answer, error) {
	p, err := b.Catalog.FindPlaylist(ctx, u, first(m))
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return &Answer{Reply: fmt.Sprintf("You have no playlist called “%s”. Your playlists are on the Playlists page.", first(m))}, nil
	} else if err != nil {
		return nil, err
	}
	return &Answer{Reply: fmt.Sprintf("“%s” has %d songs.", p.Name, p.Songs),
		Actions: []Action{{Type: "open_playlist", Label: "Open “" + p.Name + "”", PlaylistID: p.ID}}}, nil
}

func (b *Builtin) makePlaylist(ctx context.Context, _ *musicify.User, m []string) (*Answer, error) {
	name, from := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	var songs []*musicify.Song
	if artist, err := b.Catalog.FindArtist(ctx, from); err != nil {
		return nil, err
	} else if artist != "" {
		if songs, err = b.Catalog.ArtistSongs(ctx, artist); err != nil {
			return nil, err
		}
	}
	if len(songs) == 0 {
		var err error
		if songs, err = b.Catalog.FindSongs(ctx, from, 20); err != nil {
			return nil, err
		}
	}
	if len(songs) == 0 {
		return &Answer{Reply: fmt.Sprintf("I found no songs for “%s” to fill a playlist with.", from)}, nil
	}
	title := titleCase(name)
	return &Answer{
		Reply:   fmt.Sprintf("I can make “%s” with %d songs, such as %s.", title, len(songs), describe(songs)),
		Actions: []Action{{Type: "create_playlist", Label: fmt.Sprintf("Create “%s”", title), Name: title, Songs: ids(songs)}},
	}, nil
}

var howTo = map[string]string{
	"upload":   "To upload a song, open Upload song in the menu, give it a name, choose the audio file (MP3, AAC, Ogg, Opus, FLAC, WAV or WebM) and, if you like, a cover and lyrics, then press Submit. Without lyrics, I write down the words for you when the server can.",
	"radio":    "Radio stations play one audio file on a loop from a start time, and everyone hears the same second. Open Radio, give the station a name, pick a date and time and an audio file, and press Create. When it starts, press Join.",
	"share":    "Every song and playlist has a share button: send the link by email, WhatsApp, Telegram, Twitter or Facebook, or copy it. People without an account see a preview and can sign up to listen.",
	"playlist": "Open Playlists and press Create, give it a name, then add songs with the add-to-playlist button on any song. On a playlist you can play all, shuffle, reorder and remove songs. Or ask me to make one for you.",
	"like":     "Press the heart on a song to like it; your liked songs are on Liked Songs and they teach your recommendations what you enjoy.",
	"download": "Press the download button on a song to save the original file.",
	"follow":   "Open Profile, then View All to see everyone, and press Follow. Songs and playlists of the people you follow show on Home.",
}

func (b *Builtin) howTo(_ context.Context, _ *musicify.User, m []string) (*Answer, error) {
	topic := first(m)
	switch topic {
	case "station":
		topic = "radio"
	case "sharing":
		topic = "share"
	}
	if text, ok := howTo[topic]; ok {
		return &Answer{Reply: text}, nil
	}
	return &Answer{Reply: capabilities}, nil
}

// titleCase capitalizes each word: the message was lower-cased to match it.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}
