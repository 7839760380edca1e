package sqlstore

import (
	"context"
	"fmt"

	"github.com/musicify/musicify/internal/musicify"
)

// outboxKeep bounds the dev outbox; older mails are dropped as new ones arrive.
const outboxKeep = 200

func (d *DB) AddOutboxMail(ctx context.Context, m *musicify.OutboxMail) error {
	m.ID = musicify.NewID()
	if m.CreatedAt.IsZero() {
		m.CreatedAt = d.Now().UTC()
	}
	if _, err := d.exec(ctx, `INSERT INTO outbox_mails (id, seq, to_addr, subject, body, created_at)
		VALUES (?, `+d.dialect.nextOutboxSeq()+`, ?, ?, ?, ?)`,
		m.ID, m.To, m.Subject, m.Text, toMillis(m.CreatedAt)); err != nil {
		return fmt.Errorf("storing outbox mail: %w", err)
	}
	if _, err := d.exec(ctx, `DELETE FROM outbox_mails WHERE id NOT IN
		(SELECT id FROM outbox_mails ORDER BY seq DESC LIMIT ?)`, outboxKeep); err != nil {
		return fmt.Errorf("trimming outbox: %w", err)
	}
	return nil
}

// OutboxMails returns the newest mails first.
func (d *DB) OutboxMails(ctx context.Context, limit int) ([]*musicify.OutboxMail, error) {
	return collect(ctx, d, "outbox", func(s scanner) (*musicify.OutboxMail, error) {
		var m musicify.OutboxMail
		var created int64
		if err := s.Scan(&m.ID, &m.To, &m.Subject, &m.Text, &created); err != nil {
			return nil, err
		}
		m.CreatedAt = fromMillis(created)
		return &m, nil
	}, `SELECT id, to_addr, subject, body, created_at FROM outbox_mails ORDER BY seq DESC LIMIT ?`, limit)
}
