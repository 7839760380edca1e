package sqlstore

import (
	"errors"
	"strings"

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
}

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
