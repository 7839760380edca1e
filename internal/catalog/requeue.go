package catalog

import (
	"context"
	"errors"

	"github.com/musicify/musicify/internal/audiofeat"

	"github.com/musicify/musicify/internal/musicify"
)

// QueueMissingJobs queues the analysis and transcription of songs that have
// none: songs saved before a song and its jobs were stored together, songs
// uploaded while ffmpeg was missing once it is there, and songs whose audio
// features are missing or from an older audiofeat.Version. It returns how
// many jobs it queued.
func (s *Service) QueueMissingJobs(ctx context.Context) (int, error) {
	if s.Jobs == nil {
		return 0, nil
	}
	var errs []error
	queued := 0
	queue := func(list []*musicify.Song, err error, job func(*musicify.Song) *musicify.Job) {
		if err != nil {
			errs = append(errs, err)
			return
		}
		for _, song := range list {
			if err := s.Jobs.Enqueue(ctx, job(song)); err != nil {
				errs = append(errs, err)
				return
			}
			queued++
		}
	}
	if s.FFmpeg != nil {
		list, err := s.Songs.SongsToAnalyze(ctx, JobAnalyze)
		queue(list, err, s.analyzeJob)
	}
	if s.FFmpeg != nil && s.Features != nil {
		// Songs from before the analysis, or measured by an older one.
		list, err := s.Features.SongsToMeasure(ctx, audiofeat.Version, JobFeatures)
		queue(list, err, s.featuresJob)
	}
	// Queued even without a transcriber: the job then says the transcript failed.
	list, err := s.Songs.SongsToTranscribe(ctx, JobTranscribe)
	queue(list, err, func(song *musicify.Song) *musicify.Job {
		return &musicify.Job{Kind: JobTranscribe, Subject: song.ID, Priority: jobPriority(song)}
	})
	return queued, errors.Join(errs...)
}
