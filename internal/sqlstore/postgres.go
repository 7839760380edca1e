package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// Open opens the database a URL names: postgres:// or postgresql:// for
// PostgreSQL, sqlite://PATH (or a bare path) for a SQLite file.
func Open(ctx context.Context, databaseURL string) (*DB, error) {
	if strings.HasPrefix(databaseURL, "postgres://") || strings.HasPrefix(databaseURL, "postgresql://") {
		return OpenPostgres(ctx, databaseURL)
	}
	return OpenSQLite(ctx, strings.TrimPrefix(databaseURL, "sqlite://"))
}

// OpenPostgres connects to the PostgreSQL database at url (pgx syntax) and
// applies pending migrations, under a lock that other instances wait on.
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	sqldb, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("opening database: %w", err)
	}
	sqldb.SetMaxOpenConns(16)
	sqldb.SetMaxIdleConns(16)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	d := &DB{db: sqldb, dialect: &postgres{}, Now: time.Now, pool: 16}
	// The URL holds the password: errors name neither.
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("connecting to PostgreSQL: %w", err)
	}
	if err := d.migrate(ctx); err != nil {
		sqldb.Close()
		return nil, err
	}
	return d, nil
}

type postgres struct {
	rebinds sync.Map // query → rebound query
}

func (*postgres) name() string { return "postgres" }

// rebind numbers the ? placeholders: $1, $2… Queries hold no literal '?'.
func (p *postgres) rebind(query string) string {
	if q, ok := p.rebinds.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	p.rebinds.Store(query, b.String())
	return b.String()
}

// uniqueViolation reads the column from the detail PostgreSQL gives,
// "Key (email)=(ann@example.com) already exists.".
func (*postgres) uniqueViolation(err error) (string, bool) {
	var e *pgconn.PgError
	if !errors.As(err, &e) || e.Code != "23505" {
		return "", false
	}
	col := ""
	if i := strings.Index(e.Detail, "Key ("); i >= 0 {
		col = e.Detail[i+len("Key ("):]
		if j := strings.Index(col, ")="); j >= 0 {
			col = col[:j]
		}
	}
	return e.TableName + "." + col, true
}

// migrationLock is the advisory lock key every instance migrates under.
const migrationLock = 0x6d75736963 // "music"

func (p *postgres) lockMigrations(ctx context.Context, conn *sql.Conn) (func(), error) {
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return nil, fmt.Errorf("waiting for the migration lock: %w", err)
	}
	return func() {
		// Closing the connection would free it too, but the pool may keep it.
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	}, nil
}

// eventsLock is the advisory lock key under which events are numbered.
const eventsLock = 0x6d75736965 // "musie"

// lockEvents holds off every other transaction that writes events until
// this one ends: a sequence would hand out numbers in start order, and a
// reader could see seq 8 committed before seq 7 and skip 7 for good.
func (*postgres) lockEvents(ctx context.Context, q querier) error {
	_, err := q.exec(ctx, `SELECT pg_advisory_xact_lock(?)`, eventsLock)
	return err
}

// skipLocked locks the picked job and passes over those another claimer
// holds; without it both would pick the same row and both update it.
func (*postgres) skipLocked() string { return " FOR UPDATE SKIP LOCKED" }

// nextOutboxSeq takes a number from a sequence: connections at once would
// all read the same MAX(seq).
func (*postgres) nextOutboxSeq() string { return `nextval('outbox_mails_seq')` }

// optimize vacuums and analyzes what a bulk load wrote: until autovacuum
// came round, every search read the GIN indexes' pending lists whole and
// the planner guessed at tables it had no statistics of (the benchmark's
// searches took 31 ms instead of 5). VACUUM runs outside a transaction.
func (*postgres) optimize(ctx context.Context, q querier) error {
	_, err := q.exec(ctx, `VACUUM (ANALYZE) users, songs, listens, likes, follows, playlists, playlist_songs,
		users_search, songs_search, playlists_search`)
	if err != nil {
		return fmt.Errorf("vacuuming after a bulk load: %w", err)
	}
	return nil
}
