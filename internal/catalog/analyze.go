package catalog

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/musicify/musicify/internal/audiofeat"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/musicify"
)

// Analyze is the handler of JobAnalyze (and of JobFeatures, the kind
// older versions queued beside it): one decode of the song feeds both its
// loudness and its audio analysis (tempo, key, energy and the embedding
// discovery compares songs by). A song already measured, by this
// audiofeat.Version, is left as it is, so a job run twice costs lookups.
// The original stays untouched; lighter renditions are made when a player
// asks for one (Renditions).
func (s *Service) Analyze(ctx context.Context, j *musicify.Job) error {
	if s.FFmpeg == nil {
		return jobs.Permanent(fmt.Errorf("ffmpeg is not installed"))
	}
	measure := s.Features != nil
	if measure {
		if f, err := s.Features.SongFeatures(ctx, j.Subject); err == nil && f.Version >= audiofeat.Version {
			measure = false
		} else if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
			return err
		}
	}
	song, err := s.Songs.Song(ctx, j.Subject)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	if !measure && song.Loudness != nil {
		return nil
	}
	song, src, cleanup, err := s.jobSong(ctx, j)
	if song == nil || err != nil {
		return err
	}
	defer cleanup()
	rate := 0 // loudness alone
	if measure {
		rate = audiofeat.Rate
	}
	pcm, loudness, err := s.FFmpeg.Measure(ctx, src, rate, audiofeat.MaxSeconds, song.Duration)
	if err != nil {
		return fmt.Errorf("analysing audio: %w", err)
	}
	if song.Loudness == nil || *song.Loudness != loudness {
		err := s.Songs.SetStream(ctx, song.ID, song.StreamKey, &loudness)
		if musicify.ErrorCode(err) == musicify.ENOTFOUND { // deleted meanwhile
			return nil
		} else if err != nil {
			return err
		}
	}
	if !measure {
		return nil
	}
	// The analysis is Go work in the server's process, where nice does not
	// reach: it takes a background CPU slot, so a request finds a core.
	if !s.CPU.Take(ctx) {
		return ctx.Err()
	}
	f := audiofeat.Analyze(pcm, audiofeat.Rate)
	s.CPU.Give()
	pcm = nil // up to 50 MB: let it go before the database round trip
	err = s.Features.SetSongFeatures(ctx, song.ID, &f)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND { // deleted meanwhile
		return nil
	}
	if err == nil {
		s.Logger.Debug("audio analysed", "song", song.ID, "lufs", loudness, "bpm", f.BPM, "key", f.KeyName(), "energy", f.Energy)
	}
	return err
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
