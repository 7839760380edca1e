// Package media checks uploaded files by their content and reads what the
// player needs (format, duration, bitrate, tags): with ffprobe when it is
// installed, else with the pure-Go parsers here. Both pass the same tests.
package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/musicify/musicify/internal/musicify"
)

// Info describes an accepted audio file.
type Info struct {
	Format   string // mp3, aac, m4a, ogg, opus, flac, wav, aiff or webm
	Duration float64
	// Bitrate is the audio stream's, in bits per second: the frames' own
	// rate, or the audio payload over the duration; tags and embedded
	// covers do not count, so a 192 kbps MP3 with a cover says 192 kbps.
	Bitrate    int
	SampleRate int
	Channels   int
	BitDepth   int  // bits per sample of lossless formats; 0 for lossy ones
	wholeFile  bool // Bitrate counts the whole file: the payload is not measured
	Title      string
	Artist     string
	Album      string
	// Where the file sits on its album, when its tags say; 0 or "" otherwise.
	Track int
	Disc  int
	Year  int
	Genre string
}

// Lossless reports whether the format keeps every sample (a streaming
// rendition is worth making).
func (i *Info) Lossless() bool { return i.Format == "flac" || i.Format == "wav" || i.Format == "aiff" }

// Ext is the file extension for the format.
func Ext(format string) string { return format }

// MIME is the content type browsers expect for the format.
func MIME(format string) string {
	switch format {
	case "mp3":
		return "audio/mpeg"
	case "aac":
		return "audio/aac"
	case "m4a":
		return "audio/mp4"
	case "ogg":
		return "audio/ogg"
	case "opus":
		return "audio/ogg; codecs=opus"
	case "flac":
		return "audio/flac"
	case "wav":
		return "audio/wav"
	case "aiff":
		return "audio/aiff"
	case "webm":
		return "audio/webm"
	}
	return "application/octet-stream"
}

// ErrNotAudio is what every refused audio file gets. Every form that takes
// audio names its file field "audio", so a form shows it there.
var ErrNotAudio = musicify.Errorf(musicify.EUNSUPPORTED, "This file is not an audio file we can play").In("audio")

// notAudio wraps the reason a file was refused, for the log, behind the
// one message the user sees.
func notAudio(format string, args ...any) error {
	return &musicify.Error{Code: ErrNotAudio.Code, Message: ErrNotAudio.Message, Field: ErrNotAudio.Field, Err: fmt.Errorf(format, args...)}
}

// Prober reads an audio file at path.
type Prober interface {
	Probe(ctx context.Context, path string) (*Info, error)
}

// NewProber uses ffprobe when it is on PATH, else the pure-Go parsers.
func NewProber() Prober {
	if p, err := exec.LookPath("ffprobe"); err == nil {
		return &FFprobe{Path: p}
	}
	return Native{}
}

// sniffFile reads the head of path and names its container, or refuses it.
func sniffFile(path string) (string, *os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, 0, fmt.Errorf("opening upload: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return "", nil, 0, fmt.Errorf("opening upload: %w", err)
	}
	head := make([]byte, 4096)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		f.Close()
		return "", nil, 0, fmt.Errorf("reading upload: %w", err)
	}
	format := Sniff(head[:n])
	if format == "" {
		f.Close()
		return "", nil, 0, notAudio("no audio signature")
	}
	if err := checkID3(f); err != nil { // before any tag reader sees it
		f.Close()
		return "", nil, 0, err
	}
	return format, f, info.Size(), nil
}
