package radio

import (
	"context"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// Service creates and removes stations.
type Service struct {
	Store  musicify.StationStore
	Blobs  musicify.BlobStore
	Probe  media.Prober
	Logger *slog.Logger
	Now    func() time.Time
}

// maxAhead bounds how far ahead a station may be scheduled.
const maxAhead = 366 * 24 * time.Hour

// ParseStart reads the start the form sends: a date and time with its
// offset from UTC, so the creator's time zone is part of it.
func ParseStart(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, musicify.Errorf(musicify.EINVALID,
			"Please give the start as a date and time with its time zone, such as 2026-11-21T16:00:00+01:00 (date).").In("date")
	}
	return t, nil
}

// Create checks the fields and the audio, stores the audio, then the row;
// a failure leaves nothing behind.
func (s *Service) Create(ctx context.Context, up musicify.StationUpload) (*musicify.Station, error) {
	name := strings.TrimSpace(up.Name)
	switch {
	case name == "":
		return nil, musicify.Errorf(musicify.EINVALID, "Please give the station a name (name).").In("name")
	case !utf8.ValidString(name) || utf8.RuneCountInString(name) > musicify.StationNameMax:
		return nil, musicify.Errorf(musicify.EINVALID, "The station name is too long: at most %d characters (name).", musicify.StationNameMax).In("name")
	}
	start, err := ParseStart(up.Start)
	if err != nil {
		return nil, err
	}
	if start.Sub(s.Now()) > maxAhead {
		return nil, musicify.Errorf(musicify.EINVALID, "A station can start at most a year from now (date).").In("date")
	}
	if s.Now().Sub(start) > maxAhead { // a mistyped year; it would loop from centuries ago
		return nil, musicify.Errorf(musicify.EINVALID, "A station can have started at most a year ago (date).").In("date")
	}
	if up.AudioPath == "" {
		return nil, musicify.Errorf(musicify.EINVALID, "Please choose an audio file (audio).").In("audio")
	}
	info, err := s.Probe.Probe(ctx, up.AudioPath)
	if err != nil {
		return nil, err
	}
	if info.Duration < 1 {
		return nil, musicify.Errorf(musicify.EINVALID,
			"We could not tell how long this audio is, and a station needs to know to loop it. Please choose an MP3, Ogg, Opus, FLAC or WAV file (audio).").In("audio")
	}
	st := &musicify.Station{ID: musicify.NewID(), Name: name, UserID: up.User.ID, Owner: up.User.Username,
		Start: start.UTC(), Format: info.Format, Duration: info.Duration, Created: s.Now().UTC().Truncate(time.Millisecond)}
	st.AudioKey = "radio/" + st.ID + "/audio." + media.Ext(info.Format)
	if err := blob.PutFile(ctx, s.Blobs, st.AudioKey, up.AudioPath); err != nil {
		return nil, err
	}
	if err := s.Store.CreateStation(ctx, st); err != nil {
		if derr := s.Blobs.Delete(context.WithoutCancel(ctx), st.AudioKey); derr != nil {
			s.Logger.Error("removing the audio of a failed station", "key", st.AudioKey, "err", derr)
		}
		return nil, err
	}
	return st, nil
}

// Delete removes the creator's own station: the row, then the audio.
func (s *Service) Delete(ctx context.Context, user *musicify.User, id string) error {
	st, err := s.Store.Station(ctx, id)
	if err != nil {
		return err
	}
	if st.UserID != user.ID {
		return musicify.Errorf(musicify.EFORBIDDEN, "Only %s can delete this station.", st.Owner)
	}
	if err := s.Store.DeleteStation(ctx, id); err != nil {
		return err
	}
	if err := s.Blobs.Delete(context.WithoutCancel(ctx), st.AudioKey); err != nil {
		s.Logger.Error("deleting a station's audio", "key", st.AudioKey, "err", err)
	}
	return nil
}
