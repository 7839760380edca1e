package library

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/dhowden/tag"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// audioExts are the files the scanner looks at; anything else in a folder
// (covers, playlists, notes) is passed over without a word. What a name
// promises is still checked by content.
var audioExts = map[string]bool{
	".mp3": true, ".flac": true, ".ogg": true, ".oga": true, ".opus": true, ".m4a": true,
	".m4b": true, ".mp4": true, ".aac": true, ".wav": true, ".aif": true, ".aiff": true, ".aifc": true, ".webm": true,
}

func extOf(p string) string { return strings.ToLower(path.Ext(p)) }

// file is what reading one library file gives.
type file struct {
	info        *media.Info
	tags        musicify.TrackTags
	details     musicify.SongDetails
	picture     []byte // embedded cover, if any
	fingerprint string
}

// fingerprintSpan is how much of each end of a file the fingerprint reads:
// enough to tell files apart, cheap for a 50 MB FLAC.
const fingerprintSpan = 64 << 10

// readFile checks a file by content and reads its tags, falling back to
// ffprobe, then to the path, for what the tags do not say.
func (s *Scanner) readFile(ctx context.Context, abs, rel string) (*file, error) {
	dir := folderOf(abs, rel)
	// Opened first, inside its folder: what the probes below read by path
	// is a regular file there (they read only its format, never show it).
	f, _, err := openIn(dir, rel)
	if err != nil {
		return nil, fmt.Errorf("cannot be read: %w", err)
	}
	defer f.Close()
	info, err := media.Native{}.Probe(ctx, abs)
	if err != nil && s.FFprobe != "" {
		info, err = (&media.FFprobe{Path: s.FFprobe}).Probe(ctx, abs)
	}
	if err != nil {
		if errors.Is(err, media.ErrTagTooManyFrames) {
			return nil, errors.New(musicify.ErrorMessage(err))
		}
		if musicify.ErrorCode(err) == musicify.EUNSUPPORTED {
			return nil, fmt.Errorf("not an audio file we can play")
		}
		return nil, err
	}
	out := &file{info: info}
	if out.fingerprint, err = fingerprint(f); err != nil {
		return nil, fmt.Errorf("cannot be read: %w", err)
	}
	var fl fields
	if _, err := f.Seek(0, io.SeekStart); err == nil {
		if m, err := tag.ReadFrom(f); err == nil {
			fl = fromMetadata(m)
			fl.setMulti(multiValues(f, m.Format()))
			if p := m.Picture(); p != nil && len(p.Data) > 0 {
				out.picture = p.Data
			}
		}
	}
	if (fl == nil || fl["title"] == "" || info.Format == "wav" || info.Format == "aiff") && s.FFprobe != "" {
		if pf, err := probeTags(ctx, s.FFprobe, abs); err == nil {
			if fl == nil {
				fl = fields{}
			}
			for k, v := range pf {
				fl.set(k, v)
			}
		}
	}
	out.tags = fl.tags()
	out.details = withStream(fl.details(), info)
	fromPath(&out.tags, rel)
	s.splitter().credit(fl, &out.tags)
	if plain, synced := sidecarLyrics(dir, rel); plain != "" {
		out.tags.Lyrics = plain
		if synced != "" {
			out.tags.SyncedLyrics = synced
		}
	}
	return out, nil
}

// fingerprint hashes the size and both ends of a file: a moved or copied
// file keeps it, a re-tagged one (new head) or re-encoded one does not.
func fingerprint(f *os.File) (string, error) {
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	binary.Write(h, binary.BigEndian, st.Size())
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, min(st.Size(), fingerprintSpan))); err != nil {
		return "", err
	}
	if tail := st.Size() - fingerprintSpan; tail > fingerprintSpan {
		if _, err := io.Copy(h, io.NewSectionReader(f, tail, fingerprintSpan)); err != nil {
			return "", err
		}
	} else if tail > 0 {
		if _, err := io.Copy(h, io.NewSectionReader(f, fingerprintSpan, tail)); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}
