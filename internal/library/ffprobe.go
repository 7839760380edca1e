package library

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/nice"
)

// probeTags reads tags with ffprobe, for what dhowden/tag cannot read
// (WAV and AIFF chunks, damaged frames): the container's tags, then each
// stream's (Ogg keeps its comments on the stream). It runs niced when ctx
// is a scan's.
func probeTags(ctx context.Context, ffprobe, path string) (fields, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := nice.Command(ctx, ffprobe, "-v", "error", "-print_format", "json",
		"-show_entries", "format_tags:stream_tags", "--", path).Output()
	if err != nil {
		return nil, fmt.Errorf("reading tags with ffprobe: %w", err)
	}
	var probe struct {
		Format struct {
			Tags map[string]string `json:"tags"`
		} `json:"format"`
		Streams []struct {
			Tags map[string]string `json:"tags"`
		} `json:"streams"`
	}
	if err := json.Unmarshal(out, &probe); err != nil {
		return nil, fmt.Errorf("reading ffprobe output: %w", err)
	}
	f := fields{}
	for k, v := range probe.Format.Tags {
		f.set(k, v)
	}
	for _, s := range probe.Streams {
		for k, v := range s.Tags {
			f.set(k, v)
		}
	}
	return f, nil
}
