package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.AlbumStore = (*DB)(nil)

// uploaderArtist is the artist row of an uploader and the name it goes
// by, made on their first upload unless they named it before. A tagged
// artist of the same name becomes theirs: on a self-hosted server that is
// most likely the same person.
func (t *Tx) uploaderArtist(ctx context.Context, userID, username string) (id, name string, err error) {
	err = t.queryRow(ctx, `SELECT id, name FROM artists WHERE user_id = ?`, userID).Scan(&id, &name)
	if err == nil {
		return id, name, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("reading artist: %w", err)
	}
	if id, err = t.EnsureArtist(ctx, username, ""); err != nil {
		return "", "", err
	}
	if _, err := t.exec(ctx, `UPDATE artists SET user_id = ? WHERE id = ? AND user_id IS NULL`, userID, id); err != nil {
		return "", "", fmt.Errorf("claiming artist: %w", err)
	}
	if err := t.queryRow(ctx, `SELECT name FROM artists WHERE id = ?`, id).Scan(&name); err != nil {
		return "", "", fmt.Errorf("reading artist: %w", err)
	}
	return id, name, nil
}

// EnsureArtist returns the id of the artist of this name, adding it when
// new. Names that differ only in case or spaces are one artist.
func (t *Tx) EnsureArtist(ctx context.Context, name, mbid string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	key := musicify.NameKey(name)
	if _, err := t.exec(ctx, `INSERT INTO artists (id, name, name_key, mbid, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (name_key) DO NOTHING`, musicify.NewID(), name, key, mbid, toMillis(t.d.Now())); err != nil {
		return "", fmt.Errorf("adding artist: %w", err)
	}
	var id string
	if err := t.queryRow(ctx, `SELECT id FROM artists WHERE name_key = ?`, key).Scan(&id); err != nil {
		return "", fmt.Errorf("reading artist: %w", err)
	}
	return id, nil
}

// EnsureAlbum returns the id of a.Name by a.ArtistID, adding it when new;
// what the album did not know yet (year, genre, MusicBrainz id) is filled in.
func (t *Tx) EnsureAlbum(ctx context.Context, a musicify.Album) (string, error) {
	name := strings.Join(strings.Fields(a.Name), " ")
	key := musicify.NameKey(name)
	if _, err := t.exec(ctx, `INSERT INTO albums (id, name, name_key, artist_id, year, genre, compilation, mbid, cover_key, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (artist_id, name_key) DO NOTHING`,
		musicify.NewID(), name, key, a.ArtistID, a.Year, a.Genre, boolInt(a.Compilation), a.MBID, a.CoverKey,
		toMillis(t.d.Now())); err != nil {
		return "", fmt.Errorf("adding album: %w", err)
	}
	var id string
	if err := t.queryRow(ctx, `SELECT id FROM albums WHERE artist_id = ? AND name_key = ?`, a.ArtistID, key).Scan(&id); err != nil {
		return "", fmt.Errorf("reading album: %w", err)
	}
	if _, err := t.exec(ctx, `UPDATE albums SET
		year = CASE WHEN year = 0 THEN ? ELSE year END,
		genre = CASE WHEN genre = '' THEN ? ELSE genre END,
		mbid = CASE WHEN mbid = '' THEN ? ELSE mbid END,
		cover_key = CASE WHEN cover_key = '' THEN ? ELSE cover_key END
		WHERE id = ?`, a.Year, a.Genre, a.MBID, a.CoverKey, id); err != nil {
		return "", fmt.Errorf("updating album: %w", err)
	}
	return id, nil
}

// albumPresent keeps the albums that still have a song to play.
const albumPresent = `EXISTS (SELECT 1 FROM songs s WHERE s.album_id = al.id AND s.missing_at IS NULL)`

// Albums picks a page of album ids from the albums table alone (each sort
// has its index), then reads what those albums hold.
func (d *DB) Albums(ctx context.Context, q musicify.AlbumQuery) ([]*musicify.Album, error) {
	where, args := []string{albumPresent}, []any{}
	if q.Genre != "" {
		where = append(where, `EXISTS (SELECT 1 FROM songs s JOIN song_genres g ON g.song_id = s.id
			WHERE s.album_id = al.id AND g.genre_key = ?)`)
		args = append(args, musicify.NameKey(q.Genre))
	}
	if q.FromYear > 0 {
		where, args = append(where, `al.year >= ?`), append(args, q.FromYear)
	}
	if q.ToYear > 0 {
		where, args = append(where, `al.year <= ?`), append(args, q.ToYear)
	}
	if q.ArtistID != "" {
		// The album's artist, or another album artist its songs credit.
		where = append(where, `(al.artist_id = ? OR EXISTS (SELECT 1 FROM songs s JOIN song_artists sa ON sa.song_id = s.id
			WHERE s.album_id = al.id AND sa.artist_id = ? AND sa.role = 'albumartist'))`)
		args = append(args, q.ArtistID, q.ArtistID)
	}
	order := `al.created_at DESC, al.id`
	switch q.Sort {
	case musicify.AlbumsName:
		order = `al.name_key, al.id`
	case musicify.AlbumsArtist:
		order = `(SELECT ar.name_key FROM artists ar WHERE ar.id = al.artist_id), al.name_key, al.id`
	case musicify.AlbumsYear:
		order = `al.year, al.name_key, al.id`
		if q.Desc {
			order = `al.year DESC, al.name_key, al.id`
		}
	case musicify.AlbumsPlays:
		order = `al.plays DESC, al.id`
	case musicify.AlbumsRandom:
		order = `random()`
	}
	limit := q.Limit
	if limit <= 0 {
		limit = 50
	}
	limit = min(limit, 500)
	if q.Sort == musicify.AlbumsName || q.Sort == musicify.AlbumsArtist {
		ids, err := d.albumsAlphabetically(ctx, where, args, q.Sort == musicify.AlbumsArtist)
		if err != nil {
			return nil, err
		}
		ids = ids[min(max(q.Offset, 0), len(ids)):]
		return d.albumsByIDs(ctx, ids[:min(limit, len(ids))])
	}
	rows, err := d.query(ctx, `SELECT al.id FROM albums al WHERE `+strings.Join(where, " AND ")+
		` ORDER BY `+order+` LIMIT ? OFFSET ?`, append(args, limit, max(q.Offset, 0))...)
	if err != nil {
		return nil, fmt.Errorf("listing albums: %w", err)
	}
	ids, err := scanStrings(rows)
	if err != nil {
		return nil, fmt.Errorf("listing albums: %w", err)
	}
	return d.albumsByIDs(ctx, ids)
}

// albumsAlphabetically lists the ids of the albums where matches, in the
// order of a Unicode collation of their names (of their artists' names
// first, byArtist): "Ágætis byrjun" among the A's, not after Z, as a byte
// order of the names would put it. Neither SQLite nor a default
// PostgreSQL collates that way, so the names are sorted here; a listing
// reads only ids and names, which stays cheap for tens of thousands.
func (d *DB) albumsAlphabetically(ctx context.Context, where []string, args []any, byArtist bool) ([]string, error) {
	rows, err := d.query(ctx, `SELECT al.id, al.name, COALESCE((SELECT ar.name FROM artists ar WHERE ar.id = al.artist_id), '')
		FROM albums al WHERE `+strings.Join(where, " AND "), args...)
	if err != nil {
		return nil, fmt.Errorf("listing albums: %w", err)
	}
	defer rows.Close()
	type entry struct{ id, name, artist string }
	var list []entry
	for rows.Next() {
		var e entry
		if err := rows.Scan(&e.id, &e.name, &e.artist); err != nil {
			return nil, fmt.Errorf("listing albums: %w", err)
		}
		list = append(list, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing albums: %w", err)
	}
	c := collate.New(language.Und, collate.IgnoreCase)
	slices.SortFunc(list, func(a, b entry) int {
		if byArtist {
			if n := c.CompareString(a.artist, b.artist); n != 0 {
				return n
			}
		}
		if n := c.CompareString(a.name, b.name); n != 0 {
			return n
		}
		return strings.Compare(a.id, b.id)
	})
	ids := make([]string, len(list))
	for i, e := range list {
		ids[i] = e.id
	}
	return ids, nil
}

const albumSelect = `SELECT al.id, al.name, al.artist_id, ar.name, COALESCE(ar.user_id, ''), COALESCE(u.username, ''), al.year, al.genre,
	al.compilation, al.mbid,
	COALESCE(NULLIF(al.cover_key, ''), (SELECT c.cover_key FROM songs c WHERE c.album_id = al.id
		AND c.cover_key <> '' ORDER BY c.disc_no, c.track_no LIMIT 1), ''),
	COUNT(s.id), COALESCE(SUM(s.duration), 0), al.plays, al.created_at
	FROM albums al JOIN artists ar ON ar.id = al.artist_id LEFT JOIN users u ON u.id = ar.user_id
	JOIN songs s ON s.album_id = al.id AND s.missing_at IS NULL`

const albumGroup = ` GROUP BY al.id, al.name, al.artist_id, ar.name, ar.user_id, u.username, al.year, al.genre, al.compilation,
	al.mbid, al.cover_key, al.plays, al.created_at`

func (d *DB) AlbumsByIDs(ctx context.Context, ids []string) ([]*musicify.Album, error) {
	return d.albumsByIDs(ctx, ids)
}

// albumsByIDs reads albums in the order of ids, skipping those with no song.
func (d *DB) albumsByIDs(ctx context.Context, ids []string) ([]*musicify.Album, error) {
	if len(ids) == 0 {
		return []*musicify.Album{}, nil
	}
	list, err := collect(ctx, d, "albums", scanAlbum,
		albumSelect+` WHERE al.id IN (`+placeholders(len(ids))+`)`+albumGroup, anys(ids)...)
	if err != nil {
		return nil, err
	}
	return inOrder(ids, list, func(a *musicify.Album) string { return a.ID }), nil
}

func (d *DB) Album(ctx context.Context, id string) (*musicify.Album, error) {
	list, err := d.albumsByIDs(ctx, []string{id})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This album does not exist.")
	}
	return list[0], nil
}

func scanAlbum(sc scanner) (*musicify.Album, error) {
	var a musicify.Album
	var created int64
	if err := sc.Scan(&a.ID, &a.Name, &a.ArtistID, &a.Artist, &a.UserID, &a.Username, &a.Year, &a.Genre, &a.Compilation, &a.MBID,
		&a.CoverKey, &a.Songs, &a.Duration, &a.Plays, &created); err != nil {
		return nil, err
	}
	a.Created = fromMillis(created)
	return &a, nil
}

func (d *DB) AlbumSongs(ctx context.Context, albumID string) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE s.album_id = ? AND `+listed+`
		ORDER BY s.disc_no, s.track_no, s.name, s.id`, albumID)
}

// artistSelect reads artists with what they hold: songs they perform
// (their own and those they are featured on) and albums they are the
// album artist of. An uploader's cover is the one they set, else their
// latest song's, else that of the latest song they are featured on.
const artistSelect = `SELECT x.id, x.name, x.sort_name, x.user_id, x.username, x.mbid, x.cover, x.songs, x.albums FROM (
	SELECT ar.id, ar.name, ar.name_key, ar.sort_name, COALESCE(ar.user_id, '') AS user_id, COALESCE(u.username, '') AS username, ar.mbid,
	COALESCE(NULLIF(u.artist_cover_key, ''), (SELECT c.cover_key FROM songs c WHERE c.artist_id = ar.id
		AND c.cover_key <> '' AND c.missing_at IS NULL ORDER BY c.created_at DESC LIMIT 1),
		(SELECT c.cover_key FROM song_artists sa JOIN songs c ON c.id = sa.song_id WHERE sa.artist_id = ar.id
		AND sa.role = 'featured' AND c.cover_key <> '' AND c.missing_at IS NULL ORDER BY c.created_at DESC LIMIT 1), '') AS cover,
	(SELECT COUNT(*) FROM songs s WHERE s.missing_at IS NULL AND (s.artist_id = ar.id OR s.id IN (SELECT sa.song_id
		FROM song_artists sa WHERE sa.artist_id = ar.id AND sa.role IN ('artist', 'featured')))) AS songs,
	(SELECT COUNT(*) FROM albums al WHERE al.artist_id = ar.id AND ` + albumPresent + `) AS albums,
	CASE WHEN EXISTS (SELECT 1 FROM song_artists sa JOIN songs s ON s.id = sa.song_id
		WHERE sa.artist_id = ar.id AND s.missing_at IS NULL) THEN 1 ELSE 0 END AS credited
	FROM artists ar LEFT JOIN users u ON u.id = ar.user_id`

// artistHas keeps the artists with something to play; artistCredited
// also keeps those only credited (a composer), whose page lists what
// they wrote: lists leave them out, a link to them works.
const (
	artistHas      = `) x WHERE (x.songs > 0 OR x.albums > 0)`
	artistCredited = `) x WHERE (x.songs > 0 OR x.albums > 0 OR x.credited = 1)`
)

func scanArtist(sc scanner) (*musicify.Artist, error) {
	var a musicify.Artist
	if err := sc.Scan(&a.ID, &a.Name, &a.SortName, &a.UserID, &a.Username, &a.MBID, &a.CoverKey, &a.Songs, &a.Albums); err != nil {
		return nil, err
	}
	return &a, nil
}

// Artists lists every artist with songs, A–Z.
func (d *DB) Artists(ctx context.Context) ([]*musicify.Artist, error) {
	return collect(ctx, d, "artists", scanArtist, artistSelect+artistHas+` ORDER BY x.name_key`)
}

// Artist finds an artist by name, whatever its case, or an uploader's
// artist by their username: links made before they chose a name keep working.
func (d *DB) Artist(ctx context.Context, name string) (*musicify.Artist, error) {
	key := musicify.NameKey(name)
	return d.oneArtist(ctx, ` WHERE `+artistNamed, key, name, key)
}

// artistNamed picks the artist called ? (a name key), else the one of the
// user called ?; the third ? repeats the key, for the order.
const artistNamed = `ar.id = (SELECT n.id FROM artists n WHERE n.name_key = ?
	OR n.user_id = (SELECT id FROM users WHERE username = ?) ORDER BY n.name_key = ? DESC LIMIT 1)`

func (d *DB) ArtistByID(ctx context.Context, id string) (*musicify.Artist, error) {
	return d.oneArtist(ctx, ` WHERE ar.id = ?`, id)
}

func (d *DB) oneArtist(ctx context.Context, where string, args ...any) (*musicify.Artist, error) {
	a, err := scanArtist(d.queryRow(ctx, artistSelect+where+artistCredited, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This artist has no songs.")
	} else if err != nil {
		return nil, fmt.Errorf("reading artist: %w", err)
	}
	return a, nil
}

// ArtistsByIDs reads many artists in one query, in the order of ids.
func (d *DB) ArtistsByIDs(ctx context.Context, ids []string) ([]*musicify.Artist, error) {
	return d.artistsWhereIn(ctx, "ar.id", ids, func(a *musicify.Artist) string { return a.ID })
}

// SongsPage is one page of every present song, newest first (an index
// walk: the songs_created index).
func (d *DB) SongsPage(ctx context.Context, offset, limit int) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE `+listed+` ORDER BY s.created_at DESC, s.id
		LIMIT ? OFFSET ?`, min(max(limit, 1), 500), max(offset, 0))
}

// ArtistsByUserIDs returns the artists of these uploaders, in the order given.
func (d *DB) ArtistsByUserIDs(ctx context.Context, userIDs []string) ([]*musicify.Artist, error) {
	return d.artistsWhereIn(ctx, "ar.user_id", userIDs, func(a *musicify.Artist) string { return a.UserID })
}

// artistsWhereIn reads the artists whose column is one of keys, in one
// query, in the order of keys.
func (d *DB) artistsWhereIn(ctx context.Context, column string, keys []string, key func(*musicify.Artist) string) ([]*musicify.Artist, error) {
	if len(keys) == 0 {
		return []*musicify.Artist{}, nil
	}
	list, err := collect(ctx, d, "artists", scanArtist,
		artistSelect+` WHERE `+column+` IN (`+placeholders(len(keys))+`)`+artistHas, anys(keys)...)
	if err != nil {
		return nil, err
	}
	return inOrder(keys, list, key), nil
}

// Genres lists the genres of present songs, A–Z.
func (d *DB) Genres(ctx context.Context) ([]*musicify.Genre, error) {
	return collect(ctx, d, "genres", func(sc scanner) (*musicify.Genre, error) {
		var g musicify.Genre
		return &g, sc.Scan(&g.Name, &g.Songs, &g.Albums)
	}, `SELECT MIN(g.genre), COUNT(*), COUNT(DISTINCT s.album_id) FROM song_genres g
		JOIN songs s ON s.id = g.song_id AND s.missing_at IS NULL GROUP BY g.genre_key ORDER BY g.genre_key`)
}

func (d *DB) Decades(ctx context.Context) ([]int, error) {
	return collect(ctx, d, "decades", func(sc scanner) (int, error) {
		var n int
		return n, sc.Scan(&n)
	}, `SELECT DISTINCT (al.year / 10) * 10 FROM albums al WHERE al.year > 0 AND `+albumPresent+` ORDER BY 1`)
}

func (d *DB) SongsByGenre(ctx context.Context, genre string, offset, limit int) ([]*musicify.Song, error) {
	if limit <= 0 {
		limit = 50
	}
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` JOIN song_genres g ON g.song_id = s.id
		WHERE g.genre_key = ? AND `+listed+` ORDER BY s.artist_name, s.album_id, s.disc_no, s.track_no, s.id
		LIMIT ? OFFSET ?`, musicify.NameKey(genre), min(limit, 500), max(offset, 0))
}

// RandomSongs samples present songs; random() orders every candidate,
// which is fine at a library's size (100,000 songs sort in milliseconds).
func (d *DB) RandomSongs(ctx context.Context, q musicify.RandomQuery) ([]*musicify.Song, error) {
	where, args := []string{listed}, []any{}
	if q.Genre != "" {
		where = append(where, `EXISTS (SELECT 1 FROM song_genres g WHERE g.song_id = s.id AND g.genre_key = ?)`)
		args = append(args, musicify.NameKey(q.Genre))
	}
	if q.FromYear > 0 {
		where, args = append(where, `s.year >= ?`), append(args, q.FromYear)
	}
	if q.ToYear > 0 {
		where, args = append(where, `s.year <= ?`), append(args, q.ToYear)
	}
	size := q.Size
	if size <= 0 {
		size = 10
	}
	return d.songList(ctx, `SELECT `+songColumns+songFrom+` WHERE `+strings.Join(where, " AND ")+
		` ORDER BY random() LIMIT ?`, append(args, min(size, 500))...)
}

// scanStrings reads one text column and closes rows.
func scanStrings(rows *sql.Rows) ([]string, error) {
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// boolInt stores a flag in an INTEGER column, as both dialects take it.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
