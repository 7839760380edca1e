package media

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/nice"
)

// FFprobe reads files with ffprobe, which decodes what the parsers only
// walk. The signature check still comes first, so ffprobe never decides
// alone what an upload is.
type FFprobe struct {
	Path string
}

// codecs are the audio codecs accepted in each container.
var codecs = map[string][]string{
	"mp3": {"mp3"}, "aac": {"aac"}, "m4a": {"aac"}, "ogg": {"vorbis"}, "opus": {"opus"},
	"flac": {"flac"}, "wav": {"pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_u8", "pcm_f32le", "pcm_f64le"},
	"aiff": {"pcm_s16be", "pcm_s24be", "pcm_s32be", "pcm_s8", "pcm_f32be", "pcm_f64be"},
	"webm": {"opus", "vorbis"},
}

type ffprobeOutput struct {
	Streams []struct {
		CodecType   string `json:"codec_type"`
		CodecName   string `json:"codec_name"`
		SampleRate  string `json:"sample_rate"`
		Channels    int    `json:"channels"`
		BitRate     string `json:"bit_rate"`
		RawBits     string `json:"bits_per_raw_sample"`
		SampleBits  int    `json:"bits_per_sample"`
		Disposition struct {
			AttachedPic int `json:"attached_pic"`
		} `json:"disposition"`
	} `json:"streams"`
	Format struct {
		Duration string            `json:"duration"`
		BitRate  string            `json:"bit_rate"`
		Tags     map[string]string `json:"tags"`
	} `json:"format"`
}

func (p *FFprobe) Probe(ctx context.Context, path string) (*Info, error) {
	format, f, _, err := sniffFile(path)
	if err != nil {
		return nil, err
	}
	f.Close()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := nice.Command(ctx, p.Path, "-v", "error", "-print_format", "json",
		"-show_format", "-show_streams", "--", path).Output()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("running ffprobe: %w", ctx.Err())
	}
	if err != nil {
		return nil, notAudio("ffprobe: %v", err)
	}
	var probe ffprobeOutput
	if err := json.Unmarshal(out, &probe); err != nil {
		return nil, fmt.Errorf("reading ffprobe output: %w", err)
	}
	info := &Info{Format: format}
	for _, s := range probe.Streams {
		switch {
		case s.CodecType == "video" && s.Disposition.AttachedPic == 0:
			return nil, notAudio("ffprobe: has a video stream")
		case s.CodecType == "audio" && info.Channels == 0:
			if !accepts(format, s.CodecName) {
				return nil, notAudio("ffprobe: codec %s in %s", s.CodecName, format)
			}
			info.Channels = s.Channels
			info.SampleRate, _ = strconv.Atoi(s.SampleRate)
			info.Bitrate, _ = strconv.Atoi(s.BitRate)
			if info.Lossless() {
				if info.BitDepth, _ = strconv.Atoi(s.RawBits); info.BitDepth == 0 {
					info.BitDepth = s.SampleBits
				}
			}
		}
	}
	if info.Channels == 0 {
		return nil, notAudio("ffprobe: no audio stream")
	}
	info.Duration, _ = strconv.ParseFloat(probe.Format.Duration, 64)
	// The parsers measure the audio payload where ffprobe gives a nominal
	// rate (Vorbis) or none (FLAC): both probers then agree. The stream's
	// stated rate comes next; the file's, which counts tags and covers, last.
	if n, err := (Native{}).Probe(ctx, path); err == nil && !n.wholeFile && n.Bitrate > 0 {
		info.Bitrate = n.Bitrate
	}
	if info.Bitrate == 0 {
		info.Bitrate, _ = strconv.Atoi(probe.Format.BitRate)
	}
	tags := probe.Format.Tags
	info.Title, info.Artist, info.Album = clean(tagValue(tags, "title")), clean(tagValue(tags, "artist")), clean(tagValue(tags, "album"))
	info.Track, info.Disc = leadingNumber(tagValue(tags, "track")), leadingNumber(tagValue(tags, "disc"))
	info.Year, info.Genre = leadingNumber(tagValue(tags, "date")), clean(tagValue(tags, "genre"))
	return info, nil
}

func accepts(format, codec string) bool {
	for _, c := range codecs[format] {
		if c == codec {
			return true
		}
	}
	return false
}

// leadingNumber reads the number a tag starts with: "2/10" is 2, "1994-05-01" is 1994.
func leadingNumber(v string) int {
	v = strings.TrimSpace(v)
	end := 0
	for end < len(v) && end < 4 && v[end] >= '0' && v[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(v[:end])
	return n
}

// tagValue looks a tag up in the case the container happens to use.
func tagValue(tags map[string]string, name string) string {
	for k, v := range tags {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}
