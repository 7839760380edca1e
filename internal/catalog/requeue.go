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
		// Songs without loudness, and (one job a song all the same) songs
		// from before the analysis or measured by an older one.
		list, err := s.Songs.SongsToAnalyze(ctx, JobAnalyze)
		if err == nil && s.Features != nil {
			var more []*musicify.Song
			more, err = s.Features.SongsToMeasure(ctx, audiofeat.Version, JobAnalyze)
			list = unionByID(list, more)
		}
		queue(list, err, s.analyzeJob)
	}
	// Queued even without a transcriber: the job then says the transcript failed.
	list, err := s.Songs.SongsToTranscribe(ctx, JobTranscribe)
	queue(list, err, func(song *musicify.Song) *musicify.Job {
		return &musicify.Job{Kind: JobTranscribe, Subject: song.ID, Priority: jobPriority(song)}
	})
	return queued, errors.Join(errs...)
}

// unionByID is a with the songs of b that a lacks.
func unionByID(a, b []*musicify.Song) []*musicify.Song {
	seen := make(map[string]bool, len(a))
	for _, s := range a {
		seen[s.ID] = true
	}
	for _, s := range b {
		if !seen[s.ID] {
			a = append(a, s)
		}
	}
	return a
}
