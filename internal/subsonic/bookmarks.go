package subsonic

import (
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// getBookmarks lists the caller's bookmarks, latest moved first; those
// of songs gone from the library are left out, as everywhere.
func (s *Server) getBookmarks(_ http.ResponseWriter, q *request) (*response, error) {
	list, err := s.Store.Bookmarks(q.ctx(), q.user.ID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(list))
	for i, b := range list {
		ids[i] = b.SongID
	}
	found, err := s.Songs.SongsByIDs(q.ctx(), ids)
	if err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	byID := map[string]*musicify.Song{}
	for _, song := range found {
		byID[song.ID] = song
	}
	out := &bookmarks{Bookmark: []bookmark{}}
	for _, b := range list {
		song := byID[b.SongID]
		if song == nil || song.Missing {
			continue
		}
		out.Bookmark = append(out.Bookmark, bookmark{Position: b.PositionMs, Username: q.user.Username, Comment: b.Comment,
			Created: stamp(b.Created), Changed: stamp(b.Changed), Entry: songChild(song, a)})
	}
	res := s.newResponse()
	res.Bookmarks = out
	return res, nil
}

// createBookmark saves where the caller is in a song (position in ms);
// again for the same song moves the bookmark.
func (s *Server) createBookmark(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	if q.str("position") == "" {
		return nil, missing("position")
	}
	pos, err := q.int("position", 0)
	if err != nil {
		return nil, err
	}
	if pos < 0 {
		return nil, &apiError{Code: errGeneric, Message: "The position is in milliseconds from the start of the song: 0 or more."}
	}
	comment := q.str("comment")
	if utf8.RuneCountInString(comment) > musicify.BookmarkCommentMax {
		return nil, &apiError{Code: errGeneric, Message: "A bookmark's comment holds at most " + strconv.Itoa(musicify.BookmarkCommentMax) + " characters."}
	}
	song, err := s.song(q, id)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if err := s.Store.SaveBookmark(q.ctx(), &musicify.Bookmark{UserID: q.user.ID, SongID: song.ID, PositionMs: int64(pos),
		Comment: comment, Created: now, Changed: now}); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}

// deleteBookmark removes the caller's bookmark of a song; only their own
// can be named, since bookmarks are kept per user.
func (s *Server) deleteBookmark(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	if err := s.Store.DeleteBookmark(q.ctx(), q.user.ID, id); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}
