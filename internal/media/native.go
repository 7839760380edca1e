package media

import (
	"context"
	"io"
	"math"
	"os"
	"strings"

	"github.com/dhowden/tag"
)

// Native reads audio files in pure Go, for machines without ffprobe.
type Native struct{}

// parser checks a file of one container and fills in what it finds.
type parser func(f *os.File, size int64, info *Info) error

var parsers = map[string]parser{
	"mp3":  parseMP3,
	"aac":  parseADTS,
	"flac": parseFLAC,
	"wav":  parseWAV,
	"aiff": parseAIFF,
	"ogg":  parseOgg,
	"opus": parseOgg,
	"m4a":  parseMP4,
	"webm": parseWebM,
}

// Probe refuses anything that is not one of the accepted formats, judged by
// signature and a parse of the container's structure.
func (Native) Probe(_ context.Context, path string) (*Info, error) {
	format, f, size, err := sniffFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info := &Info{Format: format}
	if err := parsers[format](f, size, info); err != nil {
		return nil, err
	}
	if info.Bitrate == 0 && info.Duration > 0 { // a container whose payload we do not measure
		info.Bitrate, info.wholeFile = int(float64(size*8)/info.Duration), true
	}
	readTags(f, info)
	return info, nil
}

// readTags fills title, artist and album when the file carries them; files
// without tags are fine.
func readTags(f *os.File, info *Info) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return
	}
	m, err := tag.ReadFrom(f)
	if err != nil {
		return
	}
	info.Title, info.Artist, info.Album = clean(m.Title()), clean(m.Artist()), clean(m.Album())
	info.Track, _ = m.Track()
	info.Disc, _ = m.Disc()
	info.Year, info.Genre = m.Year(), clean(m.Genre())
	info.Track, info.Disc, info.Year = tagNumber(info.Track), tagNumber(info.Disc), tagNumber(info.Year)
}

// tagNumber keeps a track, disc or year number that makes sense; tags are
// untrusted, and 0 reads as "not given".
func tagNumber(n int) int {
	if n < 0 || n > 9999 {
		return 0
	}
	return n
}

// clean trims a tag and bounds it, since tags are untrusted input.
func clean(s string) string {
	s = strings.TrimSpace(strings.ToValidUTF8(s, ""))
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// payloadRate is the bitrate of bytes of audio over seconds, rounded.
func payloadRate(bytes int64, seconds float64) int {
	if bytes <= 0 || seconds <= 0 {
		return 0
	}
	return int(math.Round(float64(bytes*8) / seconds))
}

// readAt reads n bytes at off, or fewer at the end of the file.
func readAt(f *os.File, off int64, n int) ([]byte, error) {
	b := make([]byte, n)
	m, err := f.ReadAt(b, off)
	if err != nil && err != io.EOF {
		return nil, err
	}
	return b[:m], nil
}
