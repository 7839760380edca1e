package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"

	"github.com/musicify/musicify/internal/musicify"
)

// querier runs queries written with ? placeholders, on the database or in
// a transaction; it is the one place they are rebound to the dialect's.
type querier interface {
	exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	queryRow(ctx context.Context, query string, args ...any) row
}

// row is a *sql.Row whose Scan says so when the connection was cut, and
// asks again on a fresh one, for a read, when it was.
type row struct {
	*sql.Row
	retry *retry
}

// retry is a read to ask again.
type retry struct {
	d     *DB
	ctx   context.Context
	query string
	args  []any
}

func (r row) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if err != nil && r.retry != nil && connectionGone(err) {
		r.retry.d.dropIdle()
		err = r.retry.d.askRow(r.retry.ctx, r.retry.query, r.retry.args).Scan(dest...)
	}
	return lost(err)
}

// connectionLost is a query whose connection was cut mid-answer (a
// database restarting), which pgx reports as a bare io.ErrUnexpectedEOF:
// it carries SQLSTATE 08006, connection failure, for the error mapping
// to answer 503 with Retry-After rather than 500.
type connectionLost struct{ error }

func (connectionLost) SQLState() string { return "08006" }
func (e connectionLost) Unwrap() error  { return e.error }

// lost marks err as a lost connection when it is one.
func lost(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return connectionLost{err}
	}
	return err
}

// Tx is a transaction of the store, with the same helpers as DB.
type Tx struct {
	tx *sql.Tx
	d  *DB
	// events are the domain events of the change, written to the event log
	// at commit (emit).
	events []musicify.Event
}

// WithTx runs fn in a transaction that commits when fn returns nil and
// rolls back otherwise. The events fn emits are stored with the change and
// handed to d.Events once it committed.
func (d *DB) WithTx(ctx context.Context, fn func(tx *Tx) error) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return lost(err)
	}
	defer tx.Rollback()
	t := &Tx{tx: tx, d: d}
	if err := fn(t); err != nil {
		return err
	}
	if err := t.writeEvents(ctx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return lost(err)
	}
	d.publish(ctx, t.events)
	return nil
}

func (t *Tx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := t.tx.ExecContext(ctx, t.d.dialect.rebind(query), args...)
	return res, lost(err)
}

func (t *Tx) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := t.tx.QueryContext(ctx, t.d.dialect.rebind(query), args...)
	return rows, lost(err)
}

func (t *Tx) queryRow(ctx context.Context, query string, args ...any) row {
	return row{Row: t.tx.QueryRowContext(ctx, t.d.dialect.rebind(query), args...)}
}

// prepare readies one statement for many runs, as a bulk import does.
func (t *Tx) prepare(ctx context.Context, query string) (*sql.Stmt, error) {
	return t.tx.PrepareContext(ctx, t.d.dialect.rebind(query))
}

// wrap adds context to a database error, and leaves an app error (a
// sentence for the user, returned from inside a transaction) as it is.
func wrap(err error, what string) error {
	var e *musicify.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// ids reads the one column of a query's rows.
func (t *Tx) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
