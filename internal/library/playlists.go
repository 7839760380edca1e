package library

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlistfile"
)

// Playlist files (.m3u, .m3u8, .pls, .xspf) in the library folders become
// playlists of the first admin, kept in step with their files as
// Navidrome keeps them: a changed file changes its playlist, a removed
// file removes it. Which file made which playlist is kept in the settings
// (playlistsSetting), so a rescan updates the playlist rather than adding
// another, and a playlist whose file did not change is not touched.

// playlistsSetting names the setting that maps each playlist file
// ("<folder id>/<path>") to its playlist.
const playlistsSetting = "library.playlists"

// maxPlaylistFile bounds what is read of a playlist file: 100,000 entries
// fit in far less.
const maxPlaylistFile = 8 << 20

// playlistStore is what syncing playlist files needs of the store
// besides Store; sqlstore.DB has all of it. A Store without it (a test's
// double) imports no playlist files.
type playlistStore interface {
	musicify.PlaylistStore
	Settings
	Users(ctx context.Context) ([]*musicify.User, error)
}

// playlistFile is what is remembered of an imported playlist file.
type playlistFile struct {
	Playlist string `json:"playlist"`
	Size     int64  `json:"size"`
	ModTime  int64  `json:"mtime"` // unix ms
	// Unmatched entries are tried again at every scan: their songs may
	// have been imported since.
	Unmatched int `json:"unmatched,omitempty"`
}

// syncPlaylists imports the playlist files of the folders scanned (only:
// the watcher's dirs by folder; nil is every folder). It runs after the
// songs are in, so the entries find them. Failures are the scan's.
func (s *Scanner) syncPlaylists(ctx context.Context, only map[string][]string) {
	store, ok := s.Store.(playlistStore)
	if !ok || ctx.Err() != nil {
		return
	}
	if err := s.Supervisor.Do("library.playlists", func() error { return s.syncPlaylistFiles(ctx, store, only) }); err != nil {
		s.Logger.Error("library: importing playlist files", "err", err)
	}
}

func (s *Scanner) syncPlaylistFiles(ctx context.Context, store playlistStore, only map[string][]string) error {
	known := map[string]playlistFile{}
	if raw, err := store.Setting(ctx, playlistsSetting); err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return err
	} else if raw != "" {
		if err := json.Unmarshal([]byte(raw), &known); err != nil {
			s.Logger.Warn("library: the playlist files' record is unreadable; starting it anew", "err", err)
		}
	}
	var library []playlistfile.LibrarySong
	type folderFiles struct {
		folder *musicify.LibraryFolder
		root   string
		dirs   []string
		files  []foundPlaylist
	}
	var scanned []folderFiles
	for _, root := range s.Folders {
		folder, err := s.Store.LibraryFolder(ctx, root)
		if err != nil {
			return err
		}
		files, err := s.Store.LibraryFiles(ctx, folder.ID)
		if err != nil {
			return err
		}
		for _, f := range files {
			if !f.Missing {
				library = append(library, playlistfile.LibrarySong{SongID: f.SongID, FolderID: folder.ID, Path: f.Path})
			}
		}
		if only != nil && only[root] == nil {
			continue
		}
		dirs := only[root]
		if len(dirs) == 0 {
			dirs = []string{"."}
		}
		found, err := walkPlaylists(root, dirs)
		if err != nil {
			return err
		}
		if len(found) == 0 && slices.Equal(dirs, []string{"."}) && emptyDir(root) {
			continue // an unmounted disk: its playlists stay until it is back
		}
		scanned = append(scanned, folderFiles{folder, root, dirs, found})
	}
	owner, err := firstAdmin(ctx, store)
	if err != nil || owner == nil {
		if err == nil {
			s.Logger.Info("library: playlist files wait for an admin account to own them")
		}
		return err
	}
	matcher := &playlistfile.Matcher{Library: library, Search: s.Search, Songs: s.Songs}
	changed := false
	for _, ff := range scanned {
		seen := map[string]bool{}
		for _, f := range ff.files {
			key := ff.folder.ID + "/" + f.rel
			seen[key] = true
			rec, had := known[key]
			if had && rec.Size == f.size && rec.ModTime == f.mtime && rec.Unmatched == 0 {
				continue // unchanged, every entry found
			}
			rec, err := s.importPlaylistFile(ctx, store, matcher, owner, ff.folder, ff.root, f, rec)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				s.fail(f.rel, err.Error())
				continue
			}
			known[key], changed = rec, true
		}
		for key, rec := range known {
			rel, ok := strings.CutPrefix(key, ff.folder.ID+"/")
			if !ok || seen[key] || !under(rel, ff.dirs) {
				continue
			}
			if err := store.DeletePlaylist(ctx, rec.Playlist); err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
				return err
			}
			s.Logger.Info("library: playlist file removed; its playlist too", "path", rel)
			delete(known, key)
			changed = true
		}
	}
	if !changed {
		return nil
	}
	raw, err := json.Marshal(known)
	if err != nil {
		return err
	}
	return store.SetSetting(ctx, playlistsSetting, string(raw))
}

// foundPlaylist is a playlist file the walk saw.
type foundPlaylist struct {
	rel, abs string
	size     int64
	mtime    int64
}

// walkPlaylists lists the playlist files under dirs of root, skipping
// hidden folders as the song walk does.
func walkPlaylists(root string, dirs []string) ([]foundPlaylist, error) {
	var out []foundPlaylist
	for _, dir := range dirs {
		start := filepath.Join(root, filepath.FromSlash(dir))
		err := filepath.WalkDir(start, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				if p == start && errors.Is(err, fs.ErrNotExist) {
					return filepath.SkipDir
				}
				if d != nil && d.IsDir() {
					return filepath.SkipDir
				}
				return nil // the song walk reports what cannot be read
			}
			name := d.Name()
			if d.IsDir() {
				if p != start && strings.HasPrefix(name, ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasPrefix(name, ".") || !d.Type().IsRegular() || !playlistfile.IsPlaylistName(name) {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return nil
			}
			out = append(out, foundPlaylist{rel: filepath.ToSlash(rel), abs: p, size: info.Size(), mtime: info.ModTime().UnixMilli()})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func emptyDir(root string) bool {
	entries, err := os.ReadDir(root)
	return err != nil || len(entries) == 0
}

// firstAdmin owns the library's playlists, as Navidrome gives them to its
// first admin; nil when there is no admin yet.
func firstAdmin(ctx context.Context, store playlistStore) (*musicify.User, error) {
	users, err := store.Users(ctx)
	if err != nil {
		return nil, err
	}
	var first *musicify.User
	for _, u := range users {
		if u.Admin && u.ID != musicify.LibraryUserID && (first == nil || u.CreatedAt.Before(first.CreatedAt)) {
			first = u
		}
	}
	return first, nil
}

// importPlaylistFile reads one playlist file and makes its playlist (or
// brings the one it made before up to date), named after the file.
func (s *Scanner) importPlaylistFile(ctx context.Context, store playlistStore, m *playlistfile.Matcher, owner *musicify.User,
	folder *musicify.LibraryFolder, root string, f foundPlaylist, rec playlistFile) (playlistFile, error) {
	if f.size > maxPlaylistFile {
		return rec, fmt.Errorf("a playlist file over %d MB is not imported", maxPlaylistFile>>20)
	}
	data, err := os.ReadFile(f.abs)
	if err != nil {
		return rec, errors.New("cannot be read: " + reason(err))
	}
	entries, _, err := playlistfile.Parse(data)
	if err != nil {
		return rec, err
	}
	results, err := m.Match(ctx, entries, playlistfile.Base{FolderID: folder.ID, Dir: path.Dir(f.rel)})
	if err != nil {
		return rec, err
	}
	var ids, missed []string
	inList := map[string]bool{}
	for _, r := range results {
		switch {
		case r.SongID == "":
			missed = append(missed, describeEntry(r.Entry))
		case !inList[r.SongID]: // a playlist holds a song once
			inList[r.SongID] = true
			ids = append(ids, r.SongID)
		}
	}
	var p *musicify.Playlist
	if rec.Playlist != "" {
		p, err = store.Playlist(ctx, rec.Playlist)
		if musicify.ErrorCode(err) == musicify.ENOTFOUND {
			if rec.Size == f.size && rec.ModTime == f.mtime {
				// Deleted by its owner while entries were still being looked
				// for: left deleted until the file changes.
				rec.Unmatched = 0
				return rec, nil
			}
			p, err = nil, nil // deleted, and the file changed since: made anew
		}
		if err != nil {
			return rec, err
		}
	}
	if p == nil {
		if p, err = createNamed(ctx, store, owner, playlistName(f.rel)); err != nil {
			return rec, err
		}
	}
	if err := setSongs(ctx, store, p.ID, ids); err != nil {
		return rec, err
	}
	rec = playlistFile{Playlist: p.ID, Size: f.size, ModTime: f.mtime, Unmatched: len(missed)}
	if len(missed) > 0 {
		s.fail(f.rel, unmatchedReason(len(entries), missed))
	} else {
		s.imported(f.rel)
	}
	s.Logger.Info("library: playlist file imported", "path", f.rel, "playlist", p.ID, "songs", len(ids), "unmatched", len(missed))
	return rec, nil
}

// playlistName is the file's name without its extension, within the
// bounds of a playlist name.
func playlistName(rel string) string {
	name := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	if r := []rune(name); len(r) > musicify.PlaylistNameMax-4 {
		name = string(r[:musicify.PlaylistNameMax-4])
	}
	if strings.TrimSpace(name) == "" {
		name = "Playlist"
	}
	return name
}

// createNamed creates the playlist, numbering the name past the owner's
// playlists of the same name ("Mix (2)").
func createNamed(ctx context.Context, store playlistStore, owner *musicify.User, name string) (*musicify.Playlist, error) {
	for n := 1; ; n++ {
		try := name
		if n > 1 {
			try = fmt.Sprintf("%s (%d)", name, n)
		}
		p := &musicify.Playlist{Name: try, UserID: owner.ID, Owner: owner.Username}
		err := store.CreatePlaylist(ctx, p)
		if musicify.ErrorCode(err) == musicify.ECONFLICT && n < 100 {
			continue
		}
		return p, err
	}
}

// setSongs makes the playlist hold ids in that order: what left goes,
// what is new is added, then the order is set.
func setSongs(ctx context.Context, store playlistStore, playlistID string, ids []string) error {
	have, err := store.PlaylistSongs(ctx, playlistID)
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	had := map[string]bool{}
	for _, s := range have {
		had[s.ID] = true
		if !want[s.ID] {
			if err := store.RemovePlaylistSong(ctx, playlistID, s.ID); err != nil {
				return err
			}
		}
	}
	for _, id := range ids {
		if !had[id] {
			if err := store.AddPlaylistSong(ctx, playlistID, id); err != nil && musicify.ErrorCode(err) != musicify.ECONFLICT {
				return err
			}
		}
	}
	if len(ids) < 2 {
		return nil
	}
	return store.ReorderPlaylist(ctx, playlistID, ids)
}

// describeEntry names an entry for a person: its line, its title, its path.
func describeEntry(e playlistfile.Entry) string {
	where := fmt.Sprintf("entry %d", e.Index)
	if e.Line > 0 {
		where = fmt.Sprintf("line %d", e.Line)
	}
	what := e.Location
	if e.Title != "" {
		what = strings.TrimSpace(e.Artist + " – " + e.Title)
		what = strings.TrimPrefix(what, "– ")
		if e.Location != "" {
			what += " (" + e.Location + ")"
		}
	}
	return where + ": " + what
}

// unmatchedReason is the admin page's line for a playlist file some of
// whose entries were not found: how many, and the first few.
func unmatchedReason(total int, missed []string) string {
	const shown = 5
	list := missed
	if len(list) > shown {
		list = list[:shown]
	}
	more := ""
	if len(missed) > shown {
		more = fmt.Sprintf("; and %d more", len(missed)-shown)
	}
	return fmt.Sprintf("playlist imported, but %d of %d entries are not in the library: %s%s",
		len(missed), total, strings.Join(list, "; "), more)
}
