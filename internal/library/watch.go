package library

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultDebounce is how long the watcher waits for a burst of changes
// (a copy of an album, a tagger saving fifty files) to end before it
// rescans the directories they touched.
const DefaultDebounce = 2 * time.Second

// Run scans at once, then keeps the folders current until ctx ends: file
// events rescan the directories they touch, and every interval (0: never)
// a walk of everything catches what the watcher missed.
func (s *Scanner) Run(ctx context.Context, interval, debounce time.Duration) {
	s.mu.Lock()
	s.ctx = ctx
	s.mu.Unlock()
	if debounce <= 0 {
		debounce = DefaultDebounce
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		s.Logger.Warn("library: no file watcher; changes are found by the periodic scan", "err", err)
	} else {
		defer w.Close()
		for _, root := range s.Folders {
			s.watchTree(w, root)
		}
	}
	// A walk of everything that another instance's lease kept from
	// running is tried again once that lease could have lapsed: the
	// instance holding it may have died mid-scan (a kill -9 at file 300 of
	// 3,000), and its scan must not wait for the next periodic one.
	var retry <-chan time.Time
	walk := func() {
		_, err := s.scan(ctx, false, nil)
		switch {
		case errors.Is(err, errScannedElsewhere):
			retry = time.After(s.retryAfter())
		case err != nil && ctx.Err() == nil:
			s.Logger.Error("scanning the library", "err", err)
		}
	}
	walk()
	var events <-chan fsnotify.Event
	var errs <-chan error
	if w != nil {
		events, errs = w.Events, w.Errors
	}
	var tick <-chan time.Time
	if interval > 0 {
		start := s.ticker
		if start == nil {
			start = func(d time.Duration) (<-chan time.Time, func()) {
				t := time.NewTicker(d)
				return t.C, t.Stop
			}
		}
		var stop func()
		tick, stop = start(interval)
		defer stop()
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	pending := map[string]map[string]bool{} // root -> dirs to rescan
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			root, dir := s.touched(ev.Name)
			if root == "" {
				continue
			}
			if ev.Has(fsnotify.Create) {
				if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() {
					s.watchTree(w, ev.Name)
				}
			}
			if pending[root] == nil {
				pending[root] = map[string]bool{}
			}
			pending[root][dir] = true
			timer.Reset(debounce)
		case err, ok := <-errs:
			if !ok {
				errs = nil
				continue
			}
			s.Logger.Warn("library watcher", "err", err) // an overflow: the next periodic scan catches up
		case <-timer.C:
			only := map[string][]string{}
			for root, dirs := range pending {
				only[root] = outermost(dirs)
			}
			pending = map[string]map[string]bool{}
			if _, err := s.scan(ctx, false, only); err != nil && !errors.Is(err, errScannedElsewhere) && ctx.Err() == nil {
				s.Logger.Error("rescanning changed library folders", "err", err)
			}
		case <-tick:
			walk()
		case <-retry:
			retry = nil
			walk()
		}
	}
}

// watchTree watches dir and every directory under it (inotify is not recursive).
func (s *Scanner) watchTree(w *fsnotify.Watcher, dir string) {
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if err := w.Add(p); err != nil {
			s.Logger.Warn("library: cannot watch a folder; its changes are found by the periodic scan", "dir", p, "err", err)
			return filepath.SkipDir
		}
		return nil
	})
}

// retryAfter is how long a walk kept from running by another instance's
// lease waits to try again: the lease's life, after which a dead holder's
// lease has lapsed.
func (s *Scanner) retryAfter() time.Duration {
	if s.retryEvery > 0 {
		return s.retryEvery
	}
	return leaseTTL
}

// touched names the folder an event happened in and the directory (in
// it) to rescan: the parent of what changed, so a removed or renamed
// directory is walked from where it was.
func (s *Scanner) touched(name string) (root, dir string) {
	for _, r := range s.Folders {
		rel, err := filepath.Rel(r, name)
		if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			continue
		}
		if rel == "." {
			return r, "."
		}
		return r, filepath.ToSlash(filepath.Dir(rel))
	}
	return "", ""
}

// outermost drops the dirs that another in the set already holds.
func outermost(dirs map[string]bool) []string {
	list := make([]string, 0, len(dirs))
	for d := range dirs {
		list = append(list, d)
	}
	sort.Strings(list)
	var out []string
	for _, d := range list {
		if len(out) > 0 && under(d, out) {
			continue
		}
		out = append(out, d)
	}
	return out
}
