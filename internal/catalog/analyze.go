package catalog

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/musicify"
)

// Analyze is the JobAnalyze handler: it measures the loudness of a song and,
// for lossless or very large files, stores a lighter rendition to stream.
// The original stays untouched for download.
func (s *Service) Analyze(ctx context.Context, j *musicify.Job) error {
	if s.FFmpeg == nil {
		return jobs.Permanent(fmt.Errorf("ffmpeg is not installed"))
	}
	song, src, cleanup, err := s.jobSong(ctx, j)
	if song == nil || err != nil {
		return err
	}
	defer cleanup()

	loudness, err := s.FFmpeg.Loudness(ctx, src)
	if err != nil {
		return fmt.Errorf("measuring loudness: %w", err)
	}
	streamKey := song.StreamKey
	if j.Payload == "rendition" && streamKey == "" {
		streamKey, err = s.storeRendition(ctx, song, src)
		if err != nil {
			return err
		}
	}
	if err := s.Songs.SetStream(ctx, song.ID, streamKey, &loudness); err != nil {
		if streamKey != song.StreamKey {
			_ = s.Blobs.Delete(context.WithoutCancel(ctx), streamKey)
		}
		if musicify.ErrorCode(err) == musicify.ENOTFOUND {
			return nil
		}
		return err
	}
	return nil
}

func (s *Service) storeRendition(ctx context.Context, song *musicify.Song, src string) (string, error) {
	format := s.FFmpeg.RenditionFormat()
	tmp, err := os.CreateTemp(s.TempDir, "rendition-*."+format)
	if err != nil {
		return "", fmt.Errorf("making rendition: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if err := s.FFmpeg.Rendition(ctx, src, tmp.Name()); err != nil {
		return "", fmt.Errorf("making rendition: %w", err)
	}
	f, err := os.Open(tmp.Name())
	if err != nil {
		return "", fmt.Errorf("making rendition: %w", err)
	}
	defer f.Close()
	key := "songs/" + song.ID + "/stream." + format
	if _, err := s.Blobs.Put(ctx, key, f); err != nil {
		return "", err
	}
	return key, nil
}

// jobSong loads the song a job is about and a path to its audio; a song
// deleted meanwhile is nil, with nothing left to do.
func (s *Service) jobSong(ctx context.Context, j *musicify.Job) (*musicify.Song, string, func(), error) {
	song, err := s.Songs.Song(ctx, j.Subject)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil, "", nil, nil
	} else if err != nil {
		return nil, "", nil, err
	}
	src, cleanup, err := s.localCopy(ctx, song.AudioKey)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND && song.LibraryPath != "" {
		// The file left the music folder before its turn: the scan takes
		// the song away; nothing to retry.
		s.Logger.Info("a library file went away before its job ran", "song", song.ID, "kind", j.Kind)
		return nil, "", nil, nil
	} else if err != nil {
		return nil, "", nil, err
	}
	return song, src, cleanup, nil
}

// localCopy gives ffmpeg a path: the file itself for local storage, a
// temporary copy for anything else.
func (s *Service) localCopy(ctx context.Context, key string) (string, func(), error) {
	obj, err := s.Blobs.Open(ctx, key)
	if err != nil {
		return "", nil, err
	}
	if f, ok := obj.Body.(*os.File); ok {
		return f.Name(), func() { f.Close() }, nil
	}
	defer obj.Body.Close()
	tmp, err := os.CreateTemp(s.TempDir, "analyze-*")
	if err != nil {
		return "", nil, fmt.Errorf("copying %s: %w", key, err)
	}
	if _, err := io.Copy(tmp, obj.Body); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return "", nil, fmt.Errorf("copying %s: %w", key, err)
	}
	tmp.Close()
	return tmp.Name(), func() { os.Remove(tmp.Name()) }, nil
}

// Transcribe is the JobTranscribe handler: it writes down the words of a
// song, which then feed search and recommendations. Failures are retried
// with backoff; once the job ends without a transcript (the last attempt
// failed, retrying cannot help, or it panicked) the song says so.
func (s *Service) Transcribe(ctx context.Context, j *musicify.Job) (err error) {
	final := false // the job ends with err: no attempt follows
	defer func() {
		v := recover()
		if v == nil && err != nil && !final && j.Attempts >= jobs.MaxAttempts {
			final, err = true, jobs.Permanent(err)
		}
		// A job stopped by shutdown is taken again after its lease.
		if v != nil || (final && ctx.Err() == nil) {
			serr := s.Songs.SetTranscript(context.WithoutCancel(ctx), j.Subject, musicify.TranscriptFailed, "")
			if serr != nil && musicify.ErrorCode(serr) != musicify.ENOTFOUND {
				s.Logger.Error("recording a failed transcription", "song", j.Subject, "err", serr)
			}
		}
		if v != nil {
			panic(v) // for the runner, which records it
		}
	}()
	if s.Transcriber == nil {
		final = true
		return jobs.Permanent(fmt.Errorf("no transcriber is configured"))
	}
	song, src, cleanup, err := s.jobSong(ctx, j)
	if song == nil || err != nil {
		return err
	}
	defer cleanup()
	text, err := s.Transcriber.Transcribe(ctx, src)
	if err != nil {
		err = fmt.Errorf("transcribing with %s: %w", s.Transcriber.Name(), err)
		if musicify.ErrorCode(err) == musicify.ETOOLARGE { // the service refuses the file
			final = true
			return jobs.Permanent(err)
		}
		return err
	}
	err = s.Songs.SetTranscript(ctx, song.ID, musicify.TranscriptDone, text)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil
	}
	return err
}
