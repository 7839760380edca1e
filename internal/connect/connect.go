// Package connect is one person's devices as one player: each browser or
// app is a named device that reports what it plays, and any of them can
// move the music to another or control it from afar. Commands travel on
// the live hub (across instances when it is NATS); what a device plays is
// kept in the database, so every instance answers the same.
package connect

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/musicify"
)

// Publisher sends a message to everyone following a topic.
type Publisher interface {
	Publish(topic string, msg []byte)
}

// Service applies the rules of devices.
type Service struct {
	Store musicify.DeviceStore
	Hub   Publisher
	Now   func() time.Time
}

// OnlineFor is how long a device counts as online after it was last seen.
// Devices say they are there every Heartbeat while their live connection
// is open.
const (
	OnlineFor = 30 * time.Second
	Heartbeat = 10 * time.Second
)

// Topic is the live hub's topic of one person's devices: lists that
// changed and commands for one of them.
func Topic(userID string) string { return "devices:" + userID }

// Online tells whether a device counts as online at now.
func Online(d *musicify.Device, now time.Time) bool {
	return !d.Seen.IsZero() && now.Sub(d.Seen) < OnlineFor
}

func (s *Service) now() time.Time { return s.Now().UTC().Truncate(time.Millisecond) }

// announce tells the person's devices that their list changed.
func (s *Service) announce(userID string) {
	s.publish(userID, map[string]string{"type": "devices"})
}

func (s *Service) publish(userID string, v any) {
	if s.Hub == nil {
		return
	}
	b, _ := json.Marshal(v)
	s.Hub.Publish(Topic(userID), b)
}

// cleanName trims a device's name; "" when nothing is left.
func cleanName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if utf8.RuneCountInString(name) > musicify.DeviceMaxName {
		return "", musicify.Errorf(musicify.EINVALID, "A device's name can be at most %d characters.", musicify.DeviceMaxName).In("name")
	}
	return name, nil
}

// Register is a browser asking for its device: the one it registered
// before (id), or a new one for an unknown id or one of another person's
// (the same browser after someone else signed in). A device is online only
// once its live connection attaches it.
func (s *Service) Register(ctx context.Context, userID, id, name string) (*musicify.Device, error) {
	name, err := cleanName(name)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if id != "" {
		d, err := s.Store.Device(ctx, id)
		switch {
		case err == nil && d.UserID == userID:
			return d, nil
		case err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND:
			return nil, err
		}
	}
	if name == "" {
		name = "Web browser"
	}
	if name, err = s.distinct(ctx, userID, name); err != nil {
		return nil, err
	}
	d := &musicify.Device{ID: musicify.NewID(), UserID: userID, Name: name, Created: now,
		State: musicify.DeviceState{Index: -1, Repeat: "off", Volume: 100}}
	if err := s.Store.CreateDevice(ctx, d); err != nil {
		return nil, err
	}
	s.announce(userID)
	return d, nil
}

// distinct numbers a name the person's devices already have: two laptops
// with the same browser are "Chrome on Linux" and "Chrome on Linux (2)".
func (s *Service) distinct(ctx context.Context, userID, name string) (string, error) {
	list, err := s.Store.DevicesOf(ctx, userID)
	if err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, d := range list {
		taken[d.Name] = true
	}
	out := name
	for n := 2; taken[out]; n++ {
		out = fmt.Sprintf("%s (%d)", name, n)
	}
	return out, nil
}

// List is the person's devices, by when they were first seen.
func (s *Service) List(ctx context.Context, userID string) ([]*musicify.Device, error) {
	return s.Store.DevicesOf(ctx, userID)
}

func (s *Service) Rename(ctx context.Context, userID, id, name string) error {
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	if name == "" {
		return musicify.Errorf(musicify.EINVALID, "Give the device a name.").In("name")
	}
	if err := s.Store.RenameDevice(ctx, userID, id, name); err != nil {
		return err
	}
	s.announce(userID)
	return nil
}

// SetJukebox makes the device the one Subsonic apps' jukebox plays on.
func (s *Service) SetJukebox(ctx context.Context, userID, id string) error {
	if err := s.Store.SetJukebox(ctx, userID, id); err != nil {
		return err
	}
	s.announce(userID)
	return nil
}

func (s *Service) Forget(ctx context.Context, userID, id string) error {
	if err := s.Store.DeleteDevice(ctx, userID, id); err != nil {
		return err
	}
	s.announce(userID)
	return nil
}

// Report keeps what a device plays now; its other devices hear of it.
func (s *Service) Report(ctx context.Context, userID, id string, st musicify.DeviceState) error {
	now := s.now()
	if err := validState(&st); err != nil {
		return err
	}
	st.At = now
	if err := s.Store.SaveDeviceState(ctx, userID, id, st, now); err != nil {
		return err
	}
	s.announce(userID)
	return nil
}

func validState(st *musicify.DeviceState) error {
	switch {
	case len(st.Queue) > musicify.DeviceMaxQueue:
		return musicify.Errorf(musicify.EINVALID, "A queue can hold at most %d songs.", musicify.DeviceMaxQueue).In("queue")
	case st.Index != -1 && (st.Index < 0 || st.Index >= len(st.Queue)):
		return musicify.Errorf(musicify.EINVALID, "The current song must be one of the queue's (index).").In("index")
	case st.Position < 0 || st.Position > 24*3600:
		return musicify.Errorf(musicify.EINVALID, "The position must be a number of seconds into the song.").In("position")
	case st.Volume < 0 || st.Volume > 100:
		return musicify.Errorf(musicify.EINVALID, "The volume goes from 0 to 100.").In("volume")
	}
	if st.Repeat == "" {
		st.Repeat = "off"
	}
	if !slices.Contains([]string{"off", "all", "one"}, st.Repeat) {
		return musicify.Errorf(musicify.EINVALID, "Repeat is off, all or one.").In("repeat")
	}
	for _, id := range st.Queue {
		if id == "" || len(id) > 64 {
			return musicify.Errorf(musicify.EINVALID, "The queue holds song ids.").In("queue")
		}
	}
	return nil
}

// Attach is a device's live connection opening: it is online until the
// returned detach, and its heartbeats (Beat) keep it so.
func (s *Service) Attach(ctx context.Context, userID, id string) (topic string, detach func(), err error) {
	if err := s.Store.SeeDevice(ctx, userID, id, s.now()); err != nil {
		return "", nil, err
	}
	s.announce(userID)
	return Topic(userID), func() {
		// The request's context is gone by now; a short one of our own.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if s.Store.SeeDevice(ctx, userID, id, time.Time{}) == nil {
			s.announce(userID)
		}
	}, nil
}

// Beat keeps an attached device online.
func (s *Service) Beat(ctx context.Context, userID, id string) error {
	return s.Store.SeeDevice(ctx, userID, id, s.now())
}

// Command is an order for a device, from another of the person's devices
// (or a Subsonic app's jukebox).
type Command struct {
	Type     string                `json:"type"`
	Position *float64              `json:"position,omitempty"` // seek, jump
	Volume   *int                  `json:"volume,omitempty"`   // volume
	On       *bool                 `json:"on,omitempty"`       // shuffle
	Mode     string                `json:"mode,omitempty"`     // repeat
	Songs    []string              `json:"songs,omitempty"`    // add, set
	Index    *int                  `json:"index,omitempty"`    // remove, jump
	State    *musicify.DeviceState `json:"state,omitempty"`    // take: play this from here
	From     string                `json:"from,omitempty"`     // the device that sent it
}

// The commands a device takes.
const (
	CmdTake     = "take"     // State: play this queue from this point (playback moves here)
	CmdPlay     = "play"     // resume
	CmdPause    = "pause"    // pause
	CmdNext     = "next"     // the next song
	CmdPrevious = "previous" // the previous song
	CmdSeek     = "seek"     // Position
	CmdJump     = "jump"     // Index, Position: play that song of the queue
	CmdVolume   = "volume"   // Volume
	CmdShuffle  = "shuffle"  // On
	CmdRepeat   = "repeat"   // Mode
	CmdAdd      = "add"      // Songs: to the end of the queue
	CmdSet      = "set"      // Songs: the queue becomes these, stopped at the first
	CmdRemove   = "remove"   // Index: out of the queue
	CmdClear    = "clear"    // empty the queue
)

func (c *Command) validate() error {
	bad := func(field, msg string) error { return musicify.Errorf(musicify.EINVALID, "%s", msg).In(field) }
	switch c.Type {
	case CmdPlay, CmdPause, CmdNext, CmdPrevious, CmdClear:
	case CmdSeek:
		if c.Position == nil || *c.Position < 0 {
			return bad("position", "Say where to go in the song, in seconds (position).")
		}
	case CmdJump:
		if c.Index == nil || *c.Index < 0 {
			return bad("index", "Say which song of the queue to play (index).")
		}
		if c.Position != nil && *c.Position < 0 {
			return bad("position", "The position is a number of seconds into the song.")
		}
	case CmdVolume:
		if c.Volume == nil || *c.Volume < 0 || *c.Volume > 100 {
			return bad("volume", "The volume goes from 0 to 100.")
		}
	case CmdShuffle:
		if c.On == nil {
			return bad("on", "Say whether shuffle is on (on).")
		}
	case CmdRepeat:
		if !slices.Contains([]string{"off", "all", "one"}, c.Mode) {
			return bad("mode", "Repeat is off, all or one (mode).")
		}
	case CmdAdd, CmdSet:
		if len(c.Songs) == 0 && c.Type == CmdAdd || len(c.Songs) > 500 {
			return bad("songs", "Send between 1 and 500 song ids (songs).")
		}
	case CmdRemove:
		if c.Index == nil || *c.Index < 0 {
			return bad("index", "Say which song of the queue to remove (index).")
		}
	case CmdTake:
		if c.State == nil {
			return bad("state", "Say what to play (state).")
		}
		if err := validState(c.State); err != nil {
			return err
		}
	default:
		return bad("type", "Unknown command. Use take, play, pause, next, previous, seek, jump, volume, shuffle, repeat, add, set, remove or clear.")
	}
	return nil
}

// Send delivers a command to one of the person's devices. A device that is
// not theirs is not found; one that is offline cannot take it.
func (s *Service) Send(ctx context.Context, userID, target string, c Command) error {
	if err := c.validate(); err != nil {
		return err
	}
	d, err := s.Store.Device(ctx, target)
	if err != nil {
		return err
	}
	if d.UserID != userID {
		return musicify.Errorf(musicify.ENOTFOUND, "That device is not one of yours, or it was removed.")
	}
	now := s.now()
	if !Online(d, now) {
		return musicify.Errorf(musicify.ECONFLICT, "“%s” is offline. Open Musicify on it first.", d.Name)
	}
	if c.State != nil {
		c.State.At = now
	}
	s.publish(userID, struct {
		Type    string  `json:"type"`
		Device  string  `json:"device"`
		Command Command `json:"command"`
	}{"device_command", target, c})
	return nil
}
