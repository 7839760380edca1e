package assistant

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// maxActionSongs bounds the songs one button carries.
const maxActionSongs = 50

// answer replies to one parsed request.
func (t *turn) answer(r *nlu.Request) (*Answer, error) {
	switch r.Intent {
	case nlu.Greet:
		return &Answer{Reply: "Hello! " + t.capabilities()}, nil
	case nlu.Thanks:
		return &Answer{Reply: "You're welcome! Ask me for more music any time."}, nil
	case nlu.Help:
		return &Answer{Reply: t.capabilities()}, nil
	case nlu.HowTo:
		return &Answer{Reply: howTo[r.Topic]}, nil
	case nlu.Control:
		return t.control(r)
	case nlu.Queue, nlu.PlayNext:
		return t.enqueue(r)
	case nlu.SongInfo:
		return t.songInfo(r)
	case nlu.Albums:
		return t.albumsOf(r.Year)
	case nlu.NowPlaying:
		return t.nowPlaying(r)
	case nlu.WhoIs:
		return t.whoIs(r)
	case nlu.WhoSings:
		return t.whoSings(r)
	case nlu.Count:
		return t.count(r)
	case nlu.LastPlayed:
		return t.lastPlayed(r)
	case nlu.PlaylistOpen:
		return t.openPlaylist(r)
	case nlu.PlaylistAdd:
		return t.addToPlaylist(r)
	case nlu.PlaylistCreate:
		return t.makePlaylist(r)
	case nlu.More:
		return t.more()
	case nlu.Unknown:
		return t.notUnderstood(r)
	case nlu.List:
		if !r.HasSelection() && asksArtists(r) {
			return t.artists()
		}
	}
	return t.play(r)
}

// asksArtists tells whether a request is about artists rather than songs.
func asksArtists(r *nlu.Request) bool {
	for _, w := range r.Words {
		if w == "artists" || w == "artist" || w == "bands" || w == "band" {
			return true
		}
	}
	return false
}

// artists lists who has music here.
func (t *turn) artists() (*Answer, error) {
	artists, err := t.cat().Songs.Artists(t.ctx)
	if err != nil {
		return nil, fmt.Errorf("listing artists: %w", err)
	}
	if len(artists) == 0 {
		return &Answer{Reply: "Nobody has music here yet: upload a song (Upload song in the menu)."}, nil
	}
	var names []string
	for i, a := range artists {
		if i == 10 {
			names = append(names, fmt.Sprintf("%d more", len(artists)-10))
			break
		}
		names = append(names, displayName(a.Name))
	}
	return &Answer{Reply: fmt.Sprintf("There are %d artists here: %s. Ask “who is %s” or “songs by %s”.",
		len(artists), joinAnd(names), displayName(artists[0].Name), displayName(artists[0].Name))}, nil
}

// play answers the requests that pick songs to play: a song, an artist,
// a mood, the top songs, recommendations…
func (t *turn) play(r *nlu.Request) (*Answer, error) {
	songs, sel, err := t.songsFor(r)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return t.nothingFor(r, sel)
	}
	what := r.Describe()
	label := "Play " + what
	var reply string
	switch {
	case r.Intent == nlu.Popular && sel.source == fromNewest:
		reply, label = "Nothing has been played much yet, so here are the newest songs: "+describe(songs)+".", "Play the newest songs"
	case r.Intent == nlu.Popular:
		reply, label = "Popular right now: "+describe(songs)+".", "Play the top songs"
	case r.Intent == nlu.Newest:
		reply, label = "The newest songs: "+describe(songs)+".", "Play the newest songs"
	case r.Intent == nlu.List && what == "":
		reply, label = fmt.Sprintf("There are %s here, the newest first: %s.", count(len(songs), "songs"), describe(songs)), "Play all songs"
	case r.Intent == nlu.Shuffle && what == "":
		reply, label = fmt.Sprintf("Shuffling all %d songs.", len(songs)), "Play all songs"
	case sel.source == fromTop:
		reply, label = "I don't know your taste yet, so here is what people play most: "+describe(songs)+".", "Play the top songs"
	case sel.source == fromNewest:
		reply, label = "Nothing has been played yet, so here are the newest songs: "+describe(songs)+".", "Play the newest songs"
	case r.Intent == nlu.Similar:
		seed := "that"
		if r.Song != nil {
			seed = "“" + r.Song.Name + "”"
		} else if r.Artist != nil {
			seed = r.Artist.Name
		}
		reply, label = fmt.Sprintf("If you like %s, try %s.", seed, describe(songs)), "Play songs like "+seed
	case r.Intent == nlu.Recommend || what == "":
		reply, label = "You might like "+describe(songs)+".", "Play my recommendations"
	case r.Intent == nlu.List:
		reply = fmt.Sprintf("I have %s: %s.", count(len(songs), what), describe(songs))
	case r.Song != nil && r.Genre == "" && r.Mood == "":
		reply, label = fmt.Sprintf("I found %s.", describe(songs[:1])), "Play “"+songs[0].Name+"”"
		if len(songs) > 1 {
			reply += " Songs like it follow."
		}
	default:
		reply = fmt.Sprintf("Here are %s: %s.", count(len(songs), what), describe(songs))
	}
	if sel.guessed {
		reply += " (Judged by genre: these songs have not been analysed for tempo yet.)"
	}
	switch r.Intent {
	case nlu.Shuffle:
		songs = append([]*musicify.Song(nil), songs...)
		rand.Shuffle(len(songs), func(i, j int) { songs[i], songs[j] = songs[j], songs[i] })
		label = "Shuffle " + strings.TrimPrefix(label, "Play ")
	}
	// A request to play plays at once; its button plays the songs again.
	now := r.Intent == nlu.Play || r.Intent == nlu.Shuffle
	a := &Answer{Reply: reply, Actions: []Action{{Type: "play", Label: label, Songs: ids(limit(songs, maxActionSongs)), Now: now}}}
	if (r.Mood != "" || r.Genre != "" || r.Tempo != "" || r.BPM != 0) && len(songs) > 1 {
		name := mixName(r)
		a.Actions = append(a.Actions, Action{Type: "create_playlist", Label: "Save as “" + name + "”", Name: name, Songs: ids(limit(songs, maxActionSongs))})
	}
	return a, nil
}

// nothingFor says what it looked for and offers the nearest thing it has.
func (t *turn) nothingFor(r *nlu.Request, sel *selection) (*Answer, error) {
	all, err := t.cat().Songs.Songs(t.ctx)
	if err != nil {
		return nil, fmt.Errorf("listing songs: %w", err)
	}
	if len(all) == 0 {
		return &Answer{Reply: "There is no music here yet: upload a song (Upload song in the menu) and ask me again."}, nil
	}
	genres := availableGenres(all)
	switch {
	case sel != nil && sel.missing != "" && nlu.IsGenre(sel.missing) && len(genres) > 0:
		return &Answer{Reply: fmt.Sprintf("I have no %s yet. The genres here are %s: try “play some %s”.",
			sel.missing, joinAnd(genres), genres[0])}, nil
	case sel != nil && sel.missing != "":
		return &Answer{Reply: fmt.Sprintf("I found no %s songs. %s", sel.missing, t.examples())}, nil
	case r.Query != "":
		return &Answer{Reply: fmt.Sprintf("I could not find a song like “%s”. Try other words, or ask what is popular. %s", r.Query, t.examples())}, nil
	case r.Liked:
		return &Answer{Reply: "You have not liked any songs yet: press the heart on a song you enjoy. " + t.examples()}, nil
	}
	return &Answer{Reply: fmt.Sprintf("I found no songs for %s. %s", r.Describe(), t.examples())}, nil
}

// more answers "another one": the previous request's songs that the
// replies since have not named yet.
func (t *turn) more() (*Answer, error) {
	songs, mentioned, err := t.previous()
	if err != nil {
		return nil, err
	}
	var fresh []*musicify.Song
	for _, s := range songs {
		if !mentioned[s.Name] {
			fresh = append(fresh, s)
		}
	}
	if len(fresh) == 0 {
		return t.play(&nlu.Request{Intent: nlu.Recommend})
	}
	return &Answer{Reply: fmt.Sprintf("How about %s?", describe(fresh)),
		Actions: []Action{{Type: "play", Label: "Play “" + fresh[0].Name + "”", Songs: ids(limit(fresh, maxActionSongs))}}}, nil
}

// notUnderstood says what it did understand and what it can do instead,
// with examples from this catalog.
func (t *turn) notUnderstood(r *nlu.Request) (*Answer, error) {
	if what := r.Describe(); what != "" && r.Query == "" {
		return &Answer{Reply: fmt.Sprintf("I understood %s, but not what to do with them. Try “play %s” or “make me a playlist of %s”.",
			what, what, what)}, nil
	}
	said := strings.Join(r.Words, " ")
	if len(said) > 60 {
		said = said[:60] + "…"
	}
	return &Answer{Reply: fmt.Sprintf("I'm not sure what you mean by “%s”. %s", said, t.capabilities())}, nil
}

// examples suggests requests that work on this catalog, naming its songs.
func (t *turn) examples() string {
	song, artist := t.sample()
	if song == "" {
		return "Try “play something calm”, or ask what is popular."
	}
	return fmt.Sprintf("Try “play %s”, “songs by %s” or “play something calm”.", song, artist)
}

// sample names a popular song and its artist of this catalog, for examples.
func (t *turn) sample() (song, artist string) {
	songs, err := t.cat().Top(t.ctx, 1)
	if err != nil || len(songs) == 0 {
		if songs, err = t.cat().Songs.Songs(t.ctx); err != nil || len(songs) == 0 {
			return "", ""
		}
	}
	return songs[0].Name, displayName(songs[0].Artist)
}

// capabilities says what the assistant can do, with this catalog's names.
func (t *turn) capabilities() string {
	song, artist := t.sample()
	if song == "" {
		song, artist = "Midnight Harbour", "Neon Harbor"
	}
	return fmt.Sprintf("I can play or find a song (“play %s”), play songs by an artist (“songs by %s”), "+
		"find music for a mood or an activity (“play something calm”, “music for running”), find something like a song you love, "+
		"tell you what is popular or new, recommend songs for you, open one of your playlists, and make a playlist "+
		"(“a 20-minute playlist for running”). Ask me who an artist is, or how to upload, share, start a radio station, "+
		"listen offline or use app passwords too.", song, artist)
}

func limit(songs []*musicify.Song, n int) []*musicify.Song {
	if len(songs) > n {
		return songs[:n]
	}
	return songs
}

// count says "4 jazz songs", "1 song by Neon Harbor".
func count(n int, what string) string {
	if what == "" {
		what = "songs"
	}
	if n == 1 {
		what = strings.Replace(what, "songs", "song", 1)
	}
	if !strings.Contains(what, "song") {
		what = "songs: " + what
	}
	return fmt.Sprintf("%d %s", n, what)
}

// mixName names a playlist made from a mood, genre or tempo: "Calm Jazz Mix".
func mixName(r *nlu.Request) string {
	what := strings.TrimSuffix(strings.TrimPrefix(r.Describe(), "songs "), " songs")
	if what == "" {
		what = "My"
	}
	name := titleCase(what) + " Mix"
	if r.Minutes > 0 {
		name += fmt.Sprintf(" (%d min)", r.Minutes)
	}
	return name
}

// joinAnd lists words the way people do: "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
