package sqlstore

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// schema is what the parity test compares: each table's columns with their
// type family, and each index by name with its table.
type schema struct {
	tables  map[string]map[string]string // table → column → family
	indexes map[string]string            // index → table
}

// Both dialects' migrations make one schema: the same tables, columns of
// the same type family, and the same indexes by name. A column or an
// index added on one side only fails here, naming it.
func TestTheMigrationsMakeTheSameSchemaOnBothDatabases(t *testing.T) {
	schemas := map[string]schema{}
	eachDB(t, func(t *testing.T, d *DB) {
		s := readSchema(t, d)
		if len(s.tables) == 0 || len(s.indexes) == 0 {
			t.Fatalf("read no tables or no indexes from %s", d.Dialect())
		}
		schemas[d.Dialect()] = s
	})
	lite, liteOK := schemas["sqlite"]
	pg, pgOK := schemas["postgres"]
	if !liteOK || !pgOK {
		return // -short: PostgreSQL was skipped, and what the SQLite half could check passed
	}
	found := map[string]bool{}
	for _, d := range schemaDifferences(lite, pg) {
		found[d] = true
		if !allowedSchemaDifferences[d] {
			t.Error(d)
		}
	}
	for d := range allowedSchemaDifferences {
		if !found[d] {
			t.Errorf("allowed difference %q is gone: take it off the list", d)
		}
	}
}

// allowedSchemaDifferences are the differences the dialects mean to have.
var allowedSchemaDifferences = map[string]bool{
	// Full-text search is each database's own (0006): FTS5 tables and their
	// fts5vocab word lists on SQLite, tsvector documents with GIN indexes on
	// PostgreSQL. (FTS5's shadow tables are left out of the schema read.)
	"table songs_fts only in SQLite":                true,
	"table users_fts only in SQLite":                true,
	"table playlists_fts only in SQLite":            true,
	"table songs_terms only in SQLite":              true,
	"table users_terms only in SQLite":              true,
	"table playlists_terms only in SQLite":          true,
	"table songs_search only in PostgreSQL":         true,
	"table users_search only in PostgreSQL":         true,
	"table playlists_search only in PostgreSQL":     true,
	"index songs_search_doc only in PostgreSQL":     true,
	"index users_search_doc only in PostgreSQL":     true,
	"index playlists_search_doc only in PostgreSQL": true,
	// PostgreSQL's broad-search walk reads songs by (view_count DESC, id)
	// from covering indexes (its 0014; SQLite has no INCLUDE), where
	// SQLite's query names songs_views (INDEXED BY, in search.go).
	"index songs_views only in SQLite":        true,
	"index songs_views_id only in PostgreSQL": true,
	"index songs_id_views only in PostgreSQL": true,
	// An event's data is JSON: JSONB on PostgreSQL, which has the type,
	// text on SQLite, which has not; the store writes and reads text.
	"column events.data is text in SQLite, jsonb in PostgreSQL": true,
}

// schemaDifferences names each difference between the two schemas, sorted.
func schemaDifferences(lite, pg schema) []string {
	var diffs []string
	for _, table := range union(lite.tables, pg.tables) {
		lc, inLite := lite.tables[table]
		pc, inPG := pg.tables[table]
		switch {
		case !inPG:
			diffs = append(diffs, "table "+table+" only in SQLite")
			continue
		case !inLite:
			diffs = append(diffs, "table "+table+" only in PostgreSQL")
			continue
		}
		for _, col := range union(lc, pc) {
			lf, inLite := lc[col]
			pf, inPG := pc[col]
			switch {
			case !inPG:
				diffs = append(diffs, "column "+table+"."+col+" only in SQLite")
			case !inLite:
				diffs = append(diffs, "column "+table+"."+col+" only in PostgreSQL")
			case lf != pf:
				diffs = append(diffs, fmt.Sprintf("column %s.%s is %s in SQLite, %s in PostgreSQL", table, col, lf, pf))
			}
		}
	}
	for _, index := range union(lite.indexes, pg.indexes) {
		lt, inLite := lite.indexes[index]
		pt, inPG := pg.indexes[index]
		switch {
		case !inPG:
			diffs = append(diffs, "index "+index+" only in SQLite")
		case !inLite:
			diffs = append(diffs, "index "+index+" only in PostgreSQL")
		case lt != pt:
			diffs = append(diffs, fmt.Sprintf("index %s is on %s in SQLite, on %s in PostgreSQL", index, lt, pt))
		}
	}
	return diffs
}

func union[V any](a, b map[string]V) []string {
	keys := slices.Collect(maps.Keys(a))
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// readSchema reads the tables, columns and indexes the migrations made:
// sqlite_master and pragma_table_info on SQLite, information_schema and
// pg_indexes on PostgreSQL. Indexes that back a primary key or a unique
// constraint are left out: each dialect names those itself.
func readSchema(t *testing.T, d *DB) schema {
	t.Helper()
	ctx := context.Background()
	var columns, indexes string
	switch d.Dialect() {
	case "sqlite":
		// Shadow tables are FTS5's own storage of a virtual table.
		columns = `SELECT l.name, c.name, c.type FROM pragma_table_list l, pragma_table_info(l.name) c
			WHERE l.schema = 'main' AND l.type IN ('table', 'virtual') AND l.name NOT LIKE 'sqlite\_%' ESCAPE '\'`
		indexes = `SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`
	case "postgres":
		columns = `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
			JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
			WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`
		indexes = `SELECT indexname, tablename FROM pg_indexes i WHERE schemaname = current_schema()
			AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`
	default:
		t.Fatalf("no schema query for %s", d.Dialect())
	}
	s := schema{tables: map[string]map[string]string{}, indexes: map[string]string{}}
	rows, err := d.db.QueryContext(ctx, columns)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, column, typ string
		if err := rows.Scan(&table, &column, &typ); err != nil {
			t.Fatal(err)
		}
		if s.tables[table] == nil {
			s.tables[table] = map[string]string{}
		}
		s.tables[table][column] = typeFamily(typ)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows, err = d.db.QueryContext(ctx, indexes)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var index, table string
		if err := rows.Scan(&index, &table); err != nil {
			t.Fatal(err)
		}
		s.indexes[index] = table
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return s
}

// typeFamily folds a declared type (SQLite) or a data type (PostgreSQL)
// into what it stores. SQLite's INTEGER holds 64 bits, so INTEGER there
// and BIGINT in PostgreSQL are one family.
func typeFamily(typ string) string {
	typ = strings.ToLower(typ)
	switch {
	case strings.Contains(typ, "int"):
		return "integer"
	case strings.Contains(typ, "char"), strings.Contains(typ, "text"), strings.Contains(typ, "clob"):
		return "text"
	case typ == "blob", typ == "bytea":
		return "bytes"
	case strings.Contains(typ, "real"), strings.Contains(typ, "floa"), strings.Contains(typ, "doub"):
		return "real"
	case strings.Contains(typ, "bool"):
		return "boolean"
	case typ == "":
		return "untyped"
	}
	return typ
}
