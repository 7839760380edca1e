package library

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/supervise"
)

// found is an audio file the walk saw.
type found struct {
	rel   string // '/'-separated, in the folder
	abs   string
	size  int64
	mtime time.Time
	known *musicify.LibraryFile // its row, nil when new
}

// folderScan is one folder's pass: what the store knows and what the walk saw.
type folderScan struct {
	s      *Scanner
	root   string
	folder *musicify.LibraryFolder
	byPath map[string]*musicify.LibraryFile
	byFP   map[string][]*musicify.LibraryFile
	byMBID map[string][]*musicify.LibraryFile
	seen   map[string]bool
	moved  map[string]bool     // old paths taken over by a moved file
	images map[string][]string // folder images by directory
	covers map[string]bool     // albums looked at this pass
	jobs   bool                // some were queued
	part   bool                // only some dirs: the watcher's
}

func (s *Scanner) scanFolder(ctx context.Context, root string, full bool, dirs []string) error {
	folder, err := s.Store.LibraryFolder(ctx, root)
	if err != nil {
		return err
	}
	known, err := s.Store.LibraryFiles(ctx, folder.ID)
	if err != nil {
		return err
	}
	fs := &folderScan{s: s, root: root, folder: folder, byPath: map[string]*musicify.LibraryFile{},
		byFP: map[string][]*musicify.LibraryFile{}, byMBID: map[string][]*musicify.LibraryFile{},
		seen: map[string]bool{}, moved: map[string]bool{}, images: map[string][]string{}, covers: map[string]bool{}}
	present := 0
	for i := range known {
		f := &known[i]
		fs.byPath[f.Path] = f
		if f.Fingerprint != "" {
			fs.byFP[f.Fingerprint] = append(fs.byFP[f.Fingerprint], f)
		}
		if f.MBID != "" {
			fs.byMBID[f.MBID] = append(fs.byMBID[f.MBID], f)
		}
		if !f.Missing {
			present++
		}
	}
	fs.part = len(dirs) > 0
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	var work []found
	for _, dir := range dirs {
		w, err := fs.walk(dir)
		if err != nil {
			return err
		}
		work = append(work, w...)
	}
	var changed []found
	for _, f := range work {
		if f.known != nil && !full && !f.known.Missing && f.known.Size == f.size && f.known.ModTime.Equal(f.mtime) &&
			f.known.TagsVersion >= tagsVersion {
			continue // unchanged, and read by this reader: not even opened
		}
		changed = append(changed, f)
	}
	fs.importAll(ctx, changed)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if len(fs.seen) == 0 && present > 0 && len(dirs) == 1 && dirs[0] == "." {
		// An empty folder that held songs is far more likely an unmounted
		// disk than a deleted library: keep the songs until files show up.
		s.Logger.Warn("library folder is empty; its songs are kept until it is back", "folder", root)
		return nil
	}
	var gone []string
	for _, f := range known {
		if f.Missing || fs.seen[f.Path] || fs.moved[f.Path] || !under(f.Path, dirs) {
			continue
		}
		gone = append(gone, f.SongID)
	}
	if len(gone) > 0 {
		if err := s.Store.MarkLibraryMissing(ctx, gone); err != nil {
			return err
		}
		s.count(func(st *musicify.ScanStatus) { st.Removed += len(gone) })
	}
	if fs.jobs && s.Jobs != nil {
		s.Jobs.Wake()
	}
	return nil
}

// under says whether rel lies in one of dirs ("." is the whole folder).
func under(rel string, dirs []string) bool {
	for _, d := range dirs {
		if d == "." || rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// walk lists the audio files under dir (relative to the root), noting
// folder images on the way. A missing dir is empty: its files are gone.
func (fs *folderScan) walk(dir string) ([]found, error) {
	var out []found
	start := filepath.Join(fs.root, filepath.FromSlash(dir))
	err := filepath.WalkDir(start, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			if p == start && errors.Is(err, os.ErrNotExist) && dir != "." {
				return filepath.SkipDir
			}
			if p == start {
				return err
			}
			fs.s.fail(p, "cannot be read: "+reason(err))
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != start && strings.HasPrefix(name, ".") {
				return filepath.SkipDir // .git, .Trash and friends
			}
			return nil
		}
		rel, err := filepath.Rel(fs.root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		ext := extOf(name)
		read := audioExts[ext] || isCoverName(name) || ext == ".lrc"
		if read && d.Type()&os.ModeSymlink != 0 {
			if target, err := filepath.EvalSymlinks(p); err == nil && !inside(fs.root, target) {
				fs.s.fail(rel, errOutside.Error())
				return nil
			}
		}
		if isCoverName(name) {
			fs.images[path.Dir(rel)] = append(fs.images[path.Dir(rel)], name)
			return nil
		}
		if !audioExts[ext] || strings.HasPrefix(name, ".") {
			return nil
		}
		info, err := fs.fileInfo(p, d)
		if err != nil {
			fs.s.fail(rel, err.Error())
			return nil
		}
		if info == nil {
			return nil // a link out of the folder, or not a file
		}
		fs.seen[rel] = true
		f := found{rel: rel, abs: p, size: info.Size(), mtime: info.ModTime().Truncate(time.Millisecond)}
		if k := fs.byPath[rel]; k != nil {
			f.known = k
		}
		out = append(out, f)
		return nil
	})
	if !fs.part { // the watcher's rescans add what they change, not what they look at again
		fs.s.count(func(st *musicify.ScanStatus) { st.Seen += len(out) })
	}
	return out, err
}

// fileInfo stats a regular file; a symlink counts when it stays in the folder.
func (fs *folderScan) fileInfo(p string, d os.DirEntry) (os.FileInfo, error) {
	if d.Type()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(p)
		if err != nil {
			return nil, errors.New("a broken link")
		}
		if !inside(fs.root, target) {
			return nil, nil // reported by walk
		}
		p = target
	} else if !d.Type().IsRegular() {
		return nil, nil
	}
	info, err := os.Stat(p)
	if err != nil {
		return nil, errors.New("cannot be read: " + reason(err))
	}
	if !info.Mode().IsRegular() {
		return nil, nil
	}
	return info, nil
}

func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// readFailure is what the admin page says of a file that was not read.
func readFailure(err error) string {
	if errors.As(err, new(*supervise.PanicError)) {
		return "Musicify failed on this file (an internal error, logged with the details)"
	}
	return err.Error()
}

// importAll reads the files in parallel and writes them as they come:
// changed ones one at a time, new ones in batches.
func (fs *folderScan) importAll(ctx context.Context, work []found) {
	// Should the writes below panic, the readers and the feeder end too.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		f    found
		file *file
		err  error
	}
	jobs := make(chan found)
	// Room for a batch: the readers go on while the batch before is written.
	results := make(chan result, addBatch)
	read := fs.s.read
	if read == nil {
		read = fs.s.readFile
	}
	cpu := fs.s.CPU // shared with the server's other background work
	if cpu == nil {
		cpu = foreground.NewSlots(fs.s.workers())
	}
	var wg sync.WaitGroup
	for range fs.s.workers() {
		wg.Go(func() {
			for f := range jobs {
				fs.s.giveWay(ctx)
				if !cpu.Take(ctx) {
					continue // ending: the rest is drained unread
				}
				var file *file
				// A file that makes its reader panic fails alone.
				err := fs.s.Supervisor.Do("library.read", func() (err error) {
					file, err = read(ctx, f.abs, f.rel)
					return err
				})
				cpu.Give() // before waiting on the writer, so covers get a turn
				select {
				case results <- result{f, file, err}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, f := range work {
			select {
			case jobs <- f:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	covers := newCoverQueue(ctx, fs.s, cpu)
	defer covers.wait()
	var batch []pending
	flush := func() {
		fs.addAll(ctx, batch, covers, cpu)
		batch = batch[:0]
	}
	for r := range results {
		if r.err != nil {
			fs.s.fail(r.f.rel, readFailure(r.err))
			continue
		}
		song, old := fs.song(r.f, r.file)
		if old == nil {
			batch = append(batch, pending{r.f, r.file, song})
			if len(batch) == addBatch {
				flush()
			}
			continue
		}
		fs.s.giveWay(ctx)
		if !cpu.Take(ctx) {
			continue // ending
		}
		err := fs.update(ctx, r.f, r.file, song, old)
		cpu.Give()
		if err != nil {
			fs.s.fail(r.f.rel, err.Error())
			continue
		}
		fs.cover(covers, r.f, r.file, song)
	}
	flush()
}

// addBatch is how many new files one transaction stores: a transaction
// per file held a first scan to a few dozen files a second.
const addBatch = 150

// pending is a new file waiting for its batch.
type pending struct {
	f    found
	file *file
	song *musicify.Song
}

// cover asks once per album for its cover.
func (fs *folderScan) cover(covers *coverQueue, f found, file *file, song *musicify.Song) {
	if song.AlbumID != "" && !fs.covers[song.AlbumID] {
		fs.covers[song.AlbumID] = true
		covers.add(song.AlbumID, file.picture, fs.root, fs.folderImage(f))
	}
}

// song is the row of a file as read, and the row it updates (nil when new:
// neither known at its path nor moved here).
func (fs *folderScan) song(f found, file *file) (*musicify.Song, *musicify.LibraryFile) {
	song := &musicify.Song{
		Name: file.tags.Title, Format: file.info.Format, Duration: file.info.Duration, Bitrate: file.info.Bitrate,
		Size: f.size, LibraryPath: fs.folder.ID + "/" + f.rel, ModTime: f.mtime, Fingerprint: file.fingerprint,
		Details: file.details, TagsVersion: tagsVersion,
	}
	song.AudioKey = musicify.LibraryKeyPrefix + song.LibraryPath
	song.SHA256 = libraryHash(song.LibraryPath, file.fingerprint)
	if song.Name == "" {
		song.Name = strings.TrimSuffix(path.Base(f.rel), path.Ext(f.rel))
	}
	if len(song.Name) > 200 {
		song.Name = clean(song.Name)
	}
	old := f.known
	if old == nil {
		old = fs.movedFrom(file)
		if old != nil {
			fs.moved[old.Path] = true // taken, before another copy claims it
		}
	}
	return song, old
}

// update rewrites the row of a file that changed, came back or moved.
func (fs *folderScan) update(ctx context.Context, f found, file *file, song *musicify.Song, old *musicify.LibraryFile) error {
	song.ID = old.SongID
	if err := fs.s.Store.UpdateLibrarySong(ctx, song, file.tags); err != nil {
		if old.Path != f.rel {
			delete(fs.moved, old.Path) // not moved after all: its row may yet go missing
		}
		return err
	}
	if old.Path != f.rel {
		fs.s.Logger.Info("library file moved", "from", old.Path, "to", f.rel)
	}
	fs.s.count(func(st *musicify.ScanStatus) { st.Updated++ })
	fs.s.imported(f.rel)
	return nil
}

// addAll stores new files, a batch to a transaction. Writing is CPU work
// like reading (SQLite in Go, the full-text index): it takes one of the
// slots, so the scan's reads, writes and covers together never hold more
// than cores − 1 of the cores, and a request always finds one.
func (fs *folderScan) addAll(ctx context.Context, batch []pending, covers *coverQueue, cpu foreground.Slots) {
	if len(batch) == 0 {
		return
	}
	fs.s.giveWay(ctx)
	if !cpu.Take(ctx) {
		return // ending
	}
	in := make([]musicify.LibraryImport, len(batch))
	for i, p := range batch {
		p.song.ID = musicify.NewID()
		jobs := fs.s.jobsFor(p.song, p.file.tags)
		fs.jobs = fs.jobs || len(jobs) > 0
		in[i] = musicify.LibraryImport{Song: p.song, Tags: p.file.tags, Jobs: jobs}
	}
	errs := fs.s.Store.AddLibrarySongs(ctx, in)
	cpu.Give() // before asking for covers, whose maker needs a slot too
	added := 0
	for i, p := range batch {
		if errs[i] != nil {
			fs.s.fail(p.f.rel, errs[i].Error())
			continue
		}
		added++
		fs.s.imported(p.f.rel)
		fs.cover(covers, p.f, p.file, p.song)
	}
	fs.s.count(func(st *musicify.ScanStatus) { st.Added += added })
}

// movedFrom finds the row of a file that moved here: one with the same
// content (or MusicBrainz track id) whose own file is gone.
func (fs *folderScan) movedFrom(file *file) *musicify.LibraryFile {
	candidates := fs.byFP[file.fingerprint]
	if id := file.tags.MBTrackID; id != "" {
		candidates = append(candidates, fs.byMBID[id]...)
	}
	for _, c := range candidates {
		if fs.seen[c.Path] || fs.moved[c.Path] {
			continue
		}
		if _, err := os.Lstat(filepath.Join(fs.root, filepath.FromSlash(c.Path))); err == nil {
			continue // still there: a copy, not a move
		}
		return c
	}
	return nil
}

// folderImage is the folder image beside a file (its path in the
// folder), "" when none.
func (fs *folderScan) folderImage(f found) string {
	names := fs.images[path.Dir(f.rel)]
	best, rank := "", len(coverNames)
	for _, n := range names {
		if r := coverRank(n); r < rank {
			best, rank = n, r
		}
	}
	if best == "" {
		return ""
	}
	return path.Join(path.Dir(f.rel), best)
}
