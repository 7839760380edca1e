package sqlstore

import (
	"context"
	"strings"
	"testing"
)

// A table missing from copyTables would be left behind by a move to
// PostgreSQL without a word.
func TestEveryTableIsCopied(t *testing.T) {
	eachDB(t, func(t *testing.T, d *DB) {
		query := `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`
		if d.dialect.name() == "sqlite" {
			query = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
		}
		rows, err := d.db.QueryContext(context.Background(), query)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		// The destination's own; rate limit counts last minutes and start afresh, leases a moment.
		copied := map[string]bool{"schema_migrations": true, "search_versions": true, "rate_hits": true, "leases": true, "request_keys": true}
		for _, c := range copyTables {
			copied[c.name] = true
		}
		for rows.Next() {
			var table string
			if err := rows.Scan(&table); err != nil {
				t.Fatal(err)
			}
			if search := strings.Contains(table, "_fts") || strings.HasSuffix(table, "_search") || strings.HasSuffix(table, "_terms"); !search && !copied[table] {
				t.Errorf("%s is not in copyTables: add it, parents before children", table)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	})
}
