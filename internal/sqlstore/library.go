package sqlstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.LibraryStore = (*DB)(nil)

func (d *DB) LibraryFolder(ctx context.Context, path string) (*musicify.LibraryFolder, error) {
	if _, err := d.exec(ctx, `INSERT INTO library_folders (id, path, created_at) VALUES (?, ?, ?)
		ON CONFLICT (path) DO NOTHING`, musicify.NewID(), path, toMillis(d.Now())); err != nil {
		return nil, fmt.Errorf("adding library folder: %w", err)
	}
	f := musicify.LibraryFolder{Path: path}
	if err := d.queryRow(ctx, `SELECT id FROM library_folders WHERE path = ?`, path).Scan(&f.ID); err != nil {
		return nil, fmt.Errorf("reading library folder: %w", err)
	}
	return &f, nil
}

func (d *DB) AddLibrarySong(ctx context.Context, s *musicify.Song, tags musicify.TrackTags, jobs ...*musicify.Job) error {
	d.newLibrarySong(s)
	err := d.WithTx(ctx, func(tx *Tx) error {
		if err := d.insertLibrarySong(ctx, tx, s, tags, jobs, nil); err != nil {
			return err
		}
		if err := d.dialect.index(ctx, tx, musicify.KindSong, s.ID); err != nil {
			return err
		}
		return tx.songAdded(ctx, s.ID)
	})
	return wrap(err, "importing song")
}

// AddLibrarySongs writes a batch in one transaction: a first scan of
// 10,000 files spent most of its time on a transaction per file. The
// artist and album rows are looked up once a batch, and the search index
// and song.added events written for the batch at once. When the batch
// fails, its songs are stored one by one, so only the bad one fails.
func (d *DB) AddLibrarySongs(ctx context.Context, songs []musicify.LibraryImport) []error {
	errs := make([]error, len(songs))
	if len(songs) == 0 {
		return errs
	}
	ids := make([]string, len(songs))
	for i, in := range songs {
		d.newLibrarySong(in.Song)
		ids[i] = in.Song.ID
	}
	err := d.WithTx(ctx, func(tx *Tx) error {
		cache := &placeCache{artists: map[string]string{}, albums: map[albumKey]string{}}
		for _, in := range songs {
			if err := d.insertLibrarySong(ctx, tx, in.Song, in.Tags, in.Jobs, cache); err != nil {
				return err
			}
		}
		if err := d.indexSongs(ctx, tx, ids); err != nil {
			return err
		}
		return tx.songsAdded(ctx, ids)
	})
	if err == nil {
		return errs
	}
	if ctx.Err() != nil || len(songs) == 1 {
		for i := range errs {
			errs[i] = wrap(err, "importing song")
		}
		return errs
	}
	for i, in := range songs {
		errs[i] = d.AddLibrarySong(ctx, in.Song, in.Tags, in.Jobs...)
	}
	return errs
}

// newLibrarySong fills in what every imported song has.
func (d *DB) newLibrarySong(s *musicify.Song) {
	if s.Created.IsZero() {
		s.Created = d.Now().UTC().Truncate(time.Millisecond)
	}
	if s.Transcript == "" {
		s.Transcript = musicify.TranscriptNone
	}
	s.UserID = musicify.LibraryUserID
}

// insertLibrarySong writes a song's rows but its search document and event.
func (d *DB) insertLibrarySong(ctx context.Context, tx *Tx, s *musicify.Song, tags musicify.TrackTags,
	jobs []*musicify.Job, cache *placeCache) error {
	credits, err := tx.placeTags(ctx, s, tags, cache)
	if err != nil {
		return err
	}
	if err := tx.insertSong(ctx, s); err != nil {
		return err
	}
	if err := tx.setCredits(ctx, s.ID, credits); err != nil {
		return err
	}
	if err := tx.setGenres(ctx, s.ID, tags.Genres); err != nil {
		return err
	}
	for _, j := range jobs {
		if err := d.insertJob(ctx, tx, j); err != nil {
			return err
		}
	}
	return nil
}

// placeCache remembers the artist and album rows one transaction ensured,
// so a batch of an album's songs asks for them once.
type placeCache struct {
	artists map[string]string // by name key
	albums  map[albumKey]string
	sorts   map[string]string // sort names written, by artist id
}

// albumKey is everything EnsureAlbum writes: asking again with the same
// changes nothing.
type albumKey struct {
	artistID, name, genre, mbid string
	year                        int
	compilation                 bool
}

func (t *Tx) ensureArtist(ctx context.Context, c *placeCache, name, mbid string) (string, error) {
	if c == nil {
		return t.EnsureArtist(ctx, name, mbid)
	}
	key := musicify.NameKey(strings.Join(strings.Fields(name), " "))
	if id, ok := c.artists[key]; ok {
		return id, nil // the row is there; a new mbid is only written with a new row
	}
	id, err := t.EnsureArtist(ctx, name, mbid)
	if err == nil {
		c.artists[key] = id
	}
	return id, err
}

func (t *Tx) ensureAlbum(ctx context.Context, c *placeCache, a musicify.Album) (string, error) {
	if c == nil {
		return t.EnsureAlbum(ctx, a)
	}
	key := albumKey{artistID: a.ArtistID, name: musicify.NameKey(strings.Join(strings.Fields(a.Name), " ")),
		genre: a.Genre, mbid: a.MBID, year: a.Year, compilation: a.Compilation}
	if id, ok := c.albums[key]; ok {
		return id, nil
	}
	id, err := t.EnsureAlbum(ctx, a)
	if err == nil {
		c.albums[key] = id
	}
	return id, err
}

// indexSongs writes the search documents of a batch of songs.
func (d *DB) indexSongs(ctx context.Context, q querier, ids []string) error {
	if pg, ok := d.dialect.(*postgres); ok {
		for start := 0; start < len(ids); start += indexBatch {
			if err := pg.indexIDs(ctx, q, musicify.KindSong, ids[start:min(start+indexBatch, len(ids))]); err != nil {
				return err
			}
		}
		return nil
	}
	for _, id := range ids {
		if err := d.dialect.index(ctx, q, musicify.KindSong, id); err != nil {
			return err
		}
	}
	return nil
}

// songsAdded emits song.added for each of a batch, in its order, reading
// the songs in one query.
func (t *Tx) songsAdded(ctx context.Context, ids []string) error {
	for start := 0; start < len(ids); start += 500 {
		batch := ids[start:min(start+500, len(ids))]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		rows, err := t.query(ctx, `SELECT `+songColumns+songFrom+` WHERE s.id IN (`+
			strings.TrimSuffix(strings.Repeat("?, ", len(batch)), ", ")+`)`, args...)
		if err != nil {
			return err
		}
		byID := make(map[string]*musicify.Song, len(batch))
		for rows.Next() {
			s, err := scanSong(rows)
			if err != nil {
				rows.Close()
				return err
			}
			byID[s.ID] = s
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		songs := make([]*musicify.Song, 0, len(byID))
		for _, s := range byID {
			songs = append(songs, s)
		}
		if err := fillArtists(ctx, t, songs); err != nil {
			return err
		}
		for _, id := range batch {
			s := byID[id]
			if s == nil {
				return fmt.Errorf("song %s is not there after its insert", id)
			}
			if err := fillArtists(ctx, t, []*musicify.Song{s}); err != nil {
				return err
			}
			data, err := songData(s)
			if err != nil {
				return err
			}
			t.emit(musicify.Event{Type: musicify.EventSongAdded, SongID: s.ID, UserID: s.UserID, Data: data})
		}
	}
	return nil
}

// placeTags files a song under the artist and album its tags name: the
// first main artist is the song's, the first album artist (Various
// Artists for a compilation, else the main artist) owns the album. It
// returns every credit, for setCredits once the song row is written.
func (t *Tx) placeTags(ctx context.Context, s *musicify.Song, tags musicify.TrackTags, cache *placeCache) ([]songCredit, error) {
	artist := strings.TrimSpace(tags.Artist)
	list := creditsOf(tags)
	if artist == "" {
		artist = list[0].Name
	}
	credits := make([]songCredit, 0, len(list))
	position := map[string]int{}
	var artistID, albumArtistID string
	for _, c := range list {
		id, err := t.ensureArtist(ctx, cache, c.Name, c.MBID)
		if err != nil {
			return nil, err
		}
		if c.SortName != "" {
			if err := t.setArtistSort(ctx, cache, id, c.SortName); err != nil {
				return nil, err
			}
		}
		if artistID == "" && c.Role == musicify.RoleArtist {
			artistID = id
		}
		if albumArtistID == "" && c.Role == musicify.RoleAlbumArtist {
			albumArtistID = id
		}
		credits = append(credits, songCredit{artistID: id, role: c.Role, subRole: c.SubRole, position: position[c.Role]})
		position[c.Role]++
	}
	if albumArtistID == "" {
		albumArtistID = artistID
	}
	album := strings.TrimSpace(tags.Album)
	if album == "" {
		album = "Unknown Album"
	}
	genre := ""
	if len(tags.Genres) > 0 {
		genre = tags.Genres[0]
	}
	albumID, err := t.ensureAlbum(ctx, cache, musicify.Album{Name: album, ArtistID: albumArtistID, Year: tags.Year,
		Genre: genre, Compilation: tags.Compilation, MBID: tags.MBAlbumID})
	if err != nil {
		return nil, err
	}
	s.Artist, s.ArtistID, s.AlbumID, s.Album = artist, artistID, albumID, tags.Album
	disc := max(tags.Disc, 1) // a file that names no disc is on the first
	s.Title, s.Track, s.Disc, s.Year, s.Genre, s.MBID = tags.Title, tags.Track, disc, tags.Year, genre, tags.MBTrackID
	s.ReplayGainTrack, s.ReplayGainAlbum, s.SyncedLyrics = tags.ReplayGainTrack, tags.ReplayGainAlbum, tags.SyncedLyrics
	if s.Text == "" {
		s.Text = tags.Lyrics
	}
	return credits, nil
}

// setGenres replaces a song's genres.
func (t *Tx) setGenres(ctx context.Context, songID string, genres []string) error {
	if _, err := t.exec(ctx, `DELETE FROM song_genres WHERE song_id = ?`, songID); err != nil {
		return fmt.Errorf("storing genres: %w", err)
	}
	seen := map[string]bool{}
	for _, g := range genres {
		g = strings.Join(strings.Fields(g), " ")
		key := musicify.NameKey(g)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		if _, err := t.exec(ctx, `INSERT INTO song_genres (song_id, genre, genre_key) VALUES (?, ?, ?)`, songID, g, key); err != nil {
			return fmt.Errorf("storing genres: %w", err)
		}
	}
	return nil
}

// LibraryFiles reads one folder's rows in a single query: a rescan of
// 10,000 unchanged files compares them in memory.
func (d *DB) LibraryFiles(ctx context.Context, folderID string) ([]musicify.LibraryFile, error) {
	prefix := folderID + "/"
	rows, err := d.query(ctx, `SELECT id, COALESCE(album_id, ''), library_path, size, file_mtime, fingerprint, mbid,
		missing_at IS NOT NULL, tags_version FROM songs WHERE user_id = ? AND library_path LIKE ?`,
		musicify.LibraryUserID, prefix+"%") // folder ids are hex: no wildcard in them
	if err != nil {
		return nil, fmt.Errorf("listing library files: %w", err)
	}
	defer rows.Close()
	var out []musicify.LibraryFile
	for rows.Next() {
		var f musicify.LibraryFile
		var mtime int64
		if err := rows.Scan(&f.SongID, &f.AlbumID, &f.Path, &f.Size, &mtime, &f.Fingerprint, &f.MBID, &f.Missing, &f.TagsVersion); err != nil {
			return nil, fmt.Errorf("listing library files: %w", err)
		}
		f.Path = strings.TrimPrefix(f.Path, prefix)
		if mtime != 0 {
			f.ModTime = fromMillis(mtime)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing library files: %w", err)
	}
	return out, nil
}

// UpdateLibrarySong files the song anew under what its tags say now. The
// row (and so its listens, likes and playlist places) stays; a transcript
// already made is kept unless the file now carries lyrics.
func (d *DB) UpdateLibrarySong(ctx context.Context, s *musicify.Song, tags musicify.TrackTags) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		s.Text = ""
		credits, err := tx.placeTags(ctx, s, tags, nil)
		if err != nil {
			return err
		}
		var libraryPath any
		if s.LibraryPath != "" {
			libraryPath = s.LibraryPath
		}
		var mtime int64
		if !s.ModTime.IsZero() {
			mtime = toMillis(s.ModTime)
		}
		res, err := tx.exec(ctx, `UPDATE songs SET name = ?, format = ?, duration = ?, bitrate = ?, size = ?, sha256 = ?,
			audio_key = ?, body_text = CASE WHEN ? <> '' THEN ? ELSE body_text END, tag_title = ?, tag_album = ?,
			artist_name = ?, artist_id = ?, album_id = ?, track_no = ?, disc_no = ?, year = ?, genre = ?, mbid = ?,
			replaygain_track = ?, replaygain_album = ?, lyrics_synced = ?, library_path = ?, file_mtime = ?,
			fingerprint = ?, missing_at = NULL
			WHERE id = ? AND user_id = ?`,
			s.Name, s.Format, s.Duration, s.Bitrate, s.Size, s.SHA256, s.AudioKey, s.Text, s.Text, s.Title, s.Album,
			s.Artist, nullable(s.ArtistID), nullable(s.AlbumID), s.Track, s.Disc, s.Year, s.Genre, s.MBID,
			s.ReplayGainTrack, s.ReplayGainAlbum, s.SyncedLyrics, libraryPath, mtime, s.Fingerprint,
			s.ID, musicify.LibraryUserID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This library song does not exist.")
		}
		if err := tx.setSongDetails(ctx, s); err != nil {
			return err
		}
		if err := tx.setCredits(ctx, s.ID, credits); err != nil {
			return err
		}
		if err := tx.setGenres(ctx, s.ID, tags.Genres); err != nil {
			return err
		}
		if err := d.dialect.index(ctx, tx, musicify.KindSong, s.ID); err != nil {
			return err
		}
		return tx.songAdded(ctx, s.ID)
	})
	return wrap(err, "updating library song")
}

// MarkLibraryMissing hides songs whose files are gone; recommendations
// drop them (song.removed) while history, likes and playlists keep them.
func (d *DB) MarkLibraryMissing(ctx context.Context, songIDs []string) error {
	now := toMillis(d.Now())
	for start := 0; start < len(songIDs); start += 500 {
		batch := songIDs[start:min(start+500, len(songIDs))]
		err := d.WithTx(ctx, func(tx *Tx) error {
			for _, id := range batch {
				res, err := tx.exec(ctx, `UPDATE songs SET missing_at = ? WHERE id = ? AND user_id = ? AND missing_at IS NULL`,
					now, id, musicify.LibraryUserID)
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n == 0 {
					continue
				}
				if err := d.dialect.index(ctx, tx, musicify.KindSong, id); err != nil {
					return err
				}
				tx.emit(musicify.Event{Type: musicify.EventSongRemoved, SongID: id})
			}
			return nil
		})
		if err != nil {
			return wrap(err, "marking library songs missing")
		}
	}
	return nil
}

// SetAlbumCover sets a cover only where none is, so two scans racing for
// one album keep one cover (the loser deletes its own).
func (d *DB) SetAlbumCover(ctx context.Context, albumID, coverKey string) (bool, error) {
	res, err := d.exec(ctx, `UPDATE albums SET cover_key = ? WHERE id = ? AND cover_key = ''`, coverKey, albumID)
	if err != nil {
		return false, fmt.Errorf("setting album cover: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
