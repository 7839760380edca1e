package library

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Settings keeps named facts in the database every instance shares
// (sqlstore.DB).
type Settings interface {
	Setting(ctx context.Context, name string) (string, error)
	SetSetting(ctx context.Context, name, value string) error
}

// statusSetting is where the latest scan's status is kept for every
// instance: several instances share the folders, only the holder of the
// scan lease scans, and the admin page may be served by any of them.
const statusSetting = "library_scan_status"

// sharedStatus is statusSetting's value.
type sharedStatus struct {
	Status musicify.ScanStatus `json:"status"`
	// At is when it was written; a running scan writes it again each
	// time it renews its lease.
	At time.Time `json:"at"`
}

// Status is where the latest scan stands: this instance's, or the one
// another instance shared since (with Shared set).
func (s *Scanner) Status() musicify.ScanStatus {
	own := s.own()
	if s.Shared == nil || own.Running {
		return own
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := s.Shared.Setting(ctx, statusSetting)
	if err != nil {
		return own // none shared yet, or the database is away: what this instance knows
	}
	var sh sharedStatus
	s.mu.Lock()
	mine := s.shared
	s.mu.Unlock()
	if json.Unmarshal([]byte(v), &sh) != nil || !sh.At.After(mine) {
		return own
	}
	st := sh.Status
	if st.Running && s.now().Sub(sh.At) > leaseTTL {
		st.Running = false // the instance that scanned stopped renewing its lease: it is gone
	}
	st.Folders = own.Folders
	return st
}

// share writes this instance's status for the others; a failure only
// leaves them showing an older one.
func (s *Scanner) share(ctx context.Context) {
	if s.Shared == nil {
		return
	}
	st := s.own()
	st.Folders = nil
	at := s.now()
	b, err := json.Marshal(sharedStatus{Status: st, At: at})
	if err == nil {
		err = s.Shared.SetSetting(context.WithoutCancel(ctx), statusSetting, string(b))
	}
	if err != nil {
		s.Logger.Warn("library: sharing the scan status", "err", err)
		return
	}
	s.mu.Lock()
	s.shared = at
	s.mu.Unlock()
}

// fail records a file the scan could not import; the scan goes on. A
// file that failed before (the watcher reads a broken file again with
// every change beside it) is counted once, with its latest reason.
func (s *Scanner) fail(path, reason string) {
	s.Logger.Warn("library file not imported", "path", path, "reason", reason)
	s.count(func(st *musicify.ScanStatus) {
		for i := range st.Failures {
			if st.Failures[i].Path == path {
				st.Failures[i].Reason = reason
				return
			}
		}
		st.Failed++
		st.Failures = append(st.Failures, musicify.ScanFailure{Path: path, Reason: reason})
		if len(st.Failures) > maxFailures {
			st.Failures = st.Failures[len(st.Failures)-maxFailures:]
		}
	})
}

// imported forgets the failure of a file that is imported now: one read
// while it was still being copied in, say.
func (s *Scanner) imported(path string) {
	s.count(func(st *musicify.ScanStatus) {
		for i := range st.Failures {
			if st.Failures[i].Path == path {
				st.Failures = slices.Delete(st.Failures, i, i+1)
				st.Failed--
				return
			}
		}
	})
}
