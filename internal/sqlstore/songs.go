package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.SongStore = (*DB)(nil)

const songColumns = `s.id, s.user_id, s.artist_name, u.username, COALESCE(s.artist_id, ''), COALESCE(s.album_id, ''),
	s.name, s.format, s.duration, s.bitrate, s.size, s.sha256,
	s.audio_key, s.stream_key, s.cover_key, s.body_text, s.loudness, s.tag_title, s.tag_album,
	s.track_no, s.disc_no, s.year, s.genre, s.mbid, s.replaygain_track, s.replaygain_album, s.lyrics_synced,
	COALESCE(s.library_path, ''), s.file_mtime, s.missing_at IS NOT NULL, s.view_count, s.created_at, s.transcript_state,
	` + detailColumns

// songJoins follows songColumns after the table that holds s.
const songJoins = ` JOIN users u ON u.id = s.user_id`

const songFrom = ` FROM songs s` + songJoins

// listed leaves out the songs whose library file went missing.
const listed = `s.missing_at IS NULL`

// CreateSong inserts s and the jobs about it in one transaction, so no
// crash leaves a song that nothing will ever analyse; its id is chosen by
// the caller, who names the blobs after it.
func (d *DB) CreateSong(ctx context.Context, s *musicify.Song, jobs ...*musicify.Job) error {
	_, err := d.CreateUpload(ctx, s, 0, jobs...)
	return err
}

// CreateUpload is CreateSong under a quota (0: none): the owner's row is
// locked on PostgreSQL (SQLite writes one at a time) while their uploads
// are summed, so parallel uploads are counted one after the other.
func (d *DB) CreateUpload(ctx context.Context, s *musicify.Song, quota int64, jobs ...*musicify.Job) (int64, error) {
	var used int64
	if s.Created.IsZero() {
		s.Created = d.Now().UTC().Truncate(time.Millisecond) // as stored
	}
	if s.Transcript == "" {
		s.Transcript = musicify.TranscriptNone
	}
	err := d.WithTx(ctx, func(tx *Tx) error {
		if quota > 0 {
			if err := d.lockUser(ctx, tx, s.UserID); err != nil {
				return err
			}
			if err := tx.queryRow(ctx, `SELECT COALESCE(SUM(size), 0) FROM songs WHERE user_id = ?`, s.UserID).Scan(&used); err != nil {
				return err
			}
			if used+s.Size > quota {
				return musicify.ErrOverQuota
			}
		}
		if err := tx.placeUpload(ctx, s); err != nil {
			return err
		}
		err := tx.insertSong(ctx, s)
		if _, ok := d.dialect.uniqueViolation(err); ok {
			return musicify.Errorf(musicify.ECONFLICT, "You already uploaded this file.")
		} else if err != nil {
			return err
		}
		if err := tx.uploadCredits(ctx, s); err != nil {
			return err
		}
		if s.Genre != "" {
			if err := tx.setGenres(ctx, s.ID, []string{s.Genre}); err != nil {
				return err
			}
		}
		for _, j := range jobs {
			if err := d.insertJob(ctx, tx, j); err != nil {
				return err
			}
		}
		if err := d.dialect.index(ctx, tx, musicify.KindSong, s.ID); err != nil {
			return err
		}
		return tx.songAdded(ctx, s.ID)
	})
	return used, wrap(err, "inserting song")
}

// insertSong writes every column of s; its artist and album rows exist.
func (t *Tx) insertSong(ctx context.Context, s *musicify.Song) error {
	var libraryPath any
	if s.LibraryPath != "" {
		libraryPath = s.LibraryPath
	}
	var mtime int64
	if !s.ModTime.IsZero() {
		mtime = toMillis(s.ModTime)
	}
	_, err := t.exec(ctx, `INSERT INTO songs (id, user_id, name, format, duration, bitrate, size, sha256,
		audio_key, stream_key, cover_key, body_text, loudness, tag_title, tag_album, view_count, created_at, transcript_state,
		artist_name, artist_id, album_id, track_no, disc_no, year, genre, mbid, replaygain_track, replaygain_album,
		lyrics_synced, library_path, file_mtime, fingerprint,
		sample_rate, bit_depth, channels, bpm, tag_details, tags_version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
		?, ?, ?, ?, ?, ?)`,
		s.ID, s.UserID, s.Name, s.Format, s.Duration, s.Bitrate, s.Size, s.SHA256, s.AudioKey, s.StreamKey,
		s.CoverKey, s.Text, s.Loudness, s.Title, s.Album, s.Count, toMillis(s.Created), s.Transcript,
		s.Artist, nullable(s.ArtistID), nullable(s.AlbumID), s.Track, s.Disc, s.Year, s.Genre, s.MBID,
		s.ReplayGainTrack, s.ReplayGainAlbum, s.SyncedLyrics, libraryPath, mtime, s.Fingerprint,
		s.Details.SampleRate, s.Details.BitDepth, s.Details.Channels, s.Details.BPM, tagDetails(s.Details), s.TagsVersion)
	return err
}

// detailColumns follow the others in songColumns: the stream, the tags
// that only show, the reader's version, and the tempo the analysis measured.
const detailColumns = `s.sample_rate, s.bit_depth, s.channels, s.bpm, s.tag_details, s.tags_version,
	COALESCE((SELECT sf.bpm FROM song_features sf WHERE sf.song_id = s.id), 0)`

// setSongDetails writes s.Details and s.TagsVersion of a library file
// read again (insertSong writes them with the rest of a new row).
func (t *Tx) setSongDetails(ctx context.Context, s *musicify.Song) error {
	d := s.Details
	_, err := t.exec(ctx, `UPDATE songs SET sample_rate = ?, bit_depth = ?, channels = ?, bpm = ?, tag_details = ?,
		tags_version = ? WHERE id = ?`, d.SampleRate, d.BitDepth, d.Channels, d.BPM, tagDetails(d), s.TagsVersion, s.ID)
	if err != nil {
		return fmt.Errorf("storing song details: %w", err)
	}
	return nil
}

// tagDetails is the tag_details column: the details without those that
// have columns of their own.
func tagDetails(d musicify.SongDetails) string {
	d.SampleRate, d.BitDepth, d.Channels, d.BPM = 0, 0, 0, 0
	js, err := json.Marshal(d)
	if err != nil { // strings and string lists always marshal
		return "{}"
	}
	return string(js)
}

// nullable stores "" as NULL, for optional references.
func nullable(id string) any {
	if id == "" {
		return nil
	}
	return id
}

// placeUpload files an upload under its uploader's artist row and under
// its album, a single named after it when the file names none.
func (t *Tx) placeUpload(ctx context.Context, s *musicify.Song) error {
	if s.ArtistID != "" {
		return nil
	}
	var username string
	if err := t.queryRow(ctx, `SELECT username FROM users WHERE id = ?`, s.UserID).Scan(&username); err != nil {
		return fmt.Errorf("reading uploader: %w", err)
	}
	artistID, artistName, err := t.uploaderArtist(ctx, s.UserID, username)
	if err != nil {
		return err
	}
	album := s.Album
	if strings.TrimSpace(album) == "" {
		album = s.Name
	}
	albumID, err := t.EnsureAlbum(ctx, musicify.Album{Name: album, ArtistID: artistID, Year: s.Year, Genre: s.Genre})
	if err != nil {
		return err
	}
	s.Artist, s.ArtistID, s.AlbumID = artistName, artistID, albumID
	return nil
}

// songAdded emits song.added with the song as the transaction sees it.
func (t *Tx) songAdded(ctx context.Context, id string) error {
	s, err := scanSong(t.queryRow(ctx, `SELECT `+songColumns+songFrom+` WHERE s.id = ?`, id))
	if err != nil {
		return err
	}
	if err := fillArtists(ctx, t, []*musicify.Song{s}); err != nil {
		return err
	}
	data, err := songData(s)
	if err != nil {
		return err
	}
	t.emit(musicify.Event{Type: musicify.EventSongAdded, SongID: s.ID, UserID: s.UserID, Data: data})
	return nil
}

// SongsToAnalyze lists the songs whose loudness is unknown and that have no
// job of kind: rows from before songs and jobs were created together.
func (d *DB) SongsToAnalyze(ctx context.Context, kind string) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE s.loudness IS NULL AND `+noJob, kind)
}

// SongsToTranscribe lists the songs whose transcript is pending and that
// have no job of kind.
func (d *DB) SongsToTranscribe(ctx context.Context, kind string) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE s.transcript_state = 'pending' AND `+noJob, kind)
}

const noJob = `NOT EXISTS (SELECT 1 FROM jobs j WHERE j.subject = s.id AND j.kind = ?) ORDER BY s.created_at, s.id`

func (d *DB) Song(ctx context.Context, id string) (*musicify.Song, error) {
	return d.songWhere(ctx, `s.id = ?`, id)
}

func (d *DB) SongBySHA256(ctx context.Context, userID, sha string) (*musicify.Song, error) {
	return d.songWhere(ctx, `s.user_id = ? AND s.sha256 = ?`, userID, sha)
}

func (d *DB) SongByLibraryPath(ctx context.Context, path string) (*musicify.Song, error) {
	return d.songWhere(ctx, `s.library_path = ?`, path)
}

// UploadedBytes is the size of the originals a user has uploaded, for the quota.
func (d *DB) UploadedBytes(ctx context.Context, userID string) (int64, error) {
	var n int64
	if err := d.queryRow(ctx, `SELECT COALESCE(SUM(size), 0) FROM songs WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("summing uploads: %w", err)
	}
	return n, nil
}

func (d *DB) songWhere(ctx context.Context, where string, args ...any) (*musicify.Song, error) {
	s, err := scanSong(d.queryRow(ctx, `SELECT `+songColumns+songFrom+` WHERE `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
	} else if err != nil {
		return nil, fmt.Errorf("reading song: %w", err)
	}
	if err := fillArtists(ctx, d, []*musicify.Song{s}); err != nil {
		return nil, err
	}
	return s, nil
}

// SongsByIDs loads many songs in one query, in the order of ids.
func (d *DB) SongsByIDs(ctx context.Context, ids []string) ([]*musicify.Song, error) {
	if len(ids) == 0 {
		return []*musicify.Song{}, nil
	}
	list, err := d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE s.id IN (`+placeholders(len(ids))+`)`, anys(ids)...)
	if err != nil {
		return nil, err
	}
	return inOrder(ids, list, func(s *musicify.Song) string { return s.ID }), nil
}

// placeholders is "?, ?, …" for an IN list of n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

func anys(ids []string) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// Songs lists every song, newest first.
func (d *DB) Songs(ctx context.Context) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE `+listed+` ORDER BY s.created_at DESC, s.id`)
}

// SongsByArtist lists the songs an artist performs on, their own and
// those they are featured on, newest first; other credits (composer…)
// when that is all they have.
func (d *DB) SongsByArtist(ctx context.Context, name string) ([]*musicify.Song, error) {
	key := musicify.NameKey(name)
	var id string
	err := d.queryRow(ctx, `SELECT ar.id FROM artists ar WHERE `+artistNamed, key, name, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return []*musicify.Song{}, nil
	} else if err != nil {
		return nil, fmt.Errorf("reading artist: %w", err)
	}
	songs, err := d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE `+performsOn+` AND `+listed+`
		ORDER BY s.created_at DESC, s.id`, id, id)
	if err != nil || len(songs) > 0 {
		return songs, err
	}
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE s.id IN (SELECT sa.song_id FROM song_artists sa
		WHERE sa.artist_id = ? AND sa.role <> 'albumartist') AND `+listed+` ORDER BY s.created_at DESC, s.id`, id)
}

func (d *DB) songList(ctx context.Context, query string, args ...any) ([]*musicify.Song, error) {
	songs, err := collect(ctx, d, "songs", scanSong, query, args...)
	if err != nil {
		return nil, err
	}
	if err := fillArtists(ctx, d, songs); err != nil {
		return nil, err
	}
	return songs, nil
}

func (d *DB) DeleteSong(ctx context.Context, id string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM songs WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
		}
		tx.emit(musicify.Event{Type: musicify.EventSongRemoved, SongID: id})
		return nil
	})
	return wrap(err, "deleting song")
}

// AddView records a listen and raises the song's count in one transaction.
func (d *DB) AddView(ctx context.Context, songID, userID string, at time.Time) (int64, error) {
	count, _, err := d.countListen(ctx, songID, userID, at, nil)
	return count, err
}

// CountListen records a listen as AddView does when rule lets it count:
// no listen of the pair within a song length (at least rule.MinGap) of
// at, before or after it (offline plays arrive late and in any order),
// and fewer than rule.PerDay in the day up to at. The person's row is
// locked first on PostgreSQL, so that parallel requests count one by one.
func (d *DB) CountListen(ctx context.Context, songID, userID string, at time.Time, rule musicify.ListenRule) (int64, bool, error) {
	return d.countListen(ctx, songID, userID, at, &rule)
}

func (d *DB) countListen(ctx context.Context, songID, userID string, at time.Time, rule *musicify.ListenRule) (int64, bool, error) {
	var count int64
	counted := false
	err := d.WithTx(ctx, func(tx *Tx) error {
		var duration float64
		err := tx.queryRow(ctx, `SELECT view_count, duration FROM songs WHERE id = ?`, songID).Scan(&count, &duration)
		if errors.Is(err, sql.ErrNoRows) {
			return musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
		} else if err != nil {
			return err
		}
		if rule != nil {
			if ok, err := d.listenCounts(ctx, tx, songID, userID, at, duration, *rule); err != nil || !ok {
				return err
			}
		}
		if err := tx.queryRow(ctx, `UPDATE songs SET view_count = view_count + 1 WHERE id = ? RETURNING view_count`, songID).Scan(&count); err != nil {
			return err
		}
		if _, err = tx.exec(ctx, `INSERT INTO listens (song_id, user_id, at) VALUES (?, ?, ?)`, songID, userID, toMillis(at)); err != nil {
			return err
		}
		if _, err = tx.exec(ctx, `UPDATE albums SET plays = plays + 1
			WHERE id = (SELECT album_id FROM songs WHERE id = ?)`, songID); err != nil {
			return err
		}
		tx.emit(musicify.Event{Type: musicify.EventListened, UserID: userID, SongID: songID, At: at})
		counted = true
		return nil
	})
	if err != nil {
		return 0, false, wrap(err, "counting view")
	}
	return count, counted, nil
}

// lockUser holds a person's row until the transaction ends, on
// PostgreSQL, so that what it checks of theirs and then writes is not
// checked by another transaction meanwhile; SQLite writes one at a time.
func (d *DB) lockUser(ctx context.Context, tx *Tx, userID string) error {
	if d.dialect.name() != "postgres" {
		return nil
	}
	var id string
	err := tx.queryRow(ctx, `SELECT id FROM users WHERE id = ? FOR UPDATE`, userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return musicify.Errorf(musicify.ENOTFOUND, "This user does not exist.")
	}
	return err
}

// listenCounts says whether rule lets the pair's listen at at count.
func (d *DB) listenCounts(ctx context.Context, tx *Tx, songID, userID string, at time.Time, seconds float64, rule musicify.ListenRule) (bool, error) {
	if err := d.lockUser(ctx, tx, userID); err != nil {
		return false, err
	}
	gap := max(time.Duration(seconds*float64(time.Second)), rule.MinGap)
	var near, day int
	err := tx.queryRow(ctx, `SELECT
		COUNT(CASE WHEN at > ? AND at < ? THEN 1 END),
		COUNT(CASE WHEN at > ? AND at <= ? THEN 1 END)
		FROM listens WHERE user_id = ? AND song_id = ? AND at > ?`,
		toMillis(at.Add(-gap)), toMillis(at.Add(gap)), toMillis(at.Add(-24*time.Hour)), toMillis(at),
		userID, songID, toMillis(at.Add(-24*time.Hour-gap))).Scan(&near, &day)
	if err != nil {
		return false, err
	}
	return near == 0 && day < rule.PerDay, nil
}

// SetStream records the rendition and loudness measured after upload.
func (d *DB) SetStream(ctx context.Context, songID, streamKey string, loudness *float64) error {
	res, err := d.exec(ctx, `UPDATE songs SET stream_key = ?, loudness = ? WHERE id = ?`, streamKey, loudness, songID)
	if err != nil {
		return fmt.Errorf("storing rendition: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
	}
	return nil
}

// SetTranscript records a transcript; the search index follows by trigger
// and recommendations hear of the new words (song.added again).
func (d *DB) SetTranscript(ctx context.Context, songID, state, text string) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		var err error
		var res sql.Result
		if state == musicify.TranscriptDone {
			res, err = tx.exec(ctx, `UPDATE songs SET transcript_state = ?, body_text = ? WHERE id = ?`, state, text, songID)
		} else {
			res, err = tx.exec(ctx, `UPDATE songs SET transcript_state = ? WHERE id = ?`, state, songID)
		}
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
		}
		if state != musicify.TranscriptDone {
			return nil
		}
		if err := d.dialect.index(ctx, tx, musicify.KindSong, songID); err != nil {
			return err
		}
		return tx.songAdded(ctx, songID)
	})
	return wrap(err, "storing transcript")
}

func floatOrNil(f sql.NullFloat64) *float64 {
	if !f.Valid {
		return nil
	}
	return &f.Float64
}

func scanSong(sc scanner) (*musicify.Song, error) {
	var s musicify.Song
	var created, mtime int64
	var loud, gainTrack, gainAlbum sql.NullFloat64
	var details string
	var bpm int
	if err := sc.Scan(&s.ID, &s.UserID, &s.Artist, &s.Uploader, &s.ArtistID, &s.AlbumID,
		&s.Name, &s.Format, &s.Duration, &s.Bitrate, &s.Size, &s.SHA256,
		&s.AudioKey, &s.StreamKey, &s.CoverKey, &s.Text, &loud, &s.Title, &s.Album,
		&s.Track, &s.Disc, &s.Year, &s.Genre, &s.MBID, &gainTrack, &gainAlbum, &s.SyncedLyrics,
		&s.LibraryPath, &mtime, &s.Missing, &s.Count, &created, &s.Transcript,
		&s.Details.SampleRate, &s.Details.BitDepth, &s.Details.Channels, &bpm, &details, &s.TagsVersion,
		&s.MeasuredBPM); err != nil {
		return nil, err
	}
	if details != "" && details != "{}" {
		// Written by setSongDetails; a row it cannot read shows without its tags.
		_ = json.Unmarshal([]byte(details), &s.Details)
	}
	s.Details.BPM = bpm
	s.Loudness = floatOrNil(loud)
	s.ReplayGainTrack = floatOrNil(gainTrack)
	s.ReplayGainAlbum = floatOrNil(gainAlbum)
	if s.UserID == musicify.LibraryUserID {
		s.Uploader = ""
	}
	if mtime != 0 {
		s.ModTime = fromMillis(mtime)
	}
	s.Created = fromMillis(created)
	return &s, nil
}

func (d *DB) SetArtistCover(ctx context.Context, userID, coverKey string) (string, error) {
	return d.swapColumn(ctx, "users", "artist_cover_key", userID, coverKey,
		musicify.Errorf(musicify.ENOTFOUND, "This user does not exist."))
}

// SetArtistName renames the uploader's artist row, and with it the artist
// of every song they uploaded: their search documents are written again
// and song.added tells the recommender the new name.
func (d *DB) SetArtistName(ctx context.Context, userID, name string) error {
	name = strings.Join(strings.Fields(name), " ")
	key := musicify.NameKey(name)
	taken := musicify.Errorf(musicify.ECONFLICT, "Another artist on this server is already called %q. Please choose another name.", name).In("name")
	err := d.WithTx(ctx, func(tx *Tx) error {
		var id, other string
		err := tx.queryRow(ctx, `SELECT id FROM artists WHERE user_id = ?`, userID).Scan(&id)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("reading artist: %w", err)
		}
		err = tx.queryRow(ctx, `SELECT id FROM artists WHERE name_key = ?`, key).Scan(&other)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("reading artist: %w", err)
		}
		if other != "" && other != id {
			return taken
		}
		if id == "" { // nothing uploaded yet: the row waits for the first upload
			_, err = tx.exec(ctx, `INSERT INTO artists (id, name, name_key, mbid, created_at, user_id) VALUES (?, ?, ?, '', ?, ?)`,
				musicify.NewID(), name, key, toMillis(d.Now()), userID)
		} else {
			_, err = tx.exec(ctx, `UPDATE artists SET name = ?, name_key = ? WHERE id = ?`, name, key, id)
		}
		if _, ok := d.dialect.uniqueViolation(err); ok {
			return taken // chosen by someone else at the same moment
		} else if err != nil {
			return fmt.Errorf("naming artist: %w", err)
		}
		if id == "" {
			return nil
		}
		songs, err := tx.ids(ctx, `SELECT id FROM songs WHERE artist_id = ? AND user_id = ?`, id, userID)
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE songs SET artist_name = ? WHERE artist_id = ? AND user_id = ?`, name, id, userID); err != nil {
			return fmt.Errorf("renaming songs: %w", err)
		}
		for _, songID := range songs {
			if err := d.dialect.index(ctx, tx, musicify.KindSong, songID); err != nil {
				return err
			}
			if err := tx.songAdded(ctx, songID); err != nil {
				return err
			}
		}
		return nil
	})
	return wrap(err, "naming artist")
}

func (d *DB) ArtistName(ctx context.Context, userID string) (string, error) {
	var name string
	err := d.queryRow(ctx, `SELECT name FROM artists WHERE user_id = ?`, userID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	} else if err != nil {
		return "", fmt.Errorf("reading artist name: %w", err)
	}
	return name, nil
}
