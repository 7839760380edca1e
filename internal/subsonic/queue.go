package subsonic

import (
	"net/http"
	"strconv"

	"github.com/musicify/musicify/internal/musicify"
)

// The indexBasedQueue extension: the same saved queue as getPlayQueue and
// savePlayQueue, with the song playing named by its place, so a song
// queued twice is told apart.

// savedQueue is the caller's saved queue with its songs that still exist
// and the caller's annotations; no queue saved is a nil queue.
func (s *Server) savedQueue(q *request) (*musicify.PlayQueue, []*musicify.Song, *annotations, error) {
	pq, err := s.Store.PlayQueue(q.ctx(), q.user.ID)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil, nil, nil, nil
	} else if err != nil {
		return nil, nil, nil, err
	}
	songs, err := s.Songs.SongsByIDs(q.ctx(), pq.SongIDs)
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, nil, nil, err
	}
	return pq, songs, a, nil
}

// getPlayQueueByIndex answers with the queue as saved, duplicates kept;
// songs gone from the library drop out and the index follows.
func (s *Server) getPlayQueueByIndex(_ http.ResponseWriter, q *request) (*response, error) {
	res := s.newResponse()
	pq, found, a, err := s.savedQueue(q)
	if err != nil {
		return nil, err
	} else if pq == nil {
		res.PlayQueueByIndex = &playQueueByIndex{Username: q.user.Username, Changed: stamp(q.user.CreatedAt), Entry: []child{}}
		return res, nil
	}
	byID := map[string]*musicify.Song{}
	for _, song := range found {
		byID[song.ID] = song
	}
	out := &playQueueByIndex{Username: q.user.Username, Changed: stamp(pq.Changed), ChangedBy: pq.ChangedBy, Entry: []child{}}
	current := pq.Index()
	for i, id := range pq.SongIDs {
		song := byID[id]
		if song == nil || song.Missing {
			continue
		}
		if i == current {
			idx, pos := len(out.Entry), pq.PositionMs
			out.CurrentIndex, out.Position = &idx, &pos
		}
		out.Entry = append(out.Entry, songChild(song, a))
	}
	res.PlayQueueByIndex = out
	return res, nil
}

// savePlayQueueByIndex saves the queue with currentIndex (0-based); no id
// clears it, and then currentIndex must not be sent.
func (s *Server) savePlayQueueByIndex(_ http.ResponseWriter, q *request) (*response, error) {
	ids := q.all("id")
	if len(ids) > maxQueue {
		return nil, &apiError{Code: errGeneric, Message: "A play queue holds at most " + strconv.Itoa(maxQueue) + " songs."}
	}
	pos, err := q.int("position", 0)
	if err != nil {
		return nil, err
	}
	has := q.str("currentIndex") != ""
	idx, err := q.int("currentIndex", 0)
	switch {
	case err != nil:
		return nil, err
	case len(ids) == 0 && has:
		return nil, &apiError{Code: errMissing, Message: "currentIndex needs the queue's songs: send an id for each, or neither to clear the queue."}
	case len(ids) > 0 && !has:
		return nil, missing("currentIndex")
	case len(ids) > 0 && (idx < 0 || idx >= len(ids)):
		return nil, &apiError{Code: errMissing, Message: "currentIndex must be between 0 and " + strconv.Itoa(len(ids)-1) + ", a place in the queue."}
	}
	pq := &musicify.PlayQueue{UserID: q.user.ID, SongIDs: ids, PositionMs: int64(max(pos, 0)), Changed: s.now(), ChangedBy: q.str("c")}
	if len(ids) > 0 {
		pq.Current, pq.CurrentIndex = ids[idx], idx
	}
	if err := s.Store.SavePlayQueue(q.ctx(), pq); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}
