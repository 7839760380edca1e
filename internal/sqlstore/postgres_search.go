package sqlstore

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/search"
)

// pgSearch is the PostgreSQL index of each kind. ts_rank's weights {D, C,
// B, A} are bm25's column weights on SQLite (lyrics, album, artist, name),
// and normalization 1 divides by the log of the document's length, so a
// short title that matches outranks a long one.
var pgSearch = map[string]searchSQL{
	musicify.KindSong: {`SELECT word, ndoc FROM ts_stat('SELECT doc FROM songs_search')`,
		// Ranked among the documents alone, joined to songs for the few kept:
		// joining every match first cost as much as ranking them.
		`SELECT s.id, r.rank, s.view_count FROM (SELECT x.song_id, ts_rank('{0.1, 0.2, 0.35, 1.0}', x.doc, q.q, 1) AS rank
		FROM (SELECT CAST(? AS tsquery) AS q) q JOIN songs_search x ON x.doc @@ q.q ORDER BY 2 DESC, 1 LIMIT ?) r
		JOIN songs s ON s.id = r.song_id ORDER BY 2 DESC, 1`,
		pgPopularSongs},
	musicify.KindUser: {`SELECT word, ndoc FROM ts_stat('SELECT doc FROM users_search')`,
		`SELECT u.id, ts_rank('{0.1, 0.2, 0.35, 1.0}', x.doc, q.q, 1),
		(SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id)
		FROM (SELECT CAST(? AS tsquery) AS q) q JOIN users_search x ON x.doc @@ q.q
		JOIN users u ON u.id = x.user_id ORDER BY 2 DESC, u.id LIMIT ?`, ""},
	musicify.KindPlaylist: {`SELECT word, ndoc FROM ts_stat('SELECT doc FROM playlists_search')`,
		`SELECT p.id, ts_rank('{0.1, 0.2, 0.35, 1.0}', x.doc, q.q, 1),
		(SELECT COUNT(*) FROM playlist_songs ps WHERE ps.playlist_id = p.id)
		FROM (SELECT CAST(? AS tsquery) AS q) q JOIN playlists_search x ON x.doc @@ q.q
		JOIN playlists p ON p.id = x.playlist_id ORDER BY 2 DESC, p.id LIMIT ?`, ""},
}

// pgPopularSongs is the broad-query shortcut: the most listened songs
// whose names match. It walks the most listened songs first, as SQLite
// does, but only so far: the planner cannot tell how many names match
// (its estimate counts every field), and walking all 100,000 songs for a
// name that 20 of them hold took 120 ms. When the walk finds too few, few
// names match, and sorting every match is cheap.
const pgPopularSongs = `WITH walk AS (
		SELECT t.id, t.view_count FROM (SELECT id, view_count FROM songs ORDER BY view_count DESC, id LIMIT 3000) t
		JOIN songs_search x ON x.song_id = t.id WHERE x.doc @@ CAST($1 AS tsquery)
		ORDER BY t.view_count DESC, t.id LIMIT $2),
	matches AS MATERIALIZED (SELECT x.song_id FROM songs_search x
		WHERE (SELECT COUNT(*) FROM walk) < $2 AND x.doc @@ CAST($1 AS tsquery))
	SELECT id, CAST(1 AS DOUBLE PRECISION), view_count FROM walk WHERE (SELECT COUNT(*) FROM walk) = $2
	UNION ALL
	SELECT s.id, CAST(1 AS DOUBLE PRECISION), s.view_count FROM matches m JOIN songs s ON s.id = m.song_id
	ORDER BY 3 DESC, 1 LIMIT $2`

func (*postgres) search(kind string) (searchSQL, bool) {
	k, ok := pgSearch[kind]
	return k, ok
}

// match writes q as a tsquery. Every word is a quoted lexeme, so nothing
// a user types can act as an operator; quotes and backslashes are escaped
// all the same. Weight A is the name.
func (*postgres) match(q musicify.Query, nameOnly bool) string {
	return expression(q, " & ", " | ", func(t musicify.Term) string {
		s := "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(t.Word) + "'"
		if t.Prefix || nameOnly {
			s += ":"
		}
		if t.Prefix {
			s += "*"
		}
		if nameOnly {
			s += "A"
		}
		return s
	})
}

// pgSources reads what each kind's documents hold, field by field from
// weight A down, with the column that picks one and the rows that are
// searchable at all (not the library account, not a missing file).
var pgSources = map[string]struct{ table, key, pick, query, where string }{
	musicify.KindSong: {"songs_search", "song_id", "s.id", `SELECT s.id, s.name, s.artist_name,
		s.tag_album || ' ' || s.tag_title, s.body_text FROM songs s`, `s.missing_at IS NULL`},
	musicify.KindUser: {"users_search", "user_id", "id", `SELECT id, username, '', '', '' FROM users`,
		`id <> '` + musicify.LibraryUserID + `'`},
	musicify.KindPlaylist: {"playlists_search", "playlist_id", "p.id", `SELECT p.id, p.name, u.username, '', ''
		FROM playlists p JOIN users u ON u.id = p.user_id`, `TRUE`},
}

// index writes the documents of a kind from their rows, folded in Go as
// the queries are, so a word means the same on both sides. One row's
// document is dropped first, so a row that left the index leaves it.
func (p *postgres) index(ctx context.Context, q querier, kind, id string) error {
	if id == "" {
		return p.indexIDs(ctx, q, kind, nil)
	}
	return p.indexIDs(ctx, q, kind, []string{id})
}

// indexIDs is index for a list of rows at once (all of them when nil).
func (*postgres) indexIDs(ctx context.Context, q querier, kind string, ids []string) error {
	src, ok := pgSources[kind]
	if !ok {
		return fmt.Errorf("search: unknown kind %q", kind)
	}
	query, args := src.query+` WHERE `+src.where, []any{}
	if ids != nil {
		if len(ids) == 0 {
			return nil
		}
		in := ` IN (` + strings.TrimSuffix(strings.Repeat(`?, `, len(ids)), `, `) + `)`
		for _, id := range ids {
			args = append(args, id)
		}
		query += ` AND ` + src.pick + in
		if _, err := q.exec(ctx, `DELETE FROM `+src.table+` WHERE `+src.key+in, args...); err != nil {
			return fmt.Errorf("indexing %s: %w", kind, err)
		}
	}
	rows, err := q.query(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("indexing %s: %w", kind, err)
	}
	type doc struct{ id, vec string }
	var docs []doc
	for rows.Next() {
		var d doc
		var f [4]string
		if err := rows.Scan(&d.id, &f[0], &f[1], &f[2], &f[3]); err != nil {
			rows.Close()
			return fmt.Errorf("indexing %s: %w", kind, err)
		}
		d.vec = tsvector(f)
		docs = append(docs, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("indexing %s: %w", kind, err)
	}
	// Many rows to a statement: each statement fires the trigger that moves
	// the kind's search version, and a transaction updating one row a
	// hundred thousand times slows down with every update (an import of
	// 100,000 songs took minutes).
	for len(docs) > 0 {
		batch := docs[:min(len(docs), indexBatch)]
		docs = docs[len(batch):]
		values := strings.TrimSuffix(strings.Repeat(`(?, CAST(? AS tsvector)), `, len(batch)), ", ")
		args := make([]any, 0, 2*len(batch))
		for _, d := range batch {
			args = append(args, d.id, d.vec)
		}
		if _, err := q.exec(ctx, `INSERT INTO `+src.table+` (`+src.key+`, doc) VALUES `+values+`
			ON CONFLICT (`+src.key+`) DO UPDATE SET doc = excluded.doc`, args...); err != nil {
			return fmt.Errorf("indexing %s: %w", kind, err)
		}
	}
	return nil
}

// indexBatch is how many documents one statement writes.
const indexBatch = 500

// tsvector writes the fields' folded words as a tsvector literal, each
// word with its positions and the weight of its field (A for the first).
// PostgreSQL keeps positions up to 16383 and 256 of them per word.
func tsvector(fields [4]string) string {
	type entry struct{ pos []string }
	words := map[string]*entry{}
	var order []string
	pos := 0
	for i, f := range fields {
		weight := string(rune('A' + i))
		for _, w := range search.FoldDocument(f) {
			pos = min(pos+1, 16383)
			e := words[w]
			if e == nil {
				e = &entry{}
				words[w] = e
				order = append(order, w)
			}
			if len(e.pos) < 256 {
				e.pos = append(e.pos, strconv.Itoa(pos)+weight)
			}
		}
	}
	var b strings.Builder
	for _, w := range order {
		b.WriteString("'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(w) + "':" + strings.Join(words[w].pos, ",") + " ")
	}
	return b.String()
}
