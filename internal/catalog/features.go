package catalog

import (
	"github.com/musicify/musicify/internal/audiofeat"
	"github.com/musicify/musicify/internal/musicify"
)

// JobFeatures is the audio analysis alone, as older versions queued it
// beside JobAnalyze; Analyze now does both from one decode, and runs the
// jobs of this kind still in a queue.
const JobFeatures = "media.features"

// AnalyzeJob is the one job a new song gets for its loudness and its
// audio analysis at the current audiofeat.Version (the payload, which
// tells a failed analysis at this version from one at an older).
func AnalyzeJob(song *musicify.Song, priority int) *musicify.Job {
	return &musicify.Job{Kind: JobAnalyze, Subject: song.ID, Payload: musicify.FeaturesJobPayload(audiofeat.Version), Priority: priority}
}

// analyzeJob is nil when nothing could run it: without ffmpeg no audio is
// decoded. The song plays from its original meanwhile.
func (s *Service) analyzeJob(song *musicify.Song) *musicify.Job {
	if s.Jobs == nil || s.FFmpeg == nil {
		return nil
	}
	return AnalyzeJob(song, jobPriority(song))
}
