package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Smart playlists are evaluated here, in SQL, each time one is read. The
// rules compile to one WHERE clause whose values all travel as parameters.
// SQL rather than Go over the catalog: with 50,000 songs the database
// reads the few columns a rule names through its indexes (listens by
// user and song, likes, ratings) and sends back only the matches, where
// Go would load every song with its owner's plays, likes and ratings on
// every read. Reading on each request keeps the playlist current with
// plays, likes and scans without a cache to invalidate.

// smartFrom joins what the fields read: the album's name, the audio
// analysis (absent until a song is analysed: its BPM, key and energy are
// then NULL and match no condition), and the owner's plays, like and
// rating of each song. The owner's listens are grouped once, by the
// (user_id, song_id, at) index, rather than counted again for each of the
// catalog's songs: with 50,000 songs that is the difference between a
// tenth of a second and a second. Its three ? are the owner.
const smartFrom = ` FROM songs s` + songJoins + `
	LEFT JOIN albums al ON al.id = s.album_id
	LEFT JOIN song_features f ON f.song_id = s.id
	LEFT JOIN (SELECT l.song_id, COUNT(*) AS n, MAX(l.at) AS last FROM listens l
		WHERE l.user_id = ? GROUP BY l.song_id) pl ON pl.song_id = s.id
	LEFT JOIN likes k ON k.user_id = ? AND k.song_id = s.id
	LEFT JOIN ratings r ON r.user_id = ? AND r.item_id = s.id`

// smartSQL builds a query's text and its arguments together, so that each
// ? meets its value in order.
type smartSQL struct {
	b    strings.Builder
	args []any
	now  time.Time
}

func (q *smartSQL) add(sql string, args ...any) {
	q.b.WriteString(sql)
	q.args = append(q.args, args...)
}

// expr writes the SQL value of a field. Plays, last played, liked and
// rating read the owner's rows joined in smartFrom.
func (q *smartSQL) expr(field string) error {
	switch field {
	case "title":
		q.add(`s.name`)
	case "artist":
		q.add(`s.artist_name`)
	case "album":
		q.add(`COALESCE(al.name, s.tag_album)`)
	case "genre":
		q.add(`s.genre`)
	case "format":
		q.add(`s.format`)
	case "year":
		q.add(`s.year`)
	case "added":
		q.add(`s.created_at`)
	case "plays":
		q.add(`COALESCE(pl.n, 0)`)
	case "totalplays":
		q.add(`s.view_count`)
	case "lastplayed":
		q.add(`pl.last`)
	case "liked":
		q.add(`(CASE WHEN k.song_id IS NULL THEN 0 ELSE 1 END)`)
	case "rating":
		q.add(`COALESCE(r.rating, 0)`)
	case "bpm":
		q.add(`ROUND(f.bpm)`)
	case "key":
		q.add(`f.tonic`)
	case "energy":
		q.add(`ROUND(f.energy * 100)`)
	case "length":
		q.add(`ROUND(s.duration)`)
	default:
		return smartInvalid("There is no field %q.", field)
	}
	return nil
}

var textFields = map[string]bool{"title": true, "artist": true, "album": true, "genre": true, "format": true}

func smartInvalid(format string, args ...any) error {
	return musicify.Errorf(musicify.EINVALID, format, args...).In("rules")
}

func (q *smartSQL) group(g musicify.Rule) error {
	if len(g.Rules) == 0 {
		q.add(`1 = 1`)
		return nil
	}
	join := ` AND `
	if g.Match == "any" {
		join = ` OR `
	}
	q.add(`(`)
	for i, r := range g.Rules {
		if i > 0 {
			q.add(join)
		}
		var err error
		if r.IsGroup() {
			err = q.group(r)
		} else {
			err = q.condition(r)
		}
		if err != nil {
			return err
		}
	}
	q.add(`)`)
	return nil
}

// day reads a canonical date as the start of that day, UTC, in ms.
func day(s string) (int64, error) {
	t, err := time.Parse(time.DateOnly, s)
	return toMillis(t), err
}

const dayMillis = int64(24 * time.Hour / time.Millisecond)

func (q *smartSQL) condition(r musicify.Rule) error {
	bad := smartInvalid("The rule on %s has a value the store cannot read; save the rules again.", r.Field)
	if textFields[r.Field] {
		var s string
		if json.Unmarshal(r.Value, &s) != nil {
			return bad
		}
		// Compared without case. SQLite's LOWER folds ASCII letters only,
		// so there an accented capital matches only as written.
		s = strings.ToLower(s)
		like := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
		q.add(`LOWER(`)
		if err := q.expr(r.Field); err != nil {
			return err
		}
		switch r.Op {
		case "is":
			q.add(`) = ?`, s)
		case "isNot":
			q.add(`) <> ?`, s)
		case "contains":
			q.add(`) LIKE ? ESCAPE '\'`, "%"+like+"%")
		case "notContains":
			q.add(`) NOT LIKE ? ESCAPE '\'`, "%"+like+"%")
		case "startsWith":
			q.add(`) LIKE ? ESCAPE '\'`, like+"%")
		default:
			return bad
		}
		return nil
	}
	switch r.Field {
	case "liked":
		var b bool
		if json.Unmarshal(r.Value, &b) != nil {
			return bad
		}
		if b {
			q.add(`(k.song_id IS NOT NULL)`)
		} else {
			q.add(`(k.song_id IS NULL)`)
		}
		return nil
	case "key":
		var s string
		if json.Unmarshal(r.Value, &s) != nil {
			return bad
		}
		tonic, mode, ok := parseKey(s)
		if !ok {
			return bad
		}
		// An unanalysed song has no key: it matches neither is nor is not.
		switch r.Op {
		case "is":
			q.add(`(f.tonic = ? AND f.mode = ?)`, tonic, mode)
		case "isNot":
			q.add(`(f.tonic <> ? OR f.mode <> ?)`, tonic, mode)
		default:
			return bad
		}
		return nil
	case "added", "lastplayed":
		return q.date(r, bad)
	}
	return q.number(r, bad)
}

// number compares as DOUBLE PRECISION, so PostgreSQL takes a fraction
// against an integer column.
func (q *smartSQL) number(r musicify.Rule, bad error) error {
	const p = `CAST(? AS DOUBLE PRECISION)`
	if r.Op == "between" {
		var v [2]float64
		if json.Unmarshal(r.Value, &v) != nil {
			return bad
		}
		q.add(`(`)
		if err := q.expr(r.Field); err != nil {
			return err
		}
		q.add(` BETWEEN `+p+` AND `+p+`)`, v[0], v[1])
		return nil
	}
	var v float64
	if json.Unmarshal(r.Value, &v) != nil {
		return bad
	}
	ops := map[string]string{"eq": "=", "ne": "<>", "lt": "<", "gt": ">"}
	op, ok := ops[r.Op]
	if !ok {
		return bad
	}
	q.add(`(`)
	if err := q.expr(r.Field); err != nil {
		return err
	}
	q.add(` `+op+` `+p+`)`, v)
	return nil
}

// date compares whole UTC days: "is" a day is from its midnight to the
// next, "after" starts the day after. "Not in the last" and "never"
// include the songs never played.
func (q *smartSQL) date(r musicify.Rule, bad error) error {
	field := func() error { return q.expr(r.Field) }
	switch r.Op {
	case "never":
		q.add(`(`)
		if err := field(); err != nil {
			return err
		}
		q.add(` IS NULL)`)
		return nil
	case "inTheLast", "notInTheLast":
		var days int64
		if json.Unmarshal(r.Value, &days) != nil {
			return bad
		}
		since := toMillis(q.now) - days*dayMillis
		q.add(`(`)
		if r.Op == "notInTheLast" {
			q.add(`COALESCE(`)
		}
		if err := field(); err != nil {
			return err
		}
		if r.Op == "inTheLast" {
			q.add(` >= ?)`, since)
		} else {
			q.add(`, 0) < ?)`, since)
		}
		return nil
	}
	var lo, hi int64
	if r.Op == "between" {
		var v [2]string
		if json.Unmarshal(r.Value, &v) != nil {
			return bad
		}
		var err1, err2 error
		lo, err1 = day(v[0])
		hi, err2 = day(v[1])
		if err1 != nil || err2 != nil {
			return bad
		}
		hi += dayMillis
	} else {
		var v string
		if json.Unmarshal(r.Value, &v) != nil {
			return bad
		}
		var err error
		if lo, err = day(v); err != nil {
			return bad
		}
		hi = lo + dayMillis
	}
	q.add(`(`)
	switch r.Op {
	case "eq", "between":
		if err := field(); err != nil {
			return err
		}
		q.add(` >= ? AND `, lo)
		if err := field(); err != nil {
			return err
		}
		q.add(` < ?)`, hi)
	case "ne":
		if err := field(); err != nil {
			return err
		}
		q.add(` < ? OR `, lo)
		if err := field(); err != nil {
			return err
		}
		q.add(` >= ?)`, hi)
	case "lt":
		if err := field(); err != nil {
			return err
		}
		q.add(` < ?)`, lo)
	case "gt":
		if err := field(); err != nil {
			return err
		}
		q.add(` >= ?)`, hi)
	default:
		return bad
	}
	return nil
}

var pitches = map[string]int{"C": 0, "C♯": 1, "D": 2, "E♭": 3, "E": 4, "F": 5, "F♯": 6, "G": 7, "A♭": 8, "A": 9, "B♭": 10, "B": 11}

// parseKey reads the canonical spelling of a key ("B♭ minor").
func parseKey(s string) (int, string, bool) {
	note, mode, ok := strings.Cut(s, " ")
	t, known := pitches[note]
	return t, mode, ok && known && (mode == string(musicify.Major) || mode == string(musicify.Minor))
}

// order writes the ORDER BY of a field: songs without a value last, in
// both databases (SQLite puts NULLs first, PostgreSQL last), then by id so
// that equal values keep one order.
func (q *smartSQL) order(rules *musicify.SmartRules) error {
	dir := ` ASC`
	if rules.Order == "desc" {
		dir = ` DESC`
	}
	if rules.Sort == "" {
		q.add(` ORDER BY s.created_at DESC, s.id`)
		return nil
	}
	q.add(` ORDER BY (`)
	if err := q.expr(rules.Sort); err != nil {
		return err
	}
	q.add(`) IS NULL, `)
	if textFields[rules.Sort] {
		q.add(`LOWER(`)
	}
	if err := q.expr(rules.Sort); err != nil {
		return err
	}
	if textFields[rules.Sort] {
		q.add(`)`)
	}
	if rules.Sort == "key" {
		q.add(dir + `, f.mode`)
	}
	q.add(dir + `, s.id`)
	return nil
}

func smartLimit(rules *musicify.SmartRules) int {
	if rules.Limit <= 0 || rules.Limit > musicify.SmartSongsMax {
		return musicify.SmartSongsMax
	}
	return rules.Limit
}

// SmartSongs evaluates rules for ownerID over every song present: anyone
// signed in may see any song, so only those whose file went missing are
// left out. A random order shuffles by a
// hash of seed, the day (UTC, on the store's clock) and each song's id:
// the same all day, another the next; that needs every match's id, which
// is cheap next to reading the songs, so only the chosen ones are read.
func (d *DB) SmartSongs(ctx context.Context, ownerID, seed string, rules *musicify.SmartRules) ([]*musicify.Song, error) {
	q := &smartSQL{now: d.Now()}
	random := rules.Sort == "random"
	owner := []any{ownerID, ownerID, ownerID}
	if random {
		q.add(`SELECT s.id`+smartFrom+` WHERE `+listed+` AND `, owner...)
	} else {
		q.add(`SELECT `+songColumns+smartFrom+` WHERE `+listed+` AND `, owner...)
	}
	if err := q.group(musicify.Rule{Match: rules.Match, Rules: rules.Rules}); err != nil {
		return nil, err
	}
	limit := smartLimit(rules)
	if !random {
		if err := q.order(rules); err != nil {
			return nil, err
		}
		q.add(` LIMIT ?`, limit)
		list, err := d.songList(ctx, q.b.String(), q.args...)
		if err != nil {
			return nil, fmt.Errorf("evaluating smart playlist: %w", err)
		}
		return list, nil
	}
	rows, err := d.query(ctx, q.b.String(), q.args...)
	if err != nil {
		return nil, fmt.Errorf("evaluating smart playlist: %w", lost(err))
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("evaluating smart playlist: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("evaluating smart playlist: %w", lost(err))
	}
	today := d.Now().UTC().Format(time.DateOnly)
	rank := make(map[string]uint64, len(ids))
	for _, id := range ids {
		h := fnv.New64a()
		h.Write([]byte(seed + "\x00" + today + "\x00" + id))
		rank[id] = h.Sum64()
	}
	sort.Slice(ids, func(i, j int) bool {
		if rank[ids[i]] != rank[ids[j]] {
			return rank[ids[i]] < rank[ids[j]]
		}
		return ids[i] < ids[j]
	})
	if len(ids) > limit {
		ids = ids[:limit]
	}
	return d.SongsByIDs(ctx, ids)
}

// SmartCount is how many songs rules match now, up to their limit: the
// editor's count, without reading the songs.
func (d *DB) SmartCount(ctx context.Context, ownerID string, rules *musicify.SmartRules) (int, error) {
	q := &smartSQL{now: d.Now()}
	q.add(`SELECT COUNT(*) FROM (SELECT s.id`+smartFrom+` WHERE `+listed+` AND `, ownerID, ownerID, ownerID)
	if err := q.group(musicify.Rule{Match: rules.Match, Rules: rules.Rules}); err != nil {
		return 0, err
	}
	q.add(` LIMIT ?) matches`, smartLimit(rules))
	var n int
	if err := d.queryRow(ctx, q.b.String(), q.args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting smart playlist: %w", lost(err))
	}
	return n, nil
}
