package subsonic

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/musicify"
)

// The jukebox is one of the caller's own devices (Connect): a browser with
// Musicify open plays what a Subsonic app sends it. It is the device
// chosen as the jukebox in the web app when that one is online, else the
// online device that last reported what it plays. Commands reach it over
// the live hub and it carries them out on its own; every answer is the
// device's state as it last reported it, which apps poll with status.

// jukeboxMaxAdd bounds the songs one set or add sends (connect's bound on
// a command).
const jukeboxMaxAdd = 500

const noJukeboxDevice = "No device of yours is online: open Musicify in a browser to use it as the jukebox."

// jukeboxControl answers the actions get, status, set, start, stop, skip,
// add, clear, remove, shuffle and setGain.
func (s *Server) jukeboxControl(_ http.ResponseWriter, q *request) (*response, error) {
	action, err := q.required("action")
	if err != nil {
		return nil, err
	}
	d, err := s.jukeboxDevice(q)
	if err != nil {
		return nil, err
	}
	jq, err := s.jukeboxQueue(q, d)
	if err != nil {
		return nil, err
	}
	var c *connect.Command
	switch action {
	case "get":
		a, err := s.annotations(q)
		if err != nil {
			return nil, err
		}
		a.markSongs(jq.songs...)
		out := &jukeboxPlaylist{jukeboxStatus: s.jukeboxStatusOf(d, jq), Entry: make([]child, 0, len(jq.songs))}
		for _, song := range jq.songs {
			out.Entry = append(out.Entry, songChild(song, a))
		}
		res := s.newResponse()
		res.JukeboxPlaylist = out
		return res, nil
	case "status":
	case "start":
		c = &connect.Command{Type: connect.CmdPlay}
	case "stop":
		c = &connect.Command{Type: connect.CmdPause}
	case "clear":
		c = &connect.Command{Type: connect.CmdClear}
	case "shuffle":
		on := true
		c = &connect.Command{Type: connect.CmdShuffle, On: &on}
	case "set", "add":
		ids := q.all("id")
		if err := s.jukeboxSongs(q, action, ids, len(d.State.Queue)); err != nil {
			return nil, err
		}
		c = &connect.Command{Type: connect.CmdSet, Songs: ids}
		if action == "add" {
			c.Type = connect.CmdAdd
		}
	case "skip", "remove":
		place, err := jq.place(q)
		if err != nil {
			return nil, err
		}
		c = &connect.Command{Type: connect.CmdRemove, Index: &place}
		if action == "skip" {
			offset, err := q.int("offset", 0)
			if err != nil {
				return nil, err
			} else if offset < 0 {
				return nil, &apiError{Code: errGeneric, Message: "offset is a number of seconds into the song, 0 or more."}
			}
			pos := float64(offset)
			c = &connect.Command{Type: connect.CmdJump, Index: &place, Position: &pos}
		}
	case "setGain":
		v, err := q.required("gain")
		if err != nil {
			return nil, err
		}
		gain, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(gain) || gain < 0 || gain > 1 {
			return nil, &apiError{Code: errGeneric, Message: "gain is the volume from 0.0 to 1.0, not " + strconv.Quote(v) + "."}
		}
		volume := int(math.Round(gain * 100))
		c = &connect.Command{Type: connect.CmdVolume, Volume: &volume}
	default:
		return nil, &apiError{Code: errGeneric, Message: "Unknown jukebox action " + strconv.Quote(action) +
			": use get, status, set, start, stop, skip, add, clear, remove, shuffle or setGain."}
	}
	if c != nil {
		if err := s.jukeboxLimit(q); err != nil {
			return nil, err
		}
		if err := s.Devices.Send(q.ctx(), q.user.ID, d.ID, *c); err != nil {
			return nil, err
		}
	}
	res := s.newResponse()
	st := s.jukeboxStatusOf(d, jq)
	res.JukeboxStatus = &st
	return res, nil
}

// jukeboxLimit counts a command against the caller's budget of commands
// between devices: an app in a loop cannot flood the device it drives.
func (s *Server) jukeboxLimit(q *request) error {
	if s.DeviceChanges == nil {
		return nil
	}
	wait, err := s.DeviceChanges.Take(q.ctx(), q.user.ID)
	if err != nil {
		s.Logger.Error("counting jukebox commands; letting this one through", "err", err)
		return nil
	}
	if wait > 0 {
		return musicify.RateLimited("jukebox commands", wait)
	}
	return nil
}

func (s *Server) devicesNow() time.Time {
	if s.Devices.Now != nil {
		return s.Devices.Now()
	}
	return s.now()
}

// jukeboxDevice is the caller's device the jukebox plays on: the one they
// chose when it is online, else the online one that reported last (every
// online device beats every few seconds, so when it was last seen says
// nothing of which one the person uses), else the one seen last. None
// online is error 0, which apps show and may try again.
func (s *Server) jukeboxDevice(q *request) (*musicify.Device, error) {
	list, err := s.Devices.List(q.ctx(), q.user.ID)
	if err != nil {
		return nil, err
	}
	now := s.devicesNow()
	var best *musicify.Device
	for _, d := range list {
		if d.UserID != q.user.ID || !connect.Online(d, now) {
			continue
		}
		if d.Jukebox {
			return d, nil
		}
		if best == nil || d.State.At.After(best.State.At) || d.State.At.Equal(best.State.At) && d.Seen.After(best.Seen) {
			best = d
		}
	}
	if best == nil {
		return nil, &apiError{Code: errGeneric, Message: noJukeboxDevice}
	}
	return best, nil
}

// jukeboxList is a device's queue as apps see it: its songs still in the
// library, each with its place in the device's queue.
type jukeboxList struct {
	songs   []*musicify.Song
	places  []int
	current int // in songs; -1 when the device's song is not among them
}

func (s *Server) jukeboxQueue(q *request, d *musicify.Device) (*jukeboxList, error) {
	jq := &jukeboxList{current: -1}
	if len(d.State.Queue) == 0 {
		return jq, nil
	}
	found, err := s.Songs.SongsByIDs(q.ctx(), d.State.Queue)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*musicify.Song, len(found))
	for _, song := range found {
		byID[song.ID] = song
	}
	for i, id := range d.State.Queue {
		song := byID[id]
		if song == nil || song.Missing {
			continue
		}
		if i == d.State.Index {
			jq.current = len(jq.songs)
		}
		jq.songs = append(jq.songs, song)
		jq.places = append(jq.places, i)
	}
	return jq, nil
}

// place is the device's queue place of the index parameter, an index into
// the list apps are shown.
func (jq *jukeboxList) place(q *request) (int, error) {
	v, err := q.required("index")
	if err != nil {
		return 0, err
	}
	i, err := q.int("index", 0)
	if err != nil {
		return 0, err
	}
	if i < 0 || i >= len(jq.songs) {
		if len(jq.songs) == 0 {
			return 0, &apiError{Code: errGeneric, Message: "The jukebox's playlist is empty: there is no song " + v + "."}
		}
		return 0, &apiError{Code: errGeneric, Message: "index must be between 0 and " + strconv.Itoa(len(jq.songs)-1) + ", a place in the jukebox's playlist."}
	}
	return jq.places[i], nil
}

// jukeboxSongs checks the songs of set or add: songs of the library, not
// too many for one call or for the device's queue.
func (s *Server) jukeboxSongs(q *request, action string, ids []string, queued int) error {
	if action == "add" && len(ids) == 0 {
		return missing("id")
	}
	if len(ids) > jukeboxMaxAdd {
		return &apiError{Code: errGeneric, Message: "Send at most " + strconv.Itoa(jukeboxMaxAdd) + " songs at a time."}
	}
	if action == "add" && queued+len(ids) > musicify.DeviceMaxQueue {
		return &apiError{Code: errGeneric, Message: "The jukebox's playlist can hold at most " + strconv.Itoa(musicify.DeviceMaxQueue) + " songs."}
	}
	if len(ids) == 0 {
		return nil
	}
	found, err := s.Songs.SongsByIDs(q.ctx(), ids)
	if err != nil {
		return err
	}
	ok := make(map[string]bool, len(found))
	for _, song := range found {
		ok[song.ID] = !song.Missing
	}
	for _, id := range ids {
		if !ok[id] {
			return notFound("There is no song " + id + " in the library.")
		}
	}
	return nil
}

// jukeboxStatusOf is the device's state as it last reported it, its
// position moved on by the time since while it plays.
func (s *Server) jukeboxStatusOf(d *musicify.Device, jq *jukeboxList) jukeboxStatus {
	st := d.State
	pos := st.Position
	if st.Playing && !st.At.IsZero() {
		if since := s.devicesNow().Sub(st.At).Seconds(); since > 0 {
			pos += since
		}
		if jq.current >= 0 {
			if length := jq.songs[jq.current].Duration; length > 0 {
				pos = min(pos, length)
			}
		}
	}
	return jukeboxStatus{CurrentIndex: jq.current, Playing: st.Playing, Gain: float64(st.Volume) / 100,
		Position: int(max(pos, 0))}
}
