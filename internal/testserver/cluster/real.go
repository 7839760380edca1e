package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/musicify/musicify/internal/testsmtp"
)

// setupReal prepares what a self-hoster's server has around it, for -real:
// a music folder, written by genlibrary -tricky (into staging, then copied
// in but for the held-back paths), a real SMTP server for the sign-up
// mails (so there is no dev outbox), and a metrics token. It returns the
// instances' settings.
func (c *cluster) setupReal(o options) ([]string, error) {
	var err error
	if c.smtp, err = testsmtp.Listen("127.0.0.1:0"); err != nil {
		return nil, fmt.Errorf("starting the SMTP server: %w", err)
	}
	c.stops = append(c.stops, func() { _ = c.smtp.Close() })
	token := make([]byte, 32)
	if _, err := rand.Read(token); err != nil {
		return nil, err
	}
	c.metrics = hex.EncodeToString(token)

	c.staging, c.library = filepath.Join(c.dir, "generated"), filepath.Join(c.dir, "music")
	gen := exec.Command(o.genlibrary, "-tricky", "-out", c.staging)
	if out, err := gen.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", o.genlibrary, err, out)
	}
	for _, h := range o.hold {
		if !filepath.IsLocal(h) {
			return nil, fmt.Errorf("-hold %q is not a path inside the library", h)
		}
		if _, err := os.Stat(filepath.Join(c.staging, h)); err != nil {
			return nil, fmt.Errorf("-hold %q: the generated library has no such path", h)
		}
	}
	skip := func(rel string) bool { return slices.Contains(o.hold, rel) }
	if err := copyTree(c.staging, c.library, skip); err != nil {
		return nil, err
	}
	return []string{
		"MUSICIFY_DEMO=false",
		"MUSICIFY_SMTP_URL=" + c.smtp.URL().String(),
		"MUSICIFY_MAIL_FROM=Musicify <music@example.com>",
		"MUSICIFY_METRICS_TOKEN=" + c.metrics,
		"MUSICIFY_LIBRARY_DIRS=" + c.library,
	}, nil
}

// copyTree copies the files under src (a file or a directory) to dst, as
// `cp -r` does, passing over the paths (relative to src) skip names.
func copyTree(src, dst string, skip func(rel string) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if rel != "." && skip(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		return copyFile(p, to)
	})
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
