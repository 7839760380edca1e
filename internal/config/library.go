package config

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// libraryDirs reads a ':'-separated list of music folders; each must be a
// readable directory now, so a typo stops the start instead of importing
// nothing.
func (p *parser) libraryDirs(name string) []string {
	v := p.str(name, "")
	if v == "" {
		return nil
	}
	var dirs []string
	seen := map[string]bool{}
	for _, d := range strings.Split(v, ":") {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		abs, err := filepath.Abs(d)
		if err != nil {
			p.fail(name, fmt.Sprintf("%q is not a usable path: %v", d, err))
			return nil
		}
		info, err := os.Stat(abs)
		if err != nil {
			p.fail(name, fmt.Sprintf("folder %q cannot be read: %v", d, reason(err)))
			return nil
		}
		if !info.IsDir() {
			p.fail(name, fmt.Sprintf("%q is not a folder", d))
			return nil
		}
		f, err := os.Open(abs)
		if err == nil {
			_, err = f.Readdirnames(1)
			f.Close()
		}
		if err != nil && !errors.Is(err, io.EOF) {
			p.fail(name, fmt.Sprintf("folder %q cannot be read: %v", d, reason(err)))
			return nil
		}
		if !seen[abs] {
			seen[abs] = true
			dirs = append(dirs, abs)
		}
	}
	return dirs
}

// artistList reads a '|'-separated list of artist separators or names,
// spaces kept (" & " is not "&"); unset is nil (the defaults) and "none"
// an empty list.
func (p *parser) artistList(name string) []string {
	v := p.getenv(name) // untrimmed: " x " keeps its spaces
	if strings.TrimSpace(v) == "" {
		return nil
	}
	if strings.TrimSpace(v) == "none" {
		return []string{}
	}
	out := []string{}
	for _, item := range strings.Split(v, "|") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		if len(item) > 200 {
			p.fail(name, fmt.Sprintf("%q is longer than 200 characters", item[:40]+"…"))
			return nil
		}
		out = append(out, item)
	}
	if len(out) == 0 {
		p.fail(name, `lists nothing: separate the items with "|", or write "none"`)
	}
	return out
}

// duration reads a Go duration ("90s", "1h"); "0" turns the feature off.
func (p *parser) duration(name string, def time.Duration) time.Duration {
	v := p.str(name, "")
	if v == "" {
		return def
	}
	if v == "0" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		p.fail(name, fmt.Sprintf("%q is not a duration like 30m or 1h (0 turns it off)", v))
	}
	return d
}

// reason drops the path a *PathError repeats.
func reason(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// apart refuses a library folder inside the data or media dir, or holding
// it: the orphan sweep would delete music it does not know, and the
// scanner would import our own files.
func (p *parser) apart(name string, dirs []string, own ...string) {
	for _, o := range own {
		if o == "" {
			continue
		}
		abs, err := filepath.Abs(o)
		if err != nil {
			continue
		}
		for _, d := range dirs {
			if within(d, abs) || within(abs, d) {
				p.fail(name, fmt.Sprintf("folder %q overlaps Musicify's own data in %q: keep music and data apart", d, o))
				return
			}
		}
	}
}

func within(parent, child string) bool {
	rel, err := filepath.Rel(parent, child)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
