package subsonic

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/lrc"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// syncedLines are the timed lines of LRC text, as Subsonic apps read them.
// The file's offset is already in each start, so the answer's is 0.
func syncedLines(text string) []lyricLine {
	parsed := lrc.Parse(text)
	out := make([]lyricLine, len(parsed))
	for i, l := range parsed {
		out[i] = lyricLine{Start: &parsed[i].StartMs, Value: l.Text}
	}
	return out
}

func plainLines(text string) []lyricLine {
	var out []lyricLine
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		out = append(out, lyricLine{Value: strings.TrimRight(line, "\r ")})
	}
	return out
}

// getLyricsBySongID gives the synced lyrics (LRC) and the plain ones (the
// song's text), those it has.
func (s *Server) getLyricsBySongID(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	song, err := s.song(q, id)
	if err != nil {
		return nil, err
	}
	out := &lyricsList{StructuredLyrics: []structuredLyrics{}}
	if lines := syncedLines(song.SyncedLyrics); len(lines) > 0 {
		out.StructuredLyrics = append(out.StructuredLyrics, structuredLyrics{DisplayArtist: song.Artist,
			DisplayTitle: song.Name, Lang: "xxx", Synced: true, Line: lines})
	}
	if strings.TrimSpace(song.Text) != "" {
		out.StructuredLyrics = append(out.StructuredLyrics, structuredLyrics{DisplayArtist: song.Artist,
			DisplayTitle: song.Name, Lang: "xxx", Line: plainLines(song.Text)})
	}
	res := s.newResponse()
	res.LyricsList = out
	return res, nil
}

// getLyrics finds the song by artist and title with our search; the
// answer is empty when none matches both.
func (s *Server) getLyrics(_ http.ResponseWriter, q *request) (*response, error) {
	artist, title := q.str("artist"), q.str("title")
	res := s.newResponse()
	res.Lyrics = &lyrics{}
	if title == "" {
		return res, nil
	}
	ids, err := s.Search.Find(q.ctx(), musicify.KindSong, artist+" "+title, 20)
	if err != nil {
		return nil, err
	}
	list, err := s.Songs.SongsByIDs(q.ctx(), ids)
	if err != nil {
		return nil, err
	}
	for _, song := range list {
		if song.Missing || musicify.NameKey(song.Name) != musicify.NameKey(title) ||
			artist != "" && musicify.NameKey(song.Artist) != musicify.NameKey(artist) {
			continue
		}
		text := song.Text
		if strings.TrimSpace(text) == "" {
			var lines []string
			for _, l := range syncedLines(song.SyncedLyrics) {
				lines = append(lines, l.Value)
			}
			text = strings.Join(lines, "\n")
		}
		if text != "" {
			res.Lyrics = &lyrics{Artist: song.Artist, Title: song.Name, Value: text}
			break
		}
	}
	return res, nil
}

func (s *Server) getPlayQueue(_ http.ResponseWriter, q *request) (*response, error) {
	res := s.newResponse()
	pq, list, a, err := s.savedQueue(q)
	if err != nil {
		return nil, err
	} else if pq == nil {
		// Nothing saved: an empty queue, as OpenSubsonic requires one.
		res.PlayQueue = &playQueue{Username: q.user.Username, Changed: stamp(q.user.CreatedAt), Entry: []child{}}
		return res, nil
	}
	res.PlayQueue = &playQueue{Current: pq.Current, Position: pq.PositionMs, Username: q.user.Username,
		Changed: stamp(pq.Changed), ChangedBy: pq.ChangedBy, Entry: songChildren(list, a)}
	return res, nil
}

// maxQueue bounds a saved play queue.
const maxQueue = 5000

func (s *Server) savePlayQueue(_ http.ResponseWriter, q *request) (*response, error) {
	ids := q.all("id")
	if len(ids) > maxQueue {
		return nil, &apiError{Code: errGeneric, Message: "A play queue holds at most " + strconv.Itoa(maxQueue) + " songs."}
	}
	pos, err := q.int("position", 0)
	if err != nil {
		return nil, err
	}
	current := q.str("current")
	if current == "" && len(ids) > 0 {
		current = ids[0]
	}
	pq := &musicify.PlayQueue{UserID: q.user.ID, SongIDs: ids, Current: current, PositionMs: int64(max(pos, 0)),
		Changed: s.now(), ChangedBy: q.str("c")}
	pq.CurrentIndex = max(pq.Index(), 0)
	if err := s.Store.SavePlayQueue(q.ctx(), pq); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}

// getUser shows the caller's own account only.
func (s *Server) getUser(_ http.ResponseWriter, q *request) (*response, error) {
	name, err := q.required("username")
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(name, q.user.Username) {
		return nil, &apiError{Code: errNotAuthorized, Message: "You can only see your own account."}
	}
	res := s.newResponse()
	u := s.userOf(q.user)
	res.User = &u
	return res, nil
}

// userOf is an account with the roles every Musicify user has; the
// jukebox one when there are devices to play on (Devices).
func (s *Server) userOf(u *musicify.User) user {
	return user{Username: u.Username, Email: u.Email, ScrobblingEnabled: true, AdminRole: u.Admin,
		SettingsRole: true, DownloadRole: true, UploadRole: false, PlaylistRole: true, CoverArtRole: false,
		CommentRole: false, PodcastRole: false, StreamRole: !u.Disabled, JukeboxRole: s.Devices != nil, ShareRole: true, Folder: []int{1}}
}

// getInternetRadioStations lists our stations. Their stream URLs are
// signed for the caller, since an app opens them without credentials.
func (s *Server) getInternetRadioStations(_ http.ResponseWriter, q *request) (*response, error) {
	out := &internetRadioStations{}
	if s.Stations != nil {
		list, err := s.Stations.Stations(q.ctx())
		if err != nil {
			return nil, err
		}
		for _, st := range list {
			link := "/media/" + st.AudioKey
			if s.Media != nil {
				link = s.Media.URL(mediaurl.Claims{Key: st.AudioKey, User: q.user.ID, Session: "subsonic", Since: s.now().UnixMilli()})
			}
			out.InternetRadioStation = append(out.InternetRadioStation, internetRadioStation{ID: st.ID, Name: st.Name,
				StreamURL: s.absolute(link)})
		}
	}
	res := s.newResponse()
	res.InternetRadioStations = out
	return res, nil
}

func (s *Server) absolute(p string) string {
	if s.BaseURL == nil {
		return p
	}
	return strings.TrimRight(s.BaseURL.String(), "/") + p
}

func (s *Server) scanStatusOf() *scanStatus {
	if s.Scanner == nil {
		return &scanStatus{}
	}
	st := s.Scanner.Status()
	out := &scanStatus{Scanning: st.Running, Count: int64(st.Seen), FolderCount: int64(len(st.Folders)), LastScan: stampOf(st.Started)}
	switch end := st.Finished; {
	case st.Started.IsZero():
	case st.Running || end.Before(st.Started): // a scan runs: how long so far
		out.ElapsedTime = s.now().Sub(st.Started).Milliseconds()
	default:
		out.ElapsedTime = end.Sub(st.Started).Milliseconds()
	}
	return out
}

// startScan starts an incremental scan of the library folders: unchanged
// files cost no read, so asking again is cheap. Only admins may, as on the
// admin page: the user the credentials name, as stored, says who is one.
func (s *Server) startScan(_ http.ResponseWriter, q *request) (*response, error) {
	if !q.user.Admin {
		return nil, &apiError{Code: errNotAuthorized, Message: "Only an admin can start a library scan."}
	}
	if s.Scanner != nil {
		s.Scanner.StartScan(false)
	}
	res := s.newResponse()
	res.ScanStatus = s.scanStatusOf()
	return res, nil
}

// getScanStatus is for everyone, as in Navidrome: apps poll it after a
// scan they did not start.
func (s *Server) getScanStatus(_ http.ResponseWriter, q *request) (*response, error) {
	res := s.newResponse()
	res.ScanStatus = s.scanStatusOf()
	return res, nil
}
