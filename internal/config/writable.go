package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// CheckWritable makes the directories the server writes to and proves it can
// write there, so a read-only mount or a wrong owner stops the start with one
// line instead of failing the first upload.
func (c *Config) CheckWritable() error {
	dbDir := "" // PostgreSQL: no file of ours
	if c.DatabasePath != "" {
		dbDir = filepath.Dir(c.DatabasePath)
	}
	for _, d := range []struct{ name, dir string }{
		{"MUSICIFY_DATA_DIR", c.DataDir},
		{"MUSICIFY_DATABASE_URL", dbDir},
		{"MUSICIFY_STORAGE_URL", c.MediaDir},
		{"MUSICIFY_DATA_DIR", c.TempDir},
	} {
		if d.dir == "" { // media in S3
			continue
		}
		if err := writable(d.dir); err != nil {
			return dirError(d.name, d.dir, err)
		}
	}
	return nil
}

func writable(dir string) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".musicify-write-check-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// dirError names the variable and says plainly what is wrong with its directory.
func dirError(name, dir string, err error) error {
	var pe *fs.PathError
	cause := err
	if errors.As(err, &pe) {
		cause = pe.Err
	}
	if errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission) {
		return &Error{Var: name, Msg: fmt.Sprintf("%s is read-only for this process (%v); musicify must be able to write its database and media there", dir, cause)}
	}
	return &Error{Var: name, Msg: fmt.Sprintf("cannot write to %s: %v", dir, cause)}
}
