// Package catalog is the life of a song: upload (checked by content, stored
// atomically), the work after upload (loudness and audio analysis), the
// renditions players ask for, listens and deletion.
package catalog

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/lrc"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/speech"
)

// Limits of the text fields of an upload.
const (
	NameMax = 200
	TextMax = 100_000
)

// Job kinds: the loudness and audio analysis, and the transcript
// (JobFeatures: features.go).
const (
	JobAnalyze    = "media.analyze"
	JobTranscribe = "media.transcribe"
)

// JobHandlers are the handlers of the jobs of songs, uploaded or imported,
// by kind: serve's runner runs them, and the import bench's as serve does.
func (s *Service) JobHandlers() map[string]jobs.Handler {
	return map[string]jobs.Handler{JobAnalyze: s.Analyze, JobTranscribe: s.Transcribe, JobFeatures: s.Analyze}
}

// Enqueuer schedules background jobs; Wake tells it that jobs were stored
// with their song.
type Enqueuer interface {
	Enqueue(ctx context.Context, j *musicify.Job) error
	Wake()
}

// Service implements the song life cycle.
type Service struct {
	Songs  musicify.SongStore
	Blobs  musicify.BlobStore
	Probe  media.Prober
	FFmpeg *media.FFmpeg // nil without ffmpeg: no renditions, no loudness, no analysis
	Jobs   Enqueuer      // nil: nothing runs after upload
	// CPU, when set, are the background CPU slots the server shares: the
	// jobs' own Go work (audio analysis) holds one while it runs.
	CPU foreground.Slots
	// Features keeps what analysing a song's audio tells; nil: no analysis.
	Features musicify.FeatureStore
	// TempDir holds copies of originals while jobs read them, beside the
	// spooled uploads so the sweeper finds what a crash leaves; "": the system's.
	TempDir string
	// Transcriber writes down the words of songs uploaded without lyrics; nil: none.
	Transcriber speech.Transcriber
	Logger      *slog.Logger
	Now         func() time.Time
	// QuotaMB bounds the originals one user may upload; 0: no bound.
	QuotaMB int64
}

var _ musicify.Catalog = (*Service)(nil)

// ValidateFields checks the text fields before any file is looked at.
func ValidateFields(name, text string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", musicify.Errorf(musicify.EINVALID, "Please give the song a name (song).").In("song")
	case utf8.RuneCountInString(name) > NameMax:
		return "", musicify.Errorf(musicify.EINVALID, "The song name is too long: at most %d characters (song).", NameMax).In("song")
	case !utf8.ValidString(name) || !utf8.ValidString(text):
		return "", musicify.Errorf(musicify.EINVALID, "The song name and lyrics must be text.")
	case utf8.RuneCountInString(text) > TextMax:
		return "", musicify.Errorf(musicify.EINVALID, "The lyrics are too long: at most %d characters (text).", TextMax).In("text")
	}
	return name, nil
}

// Upload checks the files, stores them, then the row: a failure at any
// step removes what was written, so no row ever points at a missing file
// and no file is left without a row.
func (s *Service) Upload(ctx context.Context, up musicify.SongUpload) (*musicify.Song, error) {
	name, err := ValidateFields(up.Name, up.Text)
	if err != nil {
		return nil, err
	}
	if err := s.checkQuota(ctx, up); err != nil {
		return nil, err
	}
	info, err := s.Probe.Probe(ctx, up.AudioPath)
	if err != nil {
		return nil, err
	}
	if dup, err := s.Songs.SongBySHA256(ctx, up.User.ID, up.SHA256); err == nil {
		return nil, musicify.Errorf(musicify.ECONFLICT, "You already uploaded this file as “%s”.", dup.Name).In("audio")
	} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return nil, err
	}
	var sizes [][]byte
	if up.CoverPath != "" {
		if sizes, err = covers.Read(ctx, up.CoverPath); err != nil {
			return nil, err
		}
	}

	song := &musicify.Song{
		ID: musicify.NewID(), Name: name, UserID: up.User.ID, Artist: up.User.Username, Uploader: up.User.Username,
		Format:   info.Format,
		Duration: info.Duration, Bitrate: info.Bitrate, Size: up.Size, SHA256: up.SHA256, Text: up.Text,
		Title: info.Title, Album: info.Album, Track: info.Track, Disc: info.Disc, Year: info.Year, Genre: info.Genre,
		Created: s.Now().UTC().Truncate(time.Millisecond), Transcript: musicify.TranscriptNone,
		Details: musicify.SongDetails{SampleRate: info.SampleRate, Channels: info.Channels, BitDepth: info.BitDepth},
	}
	// Lyrics pasted as LRC are kept timed, for players that follow the
	// song; their words alone are the text search and plain views read.
	if plain, synced := lrc.Split(up.Text); synced != "" {
		song.Text, song.SyncedLyrics = plain, synced
	}
	transcribe := strings.TrimSpace(up.Text) == "" && s.Transcriber != nil && s.Jobs != nil
	if transcribe {
		song.Transcript = musicify.TranscriptPending
	}
	song.AudioKey = "songs/" + song.ID + "/original." + media.Ext(info.Format)
	var written []string
	undo := func() {
		for _, key := range written {
			if err := s.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
				s.Logger.Error("removing the files of a failed upload", "key", key, "err", err)
			}
		}
	}
	if err := blob.PutFile(ctx, s.Blobs, song.AudioKey, up.AudioPath); err != nil {
		return nil, err
	}
	written = append(written, song.AudioKey)
	if sizes != nil {
		if song.CoverKey, err = covers.Put(ctx, s.Blobs, s.Logger, sizes); err != nil {
			undo()
			return nil, err
		}
		written = append(written, covers.Files(song.CoverKey, sizes)...)
	}
	// The jobs commit with the row: a crash leaves both or neither.
	var work []*musicify.Job
	if analyze := s.analyzeJob(song); analyze != nil {
		work = append(work, analyze)
	}
	if transcribe {
		work = append(work, &musicify.Job{Kind: JobTranscribe, Subject: song.ID})
	}
	if used, err := s.Songs.CreateUpload(ctx, song, s.QuotaMB<<20, work...); err != nil {
		undo()
		if errors.Is(err, musicify.ErrOverQuota) {
			err = s.overQuota(used)
		}
		return nil, err
	}
	if len(work) > 0 {
		s.Jobs.Wake()
	}
	return song, nil
}

// checkQuota refuses at once an upload that would take its user past
// QuotaMB, before its files are stored; uploads at once that all pass it
// are checked again one by one as they are saved (CreateUpload).
func (s *Service) checkQuota(ctx context.Context, up musicify.SongUpload) error {
	if s.QuotaMB <= 0 {
		return nil
	}
	used, err := s.Songs.UploadedBytes(ctx, up.User.ID)
	if err != nil {
		return err
	}
	if used+up.Size > s.QuotaMB<<20 {
		return s.overQuota(used)
	}
	return nil
}

func (s *Service) overQuota(used int64) error {
	return musicify.Errorf(musicify.ETOOLARGE, "This upload would take you past your %d MB quota (%.1f MB used).",
		s.QuotaMB, float64(used)/(1<<20))
}

// SetArtistCover replaces the user's artist cover, which is also their
// picture, with the image at coverPath.
func (s *Service) SetArtistCover(ctx context.Context, user *musicify.User, coverPath string) (*musicify.Artist, error) {
	sizes, err := covers.Read(ctx, coverPath)
	if err != nil {
		return nil, err
	}
	key, err := covers.Put(ctx, s.Blobs, s.Logger, sizes)
	if err != nil {
		return nil, err
	}
	old, err := s.Songs.SetArtistCover(ctx, user.ID, key)
	if err != nil {
		covers.Delete(ctx, s.Blobs, s.Logger, key)
		return nil, err
	}
	covers.Delete(ctx, s.Blobs, s.Logger, old)
	a, err := s.Songs.Artist(ctx, user.Username)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		// A listener with no uploads has a picture but no artist page yet.
		return &musicify.Artist{Name: user.Username, UserID: user.ID, Username: user.Username, CoverKey: key}, nil
	}
	return a, err
}

// RemoveArtistCover clears the user's artist cover and deletes its files.
func (s *Service) RemoveArtistCover(ctx context.Context, user *musicify.User) error {
	old, err := s.Songs.SetArtistCover(ctx, user.ID, "")
	if err != nil {
		return err
	}
	covers.Delete(ctx, s.Blobs, s.Logger, old)
	return nil
}

// maxArtistName bounds an artist name, as it is shown whole in headings.
const maxArtistName = 100

// SetArtistName names the user's artist as they write it ('Neon Harbor'),
// for their songs and their artist page; the username stays their handle.
func (s *Service) SetArtistName(ctx context.Context, user *musicify.User, name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return "", musicify.Errorf(musicify.EINVALID, "Please enter your artist name.").In("name")
	case utf8.RuneCountInString(name) > maxArtistName:
		return "", musicify.Errorf(musicify.EINVALID, "An artist name is at most %d characters.", maxArtistName).In("name")
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", musicify.Errorf(musicify.EINVALID, "An artist name cannot hold control characters.").In("name")
	}
	if err := s.Songs.SetArtistName(ctx, user.ID, name); err != nil {
		return "", err
	}
	return name, nil
}

// jobPriority puts the work on a song someone just uploaded, who waits to
// hear it levelled, before that of songs a library import brings in bulk.
func jobPriority(song *musicify.Song) int {
	if song.UserID == musicify.LibraryUserID || song.LibraryPath != "" {
		return musicify.JobBulk
	}
	return musicify.JobInteractive
}

// Delete removes the caller's own song: the row first, so nothing points
// at files being removed, then the files.
func (s *Service) Delete(ctx context.Context, user *musicify.User, songID string) error {
	song, err := s.Songs.Song(ctx, songID)
	if err != nil {
		return err
	}
	if song.UserID != user.ID {
		return musicify.Errorf(musicify.EFORBIDDEN, "Only the person who uploaded a song can delete it.")
	}
	if err := s.Songs.DeleteSong(ctx, songID); err != nil {
		return err
	}
	covers.Delete(ctx, s.Blobs, s.Logger, song.CoverKey)
	keys := []string{song.AudioKey}
	if song.StreamKey != "" {
		keys = append(keys, song.StreamKey)
	}
	for _, key := range append(keys, renditionKeys(song)...) {
		if err := s.Blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
			s.Logger.Error("deleting a song's file", "key", key, "err", err)
		}
	}
	return nil
}

// CountView records one listen of a song by user at at (zero: now), if
// musicify.Listens lets it count; the song's count comes back either way.
// A time ahead of the server's clock counts as now.
func (s *Service) CountView(ctx context.Context, user *musicify.User, songID string, at time.Time) (int64, error) {
	if songID == "" {
		return 0, musicify.Errorf(musicify.EINVALID, "Please say which song was played (song).")
	}
	if now := s.Now(); at.IsZero() || at.After(now) {
		at = now
	}
	count, _, err := s.Songs.CountListen(ctx, songID, user.ID, at, musicify.Listens)
	return count, err
}
