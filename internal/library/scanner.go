package library

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/nice"
	"github.com/musicify/musicify/internal/playlistfile"
	"github.com/musicify/musicify/internal/supervise"
)

// Store is what the scanner keeps songs in.
type Store interface {
	musicify.LibraryStore
	Album(ctx context.Context, id string) (*musicify.Album, error)
}

// Scanner imports the library folders and keeps them current.
type Scanner struct {
	Store   Store
	Blobs   musicify.BlobStore // where album covers go
	Folders []string           // absolute paths
	// FFprobe is the path of ffprobe, "" when it is not installed: then
	// only what the pure-Go readers handle is imported.
	FFprobe string
	// Analyze queues the loudness, rendition and audio features jobs (ffmpeg is there);
	// Transcribe also queues transcription of files without lyrics.
	Analyze, Transcribe bool
	Jobs                interface{ Wake() } // nil: nobody to tell
	Logger              *slog.Logger
	Now                 func() time.Time
	// Workers read files (and render covers) at once; 0 is one per core
	// but one, so a scan leaves a core to the people listening.
	Workers int
	// CPU, when set, are the slots the reads, writes and covers take, shared
	// with the server's other background work; nil gives each pass Workers
	// slots of its own.
	CPU foreground.Slots
	// Foreground counts the requests people wait for (a foreground.Gauge):
	// the scan starts each file, batch and cover in a gap between them (or
	// after giveWayAtMost). Nil: it never waits.
	Foreground interface {
		Yield(ctx context.Context, most time.Duration)
	}
	// OnScan, when set, hears the status after every scan (tests wait on it).
	OnScan func(musicify.ScanStatus)
	// Supervisor turns a panic on one file, cover or folder into a failure
	// of that file, cover or folder: the scan goes on, the server stays up.
	Supervisor *supervise.Supervisor
	// Lease, when set, lets one instance of several scan the shared folders
	// at a time: a scan that cannot take it is skipped, as another instance
	// is doing the work. Holder names this instance.
	Lease  Lease
	Holder string
	// Shared, when set, keeps the scan's status where every instance on the
	// database reads it (sqlstore.DB's settings): only the lease holder
	// scans, and each instance's admin page shows the latest scan (status.go).
	Shared Settings
	// Artists splits artist tags into artists (MUSICIFY_ARTIST_SEPARATORS
	// and MUSICIFY_ARTIST_EXCEPTIONS); nil splits by the defaults.
	Artists *Splitter
	// Search and Songs, when set, match a folder's playlist file entries by
	// title, artist and duration when their path names no library file (a
	// playlist written on another machine); nil: by path only.
	Search playlistfile.Finder
	Songs  playlistfile.SongReader

	// read reads one file; a seam for tests that count reads.
	read func(ctx context.Context, abs, rel string) (*file, error)
	// retryEvery replaces leaseTTL as the wait before a walk kept from
	// running by another instance's lease is tried again; a seam for tests.
	retryEvery time.Duration
	// ticker starts the periodic scan's ticks (time.NewTicker when nil);
	// a seam for tests that tick by hand.
	ticker func(d time.Duration) (ticks <-chan time.Time, stop func())

	scanMu sync.Mutex // one scan at a time
	mu     sync.Mutex
	status musicify.ScanStatus
	shared time.Time       // when this instance last shared its status
	ended  chan struct{}   // closed at the end of a scan, then replaced
	ctx    context.Context // of Run; scans started on demand live as long
}

var _ musicify.Scanner = (*Scanner)(nil)

// Lease is one holder at a time of a named piece of work (sqlstore.DB).
type Lease interface {
	ClaimLease(ctx context.Context, name, holder string, now, until time.Time) (bool, error)
	ReleaseLease(ctx context.Context, name, holder string) error
}

// scanLease names the lease, and leaseTTL is how long it holds unless
// renewed (a third of it apart) while the scan runs; an instance that dies
// mid-scan hands the work on after that.
const (
	scanLease = "library-scan"
	leaseTTL  = 30 * time.Second
)

// hold takes the scan lease and keeps it until the returned func is called;
// false when another instance holds it.
func (s *Scanner) hold(ctx context.Context) (bool, func()) {
	if s.Lease == nil {
		return true, func() {}
	}
	ok, err := s.Lease.ClaimLease(ctx, scanLease, s.Holder, s.now(), s.now().Add(leaseTTL))
	if err != nil || !ok {
		if err != nil {
			s.Logger.Warn("library: the scan lease could not be taken; not scanning", "err", err)
		} else {
			s.Logger.Info("library: another instance is scanning the folders")
		}
		return false, func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer s.Supervisor.Recover("library.lease")
		t := time.NewTicker(leaseTTL / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if _, err := s.Lease.ClaimLease(ctx, scanLease, s.Holder, s.now(), s.now().Add(leaseTTL)); err != nil {
					s.Logger.Warn("library: renewing the scan lease", "err", err)
				}
				s.share(ctx) // the scan goes on: its counts so far
			}
		}
	}()
	return true, func() {
		close(done)
		wg.Wait()
		if err := s.Lease.ReleaseLease(context.WithoutCancel(ctx), scanLease, s.Holder); err != nil {
			s.Logger.Warn("library: releasing the scan lease", "err", err)
		}
	}
}

// maxFailures bounds the failures kept for the admin page.
const maxFailures = 100

// own is where this instance's scan stands.
func (s *Scanner) own() musicify.ScanStatus {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.status
	st.Folders = append([]string(nil), s.Folders...)
	st.Failures = append([]musicify.ScanFailure(nil), s.status.Failures...)
	return st
}

// StartScan scans in the background unless a scan runs.
func (s *Scanner) StartScan(full bool) bool {
	s.mu.Lock()
	if s.status.Running {
		s.mu.Unlock()
		return false
	}
	s.status.Running = true    // claimed now, so a second call reports false
	s.status.Started = s.now() // a running scan has begun, even before it takes the lease
	ctx := s.ctx
	s.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	go func() {
		defer s.Supervisor.Recover("library.scan")
		if _, err := s.scan(ctx, full, nil); err != nil && !errors.Is(err, errScannedElsewhere) && ctx.Err() == nil {
			s.Logger.Error("scanning the library", "err", err)
		}
	}()
	return true
}

// Scan scans every folder now and returns the counts.
func (s *Scanner) Scan(ctx context.Context, full bool) (musicify.ScanStatus, error) {
	st, err := s.scan(ctx, full, nil)
	if errors.Is(err, errScannedElsewhere) {
		err = nil
	}
	return st, err
}

// errScannedElsewhere is a scan not made because another instance holds
// the scan lease.
var errScannedElsewhere = errors.New("another instance holds the scan lease")

// scan walks the folders (or only the dirs of only, by folder) and brings
// the store up to date.
func (s *Scanner) scan(ctx context.Context, full bool, only map[string][]string) (musicify.ScanStatus, error) {
	s.scanMu.Lock()
	defer s.scanMu.Unlock()
	// No person waits for a scan, even one asked for: what it starts
	// (ffprobe) runs niced, like the jobs' ffmpeg.
	ctx = nice.Background(ctx)
	ok, release := s.hold(ctx)
	if !ok {
		// Another instance scans; a scan asked for here (StartScan) is
		// not running after all.
		s.mu.Lock()
		s.status.Running = false
		s.mu.Unlock()
		return s.own(), errScannedElsewhere
	}
	defer release()
	s.mu.Lock()
	s.status.Running = true
	if only == nil { // a walk of everything starts the counts anew; the watcher's adds to them
		s.status.Started, s.status.Finished = s.now(), time.Time{}
		s.status.Seen, s.status.Added, s.status.Updated, s.status.Removed, s.status.Failed = 0, 0, 0, 0, 0
		s.status.Failures = nil
	}
	s.mu.Unlock()
	s.share(ctx)
	var err error
	for _, root := range s.Folders {
		if only != nil && only[root] == nil {
			continue
		}
		ferr := s.Supervisor.Do("library.scan", func() error { return s.scanFolder(ctx, root, full, only[root]) })
		if ferr != nil {
			s.fail(root, readFailure(ferr))
			err = ferr
			if ctx.Err() != nil {
				break
			}
		}
	}
	s.syncPlaylists(ctx, only) // playlists.go: after the songs, which their entries name
	s.mu.Lock()
	s.status.Running = false
	if only == nil || s.status.Finished.IsZero() {
		s.status.Finished = s.now()
	}
	if s.ended != nil {
		close(s.ended)
		s.ended = nil
	}
	s.mu.Unlock()
	s.share(ctx)
	st := s.own()
	if s.OnScan != nil {
		s.OnScan(st)
	}
	return st, err
}

func (s *Scanner) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Scanner) count(fn func(st *musicify.ScanStatus)) {
	s.mu.Lock()
	fn(&s.status)
	s.mu.Unlock()
}

// giveWayAtMost bounds each wait for a gap between requests: a stream of
// requests slows a scan to a file or a batch every 20 ms a reader, never
// stops it.
const giveWayAtMost = 20 * time.Millisecond

// giveWay waits for a moment with no request in flight before a piece of
// the scan's work: Go's scheduler runs the scan's goroutines as readily as
// requests', so the scan takes its turns between them instead.
func (s *Scanner) giveWay(ctx context.Context) {
	if s.Foreground != nil {
		s.Foreground.Yield(ctx, giveWayAtMost)
	}
}

func (s *Scanner) workers() int {
	if s.Workers > 0 {
		return s.Workers
	}
	return scanWorkers(runtime.NumCPU())
}

// scanWorkers is the default bound on a machine of cpus cores: one core is
// left to requests, as the job runner leaves one (jobs.DefaultWorkers).
func scanWorkers(cpus int) int { return max(1, cpus-1) }

// libraryHash stands in for the content hash uploads keep: songs are
// unique per (owner, sha256), and two library files may be the same bytes.
func libraryHash(libraryPath, fingerprint string) string {
	sum := sha256.Sum256([]byte("library\x00" + libraryPath + "\x00" + fingerprint))
	return hex.EncodeToString(sum[:])
}

// jobsFor are the jobs an imported song gets: the uploads' one analysis
// (loudness and audio features from one decode), and transcription only when
// asked for, after every upload's work.
func (s *Scanner) jobsFor(song *musicify.Song, t musicify.TrackTags) []*musicify.Job {
	var jobs []*musicify.Job
	if s.Analyze {
		jobs = append(jobs, catalog.AnalyzeJob(song, musicify.JobBulk))
	}
	if s.Transcribe && t.Lyrics == "" {
		song.Transcript = musicify.TranscriptPending
		jobs = append(jobs, &musicify.Job{Kind: catalog.JobTranscribe, Subject: song.ID, Priority: musicify.JobBulk})
	}
	return jobs
}

// WaitFor blocks until ok holds for the status, checking at the end of
// every scan, or until ctx ends: for tests and tools that wait on a scan
// running elsewhere.
func (s *Scanner) WaitFor(ctx context.Context, ok func(musicify.ScanStatus) bool) error {
	for {
		s.mu.Lock()
		if s.ended == nil {
			s.ended = make(chan struct{})
		}
		ended := s.ended
		s.mu.Unlock()
		if ok(s.own()) {
			return nil
		}
		select {
		case <-ended:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (s *Scanner) splitter() *Splitter {
	if s.Artists != nil {
		return s.Artists
	}
	return defaultSplitter
}
