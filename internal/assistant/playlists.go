package assistant

import (
	"fmt"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// openPlaylist offers to open one of the user's playlists.
func (t *turn) openPlaylist(r *nlu.Request) (*Answer, error) {
	p, err := t.cat().Playlists.Playlist(t.ctx, r.Playlist.ID)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND || (err == nil && p.UserID != t.u.ID) {
		return &Answer{Reply: fmt.Sprintf("You have no playlist called “%s”. Your playlists are on the Playlists page.", r.Playlist.Name)}, nil
	} else if err != nil {
		return nil, err
	}
	return &Answer{Reply: fmt.Sprintf("“%s” has %d songs.", p.Name, p.Songs),
		Actions: []Action{{Type: "open_playlist", Label: "Open “" + p.Name + "”", PlaylistID: p.ID}}}, nil
}

// addToPlaylist offers to add a song, or the previous answer's songs, to
// one of the user's playlists, or to a new one of that name.
func (t *turn) addToPlaylist(r *nlu.Request) (*Answer, error) {
	var songs []*musicify.Song
	var err error
	if r.Song != nil && !r.Ref {
		var s *musicify.Song
		if s, err = t.cat().Songs.Song(t.ctx, r.Song.ID); err == nil {
			songs = []*musicify.Song{s}
		}
	} else {
		songs, _, err = t.previous()
	}
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return &Answer{Reply: "Add which songs? Ask me for some first, like “play something calm”, then say “add them to …”."}, nil
	}
	songs = limit(songs, maxActionSongs)
	if r.Playlist == nil {
		name := titleCase(r.Name)
		if name == "" {
			return &Answer{Reply: "Add them to which playlist? Say “add them to” and its name."}, nil
		}
		return &Answer{Reply: fmt.Sprintf("You have no playlist called “%s” yet: I can make it with %s.", name, some(songs)),
			Actions: []Action{{Type: "create_playlist", Label: fmt.Sprintf("Create “%s”", name), Name: name, Songs: ids(songs)}}}, nil
	}
	return &Answer{Reply: fmt.Sprintf("I can add %s to “%s”.", some(songs), r.Playlist.Name),
		Actions: []Action{{Type: "add_to_playlist", Label: fmt.Sprintf("Add to “%s”", r.Playlist.Name), PlaylistID: r.Playlist.ID, Songs: ids(songs)}}}, nil
}

// makePlaylist offers a playlist of the songs a request picks, as long as
// asked ("a 20-minute playlist for running"), named as asked or after
// what it holds.
func (t *turn) makePlaylist(r *nlu.Request) (*Answer, error) {
	songs, sel, err := t.songsFor(r)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return t.nothingFor(r, sel)
	}
	if r.Song != nil && !r.Ref && len(songs) > 0 && songs[0].ID != r.Song.ID {
		// "a playlist of songs like X" starts with X.
		if seed, err := t.cat().Songs.Song(t.ctx, r.Song.ID); err == nil {
			songs = append([]*musicify.Song{seed}, songs...)
		}
	}
	songs = limit(fitTo(songs, r.Minutes, r.Count), maxActionSongs)
	name := titleCase(r.Name)
	if name == "" {
		name = mixName(r)
	}
	reply := fmt.Sprintf("I can make “%s” with %d songs, such as %s.", name, len(songs), describe(songs))
	if r.Minutes > 0 {
		if got := minutesOf(songs); got < r.Minutes {
			reply += fmt.Sprintf(" That is all I have of it: %d minutes, not %d.", got, r.Minutes)
		} else {
			reply += fmt.Sprintf(" It lasts about %d minutes.", got)
		}
	}
	if sel != nil && sel.guessed {
		reply += " (Tempo judged by genre: these songs have not been analysed yet.)"
	}
	return &Answer{Reply: reply,
		Actions: []Action{{Type: "create_playlist", Label: fmt.Sprintf("Create “%s”", name), Name: name, Songs: ids(songs)}}}, nil
}

// some names a few songs, and says how many there are when it names only some.
func some(songs []*musicify.Song) string {
	if len(songs) <= 3 {
		return describe(songs)
	}
	return fmt.Sprintf("these %d songs (%s…)", len(songs), describe(songs))
}
