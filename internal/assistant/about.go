package assistant

import (
	"fmt"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// whoIs tells about an artist (or a listener) of this server.
func (t *turn) whoIs(r *nlu.Request) (*Answer, error) {
	c, ctx := t.cat(), t.ctx
	if r.Artist == nil && r.User == nil && r.Query != "" {
		// A name the parser did not know may still be a person search finds.
		if artist, err := c.FindArtist(ctx, r.Query); err != nil {
			return nil, err
		} else if artist != "" {
			r.Artist = &nlu.Match{Name: displayName(artist), ID: artist}
		}
	}
	switch {
	case r.Artist != nil:
		songs, err := c.ArtistSongs(ctx, r.Artist.ID)
		if err != nil {
			return nil, err
		}
		if len(songs) == 0 {
			return &Answer{Reply: fmt.Sprintf("%s has no songs here right now.", r.Artist.Name)}, nil
		}
		style := ""
		if gs := availableGenres(songs); len(gs) > 0 {
			style = " of " + joinAnd(gs)
		}
		return &Answer{
			Reply: fmt.Sprintf("%s is an artist here with %s%s, such as %s.", r.Artist.Name,
				count(len(songs), "songs"), style, describe(songs)),
			Actions: []Action{{Type: "play", Label: "Play " + r.Artist.Name, Songs: ids(songs)}},
		}, nil
	case r.User != nil:
		return &Answer{Reply: fmt.Sprintf("%s listens to music here and has no songs of their own. Their profile is under Profile, View All.", r.User.Name)}, nil
	}
	artists, err := c.Songs.Artists(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing artists: %w", err)
	}
	var names []string
	for i, a := range artists {
		if i == 5 {
			break
		}
		names = append(names, displayName(a.Name))
	}
	who := "anyone by that name"
	if r.Query != "" {
		who = "an artist called “" + r.Query + "”"
	}
	if len(names) == 0 {
		return &Answer{Reply: fmt.Sprintf("I don't know %s, and nobody has uploaded music here yet.", who)}, nil
	}
	return &Answer{Reply: fmt.Sprintf("I don't know %s here. Artists here include %s: ask “who is %s”.", who, joinAnd(names), names[0])}, nil
}

// whoSings names the artist of a song.
func (t *turn) whoSings(r *nlu.Request) (*Answer, error) {
	c, ctx := t.cat(), t.ctx
	var song *musicify.Song
	switch {
	case r.Song != nil:
		s, err := c.Songs.Song(ctx, r.Song.ID)
		if err != nil {
			return nil, err
		}
		song = s
	case r.Query != "":
		found, err := c.FindSongs(ctx, r.Query, 1)
		if err != nil {
			return nil, err
		}
		if len(found) > 0 {
			song = found[0]
		}
	}
	if song == nil {
		return &Answer{Reply: "I could not find that song here. " + t.examples()}, nil
	}
	style := ""
	if gs := songGenres(song); len(gs) > 0 {
		style = " (" + gs[0] + ")"
	}
	return &Answer{
		Reply:   fmt.Sprintf("“%s” is by %s%s.", song.Name, displayName(song.Artist), style),
		Actions: []Action{{Type: "play", Label: "Play “" + song.Name + "”", Songs: []string{song.ID}}},
	}, nil
}

// count says how many songs (of an artist, genre or mood) or artists there are.
func (t *turn) count(r *nlu.Request) (*Answer, error) {
	c, ctx := t.cat(), t.ctx
	artists, err := c.Songs.Artists(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing artists: %w", err)
	}
	if asksArtists(r) && r.Artist == nil {
		return &Answer{Reply: fmt.Sprintf("There are %d artists here.", len(artists))}, nil
	}
	if r.HasSelection() && r.Query == "" {
		songs, _, err := t.songsFor(r)
		if err != nil {
			return nil, err
		}
		if len(songs) == 0 {
			return &Answer{Reply: fmt.Sprintf("There are no %s here.", r.Describe())}, nil
		}
		return &Answer{Reply: fmt.Sprintf("There are %s here, such as %s.", count(len(songs), r.Describe()), describe(songs)),
			Actions: []Action{{Type: "play", Label: "Play " + r.Describe(), Songs: ids(limit(songs, maxActionSongs))}}}, nil
	}
	songs, err := c.Songs.Songs(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing songs: %w", err)
	}
	return &Answer{Reply: fmt.Sprintf("There are %d songs by %d artists here.", len(songs), len(artists))}, nil
}

// lastPlayed answers "what did I play last" from the listening history,
// and "what's playing" as nearly as the server can: the player is in the
// browser, so the last song counted as played is the best it knows.
func (t *turn) lastPlayed(r *nlu.Request) (*Answer, error) {
	songs, _, err := t.songsFor(&nlu.Request{Intent: nlu.LastPlayed})
	if err != nil {
		return nil, err
	}
	prefix := ""
	if r.Intent == nlu.NowPlaying {
		prefix = "The player bar at the bottom shows what is playing; I can't see it from here. "
	}
	if len(songs) == 0 {
		a, err := t.play(&nlu.Request{Intent: nlu.Popular})
		if err != nil {
			return nil, err
		}
		a.Reply = prefix + "You have not played anything yet. " + a.Reply
		return a, nil
	}
	reply := fmt.Sprintf("%sYou last played %s.", prefix, describe(songs[:1]))
	if len(songs) > 1 {
		reply += fmt.Sprintf(" Before that: %s.", describe(songs[1:]))
	}
	return &Answer{Reply: reply, Actions: []Action{{Type: "play", Label: "Play them again", Songs: ids(songs)}}}, nil
}

// describe names up to three songs the way people say them.
func describe(songs []*musicify.Song) string {
	var parts []string
	for i, s := range songs {
		if i == 3 {
			break
		}
		parts = append(parts, "“"+s.Name+"” by "+displayName(s.Artist))
	}
	return joinAnd(parts)
}

// controlReplies answer player commands: the player lives in the browser.
var controlReplies = map[string]string{
	"next":     "Press ⏭ on the player bar (or N) to skip to the next song, or turn on the microphone on a playlist and say “next”.",
	"previous": "Press ⏮ on the player bar (or P) to go back (a song more than a few seconds in starts over), or say “previous” with the microphone on.",
	"pause":    "Press ⏸ on the player bar (or Space) to pause; or say “pause” with the microphone on.",
	"resume":   "Press ▶ on the player bar (or Space) to play on; or say “play” with the microphone on.",
	"repeat":   "Press the repeat button on the player bar (or R) until it shows a 1 to repeat this song, or say “repeat this song” with the microphone on.",
}
