package sqlstore

import (
	"context"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.BlobRefs = (*DB)(nil)

// blobColumns is every column that names a blob or a cover prefix. The
// orphan sweeper deletes what none of them names, so a new such column
// must be added here (TestEveryBlobColumnIsKnown checks the schema).
var blobColumns = []struct{ table, column string }{
	{"songs", "audio_key"},
	{"songs", "stream_key"},
	{"songs", "cover_key"},
	{"playlists", "cover_key"},
	{"users", "artist_cover_key"},
	{"albums", "cover_key"},
	{"stations", "audio_key"},
}

func (d *DB) BlobKeys(ctx context.Context) ([]string, error) {
	var parts []string
	for _, c := range blobColumns {
		parts = append(parts, `SELECT `+c.column+` FROM `+c.table+` WHERE `+c.column+` <> ''`)
	}
	return collect(ctx, d, "blob keys", func(s scanner) (string, error) {
		var k string
		err := s.Scan(&k)
		return k, err
	}, strings.Join(parts, " UNION ALL "))
}

// OriginalChecksums maps each song's original (its audio key) to the
// SHA-256 recorded at upload, so a copy of the media can be checked
// against the database and not only against its source.
func (d *DB) OriginalChecksums(ctx context.Context) (map[string]string, error) {
	type pair struct{ key, sum string }
	pairs, err := collect(ctx, d, "song checksums", func(s scanner) (pair, error) {
		var p pair
		err := s.Scan(&p.key, &p.sum)
		return p, err
	}, `SELECT audio_key, sha256 FROM songs WHERE audio_key <> ''`)
	if err != nil {
		return nil, err
	}
	sums := make(map[string]string, len(pairs))
	for _, p := range pairs {
		sums[p.key] = p.sum
	}
	return sums, nil
}
