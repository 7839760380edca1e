package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect is everything that differs between databases. Queries elsewhere
// are written once, in portable SQL with ? placeholders.
type dialect interface {
	// name picks the migrations directory.
	name() string
	// rebind turns ? placeholders into the dialect's own.
	rebind(query string) string
	// uniqueViolation reports whether err broke a unique constraint, and
	// names the column ("table.column") when the driver says which.
	uniqueViolation(err error) (column string, ok bool)
	// lockMigrations holds off every other process migrating the same
	// database until unlock, on conn.
	lockMigrations(ctx context.Context, conn *sql.Conn) (unlock func(), err error)
	// lockEvents, in a transaction about to write events, waits until no
	// other transaction that writes events is in flight, so events are
	// numbered in commit order.
	lockEvents(ctx context.Context, q querier) error
	// skipLocked ends the subquery that picks a job, so that two claimers
	// at once take different jobs.
	skipLocked() string
	// search is the SQL of one kind's full-text index.
	search(kind string) (searchSQL, bool)
	// match writes q in the index's query language; nameOnly keeps to the
	// name field.
	match(q musicify.Query, nameOnly bool) string
	// index writes the search documents of a kind (of one id, or all when
	// id is ""), for databases whose index is not kept by triggers.
	index(ctx context.Context, q querier, kind, id string) error
	// optimize tidies the search index after a bulk load.
	optimize(ctx context.Context, q querier) error
	// nextOutboxSeq is the SQL of the next dev mail's number.
	nextOutboxSeq() string
}

// searchSQL is one kind's index: its word list with document counts, the
// query by relevance and, where thousands may match, by popularity.
type searchSQL struct{ terms, query, popular string }

type sqlite struct{}

func (sqlite) name() string { return "sqlite" }

func (sqlite) rebind(query string) string { return query }

func (sqlite) uniqueViolation(err error) (string, bool) {
	var e *msqlite.Error
	if !errors.As(err, &e) {
		return "", false
	}
	if e.Code() != sqlite3.SQLITE_CONSTRAINT_UNIQUE && e.Code() != sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
		return "", false
	}
	// The message reads "constraint failed: UNIQUE constraint failed: users.email (2067)".
	msg := e.Error()
	if i := strings.LastIndex(msg, "failed: "); i >= 0 {
		col := msg[i+len("failed: "):]
		if j := strings.IndexAny(col, " ,"); j >= 0 {
			col = col[:j]
		}
		return col, true
	}
	return "", true
}

// lockMigrations needs nothing: one process owns a SQLite file.
func (sqlite) lockMigrations(context.Context, *sql.Conn) (func(), error) { return func() {}, nil }

// lockEvents needs nothing: SQLite runs one writing transaction at a time.
func (sqlite) lockEvents(context.Context, querier) error { return nil }

// skipLocked needs nothing: SQLite runs one writing statement at a time.
func (sqlite) skipLocked() string { return "" }

// nextOutboxSeq can read the largest number: SQLite runs one writing
// statement at a time.
func (sqlite) nextOutboxSeq() string { return `(SELECT COALESCE(MAX(seq), 0) + 1 FROM outbox_mails)` }

func (sqlite) index(context.Context, querier, string, string) error { return nil }

func (sqlite) optimize(ctx context.Context, q querier) error {
	// A bulk load leaves the FTS5 indexes in many small segments; merge
	// them, as automerge would over time.
	for _, t := range []string{"songs_fts", "users_fts", "playlists_fts"} {
		if _, err := q.exec(ctx, `INSERT INTO `+t+` (`+t+`) VALUES ('optimize')`); err != nil {
			return err
		}
	}
	return nil
}
