package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.SearchIndex = (*DB)(nil)

func (d *DB) SearchTerms(ctx context.Context, kind string) ([]musicify.IndexWord, error) {
	k, ok := d.dialect.search(kind)
	if !ok {
		return nil, fmt.Errorf("search: unknown kind %q", kind)
	}
	return collect(ctx, d, "search terms", func(s scanner) (musicify.IndexWord, error) {
		var w musicify.IndexWord
		return w, s.Scan(&w.Word, &w.Docs)
	}, k.terms)
}

// Version reads the counter that triggers move with every change of a
// kind's words (migration 0011).
func (d *DB) Version(ctx context.Context, kind string) (uint64, error) {
	var v uint64
	if err := d.queryRow(ctx, `SELECT version FROM search_versions WHERE kind = ?`, kind).Scan(&v); err != nil {
		return 0, fmt.Errorf("reading the %s search version: %w", kind, err)
	}
	return v, nil
}

func (d *DB) Search(ctx context.Context, kind string, q musicify.Query, limit int) ([]musicify.Hit, error) {
	k, ok := d.dialect.search(kind)
	if !ok {
		return nil, fmt.Errorf("search: unknown kind %q", kind)
	}
	return d.hits(ctx, kind, k.query, d.dialect.match(q, false), limit)
}

func (d *DB) SearchPopular(ctx context.Context, kind string, q musicify.Query, limit int) ([]musicify.Hit, error) {
	k, ok := d.dialect.search(kind)
	if !ok {
		return nil, fmt.Errorf("search: unknown kind %q", kind)
	}
	if k.popular == "" { // few enough of them that relevance is affordable
		return d.Search(ctx, kind, q, limit)
	}
	return d.hits(ctx, kind, k.popular, d.dialect.match(q, true), limit)
}

func (d *DB) hits(ctx context.Context, kind, query, expr string, limit int) ([]musicify.Hit, error) {
	if expr == "" {
		return []musicify.Hit{}, nil
	}
	return collect(ctx, d, kind+" matches", func(s scanner) (musicify.Hit, error) {
		var h musicify.Hit
		return h, s.Scan(&h.ID, &h.Relevance, &h.Popularity)
	}, query, expr, limit)
}

// expression writes q as groups joined by and, each an or of its terms
// written by term; groups with no word are left out.
func expression(q musicify.Query, and, or string, term func(musicify.Term) string) string {
	var groups []string
	for _, g := range q {
		var alts []string
		for _, t := range g {
			if t.Word != "" {
				alts = append(alts, term(t))
			}
		}
		if len(alts) > 0 {
			groups = append(groups, "("+strings.Join(alts, or)+")")
		}
	}
	return strings.Join(groups, and)
}

// sqliteSearch maps each kind to its FTS5 table, the weights of its
// columns for bm25 and how it joins back to its rows and their popularity.
// The weights stay at or below 1: bm25 saturates term frequency, so large
// weights would make a word in the artist's name count as much as in the title.
var sqliteSearch = map[string]searchSQL{
	musicify.KindSong: {`SELECT term, doc FROM songs_terms`, `SELECT s.id, -r.rank, s.view_count
		FROM (SELECT rowid, rank FROM songs_fts
		      WHERE songs_fts MATCH ? AND rank MATCH 'bm25(1.0, 0.35, 0.2, 0.1)' ORDER BY rank LIMIT ?) r
		JOIN songs s ON s.rowid = r.rowid ORDER BY r.rank`,
		// Walks the songs from the most listened down and stops at the
		// limit; the matches are only a set of rowids to check against.
		`SELECT s.id, 1.0, s.view_count FROM songs s INDEXED BY songs_views
		WHERE s.rowid IN (SELECT rowid FROM songs_fts WHERE songs_fts MATCH ?)
		ORDER BY s.view_count DESC LIMIT ?`},
	musicify.KindUser: {`SELECT term, doc FROM users_terms`, `SELECT u.id, -r.rank,
		(SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id)
		FROM (SELECT rowid, rank FROM users_fts WHERE users_fts MATCH ? ORDER BY rank LIMIT ?) r
		JOIN users u ON u.rowid = r.rowid ORDER BY r.rank`, ""},
	musicify.KindPlaylist: {`SELECT term, doc FROM playlists_terms`, `SELECT p.id, -r.rank,
		(SELECT COUNT(*) FROM playlist_songs ps WHERE ps.playlist_id = p.id)
		FROM (SELECT rowid, rank FROM playlists_fts
		      WHERE playlists_fts MATCH ? AND rank MATCH 'bm25(1.0, 0.35)' ORDER BY rank LIMIT ?) r
		JOIN playlists p ON p.rowid = r.rowid ORDER BY r.rank`, ""},
}

func (sqlite) search(kind string) (searchSQL, bool) {
	k, ok := sqliteSearch[kind]
	return k, ok
}

// match writes q in FTS5 syntax. Every word is a quoted string, so nothing
// a user types can act as an operator; words are letters and digits only
// by the time they get here, and quotes are doubled all the same.
func (sqlite) match(q musicify.Query, nameOnly bool) string {
	expr := expression(q, " AND ", " OR ", func(t musicify.Term) string {
		s := `"` + strings.ReplaceAll(t.Word, `"`, `""`) + `"`
		if t.Prefix {
			s += "*"
		}
		return s
	})
	if expr != "" && nameOnly {
		expr = "name : (" + expr + ")"
	}
	return expr
}
