package catalog

import (
	"context"
	"errors"

	"github.com/musicify/musicify/internal/musicify"
)

// QueueMissingJobs queues the analysis and transcription of songs that have
// none: songs saved before a song and its jobs were stored together, and
// songs uploaded while ffmpeg was missing once it is there. It returns how
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
	// Queued even without a transcriber: the job then says the transcript failed.
	list, err := s.Songs.SongsToTranscribe(ctx, JobTranscribe)
	queue(list, err, func(song *musicify.Song) *musicify.Job {
		return &musicify.Job{Kind: JobTranscribe, Subject: song.ID, Priority: jobPriority(song)}
	})
	return queued, errors.Join(errs...)
}
