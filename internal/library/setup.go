package library

import (
	"context"
	"fmt"
	"log/slog"
	"os/exec"
	"time"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// Database is what a scanner set up by NewScanner keeps its work in: the
// songs, the lease that lets one instance of several scan at a time, and
// the settings where each of them reads the latest scan (sqlstore.DB is
// one).
type Database interface {
	Store
	Lease
	Settings
}

// Setup is what NewScanner builds a scanner from.
type Setup struct {
	Dirs       []string // the library folders, absolute
	Transcribe bool     // also queue transcription of files without lyrics
	DB         Database
	Now        func() time.Time // the database's clock
	Blobs      musicify.BlobStore
	Logger     *slog.Logger
	// ArtistSeparators and ArtistExceptions split artist tags; nil takes
	// DefaultSeparators and DefaultExceptions.
	ArtistSeparators, ArtistExceptions []string
}

// NewScanner builds the scanner of the library folders as serve runs it,
// and the blob store that also serves the folders' files; with no folders,
// a nil scanner and the blobs as they are. It lives here rather than in the
// command so that `musicify scan` and the benchmarks scan as serve does.
func NewScanner(ctx context.Context, c Setup) (*Scanner, musicify.BlobStore, error) {
	if len(c.Dirs) == 0 {
		return nil, c.Blobs, nil
	}
	var folders []*musicify.LibraryFolder
	for _, dir := range c.Dirs {
		f, err := c.DB.LibraryFolder(ctx, dir)
		if err != nil {
			return nil, nil, fmt.Errorf("MUSICIFY_LIBRARY_DIRS: %w", err)
		}
		folders = append(folders, f)
	}
	served := NewBlobs(c.Blobs, folders)
	s := &Scanner{Store: c.DB, Blobs: served, Folders: c.Dirs, Logger: c.Logger, Now: c.Now,
		Lease: c.DB, Holder: musicify.NewID(), // instances sharing a database scan one at a time
		Shared:  c.DB, // and every one of them shows the latest scan
		Analyze: media.NewFFmpeg() != nil, Transcribe: c.Transcribe}
	if c.ArtistSeparators != nil || c.ArtistExceptions != nil {
		seps, exc := c.ArtistSeparators, c.ArtistExceptions
		if seps == nil {
			seps = DefaultSeparators
		}
		if exc == nil {
			exc = DefaultExceptions
		}
		s.Artists = NewSplitter(seps, exc)
	}
	if p, err := exec.LookPath("ffprobe"); err == nil {
		s.FFprobe = p
	} else {
		c.Logger.Warn("library: ffprobe is not installed; WAV tags and files the pure-Go readers refuse are not imported")
	}
	return s, served, nil
}
