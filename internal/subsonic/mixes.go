package subsonic

import (
	"strings"

	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
)

// mixPrefix starts the playlist id of a mix ("mix-on-repeat"): apps list
// the mixes made for the caller among their playlists, read-only.
const mixPrefix = "mix-"

// mixPlaylists are the caller's mixes that hold songs, as playlists: all
// of them, or only the one of kind.
func (s *Server) mixPlaylists(q *request, a *annotations, kind string) ([]playlist, error) {
	if s.Mixes == nil {
		return nil, nil
	}
	var all []*musicify.Mix
	if kind != "" {
		m, err := s.Mixes.Mix(q.ctx(), q.user, kind)
		if err != nil {
			return nil, err
		}
		all = append(all, m)
	} else {
		for _, k := range mixes.Kinds {
			m, err := s.Mixes.Mix(q.ctx(), q.user, k)
			if err != nil {
				return nil, err
			}
			all = append(all, m)
		}
		daily, err := s.Mixes.Daily(q.ctx(), q.user)
		if err != nil {
			return nil, err
		}
		all = append(all, daily...)
	}
	var out []playlist
	for _, m := range all {
		songs, err := s.Songs.SongsByIDs(q.ctx(), m.Songs)
		if err != nil {
			return nil, err
		}
		if len(songs) == 0 && kind == "" {
			continue
		}
		byID := make(map[string]*musicify.Song, len(songs))
		for _, song := range songs {
			byID[song.ID] = song
		}
		title := mixes.TitleOf(m, byID)
		p := &musicify.Playlist{ID: mixPrefix + m.Kind, Name: title.Name, Description: title.Description,
			UserID: q.user.ID, Owner: q.user.Username, Created: m.Created}
		pl := s.playlistOf(p, songs, a, kind != "")
		pl.Readonly, pl.CoverArt = true, ""
		if len(songs) > 0 {
			pl.CoverArt = songs[0].ID // a mix has no cover of its own: its first song's
		}
		out = append(out, pl)
	}
	return out, nil
}

// mixResponse is getPlaylist for a mix's id.
func (s *Server) mixResponse(q *request, id string) (*response, error) {
	kind := strings.TrimPrefix(id, mixPrefix)
	if !mixes.Known(kind) || s.Mixes == nil {
		return nil, notFound("There is no mix " + id + ".")
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	list, err := s.mixPlaylists(q, a, kind)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil, notFound("There is no mix " + id + ".") // a Daily Mix not made today
	} else if err != nil {
		return nil, err
	}
	res := s.newResponse()
	res.Playlist = &list[0]
	return res, nil
}
