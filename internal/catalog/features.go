package catalog

import (
	"context"
	"fmt"

	"github.com/musicify/musicify/internal/audiofeat"
	"github.com/musicify/musicify/internal/jobs"
	"github.com/musicify/musicify/internal/musicify"
)

// JobFeatures listens to a song once: tempo, key, energy and the embedding
// discovery compares songs by.
const JobFeatures = "media.features"

// FeaturesJob is the analysis of a song at the current audiofeat.Version,
// at the priority of the song's other work.
func FeaturesJob(song *musicify.Song, priority int) *musicify.Job {
	return &musicify.Job{Kind: JobFeatures, Subject: song.ID, Payload: musicify.FeaturesJobPayload(audiofeat.Version), Priority: priority}
}

// featuresJob is nil when nothing could run or keep it: without ffmpeg no
// audio is decoded.
func (s *Service) featuresJob(song *musicify.Song) *musicify.Job {
	if s.Jobs == nil || s.FFmpeg == nil || s.Features == nil {
		return nil
	}
	return FeaturesJob(song, jobPriority(song))
}

// MeasureFeatures is the JobFeatures handler: one decode to mono PCM by
// ffmpeg (niced, as the job's context says), the analysis in Go, the
// result stored beside the song. A song already measured by this version
// is left as it is, so a job run twice costs a lookup.
func (s *Service) MeasureFeatures(ctx context.Context, j *musicify.Job) error {
	if s.FFmpeg == nil || s.Features == nil {
		return jobs.Permanent(fmt.Errorf("audio analysis needs ffmpeg and a feature store"))
	}
	if f, err := s.Features.SongFeatures(ctx, j.Subject); err == nil && f.Version >= audiofeat.Version {
		return nil
	} else if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return err
	}
	song, src, cleanup, err := s.jobSong(ctx, j)
	if song == nil || err != nil {
		return err
	}
	defer cleanup()
	pcm, err := s.FFmpeg.DecodeMono(ctx, src, audiofeat.Rate, audiofeat.MaxSeconds)
	if err != nil {
		return fmt.Errorf("analysing audio: %w", err)
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
		s.Logger.Debug("audio analysed", "song", song.ID, "bpm", f.BPM, "key", f.KeyName(), "energy", f.Energy)
	}
	return err
}
