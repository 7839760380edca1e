package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.SearchIndex = (*DB)(nil)

// searchKinds maps each kind to its FTS5 table, the weights of its columns
// for bm25 and how it joins back to its rows and their popularity. The
// weights stay at or below 1: bm25 saturates term frequency, so large
// weights would make a word in the artist's name count as much as in the title.
var searchKinds = map[string]struct{ terms, query string }{
	musicify.KindSong: {"songs_terms", `SELECT s.id, -bm25(songs_fts, 1.0, 0.35, 0.2, 0.1), s.view_count
		FROM songs_fts JOIN songs s ON s.rowid = songs_fts.rowid
		WHERE songs_fts MATCH ? ORDER BY bm25(songs_fts, 1.0, 0.35, 0.2, 0.1) LIMIT ?`},
	musicify.KindUser: {"users_terms", `SELECT u.id, -bm25(users_fts),
		(SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id)
		FROM users_fts JOIN users u ON u.rowid = users_fts.rowid
		WHERE users_fts MATCH ? ORDER BY bm25(users_fts) LIMIT ?`},
	musicify.KindPlaylist: {"playlists_terms", `SELECT p.id, -bm25(playlists_fts, 1.0, 0.35),
		(SELECT COUNT(*) FROM playlist_songs ps WHERE ps.playlist_id = p.id)
		FROM playlists_fts JOIN playlists p ON p.rowid = playlists_fts.rowid
		WHERE playlists_fts MATCH ? ORDER BY bm25(playlists_fts, 1.0, 0.35) LIMIT ?`},
}

func (d *DB) SearchTerms(ctx context.Context, kind string) ([]string, error) {
	k, ok := searchKinds[kind]
	if !ok {
		return nil, fmt.Errorf("search: unknown kind %q", kind)
	}
	rows, err := d.query(ctx, `SELECT term FROM `+k.terms)
	if err != nil {
		return nil, fmt.Errorf("listing search terms: %w", err)
	}
	defer rows.Close()
	var terms []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("listing search terms: %w", err)
		}
		terms = append(terms, t)
	}
	return terms, rows.Err()
}

func (d *DB) Search(ctx context.Context, kind string, q musicify.Query, limit int) ([]musicify.Hit, error) {
	k, ok := searchKinds[kind]
	if !ok {
		return nil, fmt.Errorf("search: unknown kind %q", kind)
	}
	expr := ftsExpression(q)
	if expr == "" {
		return []musicify.Hit{}, nil
	}
	rows, err := d.query(ctx, k.query, expr, limit)
	if err != nil {
		return nil, fmt.Errorf("searching %ss: %w", kind, err)
	}
	defer rows.Close()
	hits := []musicify.Hit{}
	for rows.Next() {
		var h musicify.Hit
		if err := rows.Scan(&h.ID, &h.Relevance, &h.Popularity); err != nil {
			return nil, fmt.Errorf("searching %ss: %w", kind, err)
		}
		hits = append(hits, h)
	}
	return hits, rows.Err()
}

// ftsExpression writes q in FTS5 syntax. Every word is a quoted string, so
// nothing a user types can act as an operator; words are letters and digits
// only by the time they get here, and quotes are doubled all the same.
func ftsExpression(q musicify.Query) string {
	var groups []string
	for _, g := range q {
		var alts []string
		for _, t := range g {
			if t.Word == "" {
				continue
			}
			s := `"` + strings.ReplaceAll(t.Word, `"`, `""`) + `"`
			if t.Prefix {
				s += "*"
			}
			alts = append(alts, s)
		}
		if len(alts) > 0 {
			groups = append(groups, "("+strings.Join(alts, " OR ")+")")
		}
	}
	return strings.Join(groups, " AND ")
}
