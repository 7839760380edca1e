package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/musicify/musicify/internal/musicify"
)

// AlbumDetails gathers the tags of these albums from their present songs
// (musicify.AlbumDetailsOf), one query for a page of albums.
func (d *DB) AlbumDetails(ctx context.Context, albumIDs []string) (map[string]musicify.AlbumDetails, error) {
	out := map[string]musicify.AlbumDetails{}
	for start := 0; start < len(albumIDs); start += 500 {
		batch := albumIDs[start:min(start+500, len(albumIDs))]
		rows, err := d.query(ctx, `SELECT album_id, disc_no, tag_details FROM songs
			WHERE album_id IN (`+placeholders(len(batch))+`) AND missing_at IS NULL AND tag_details <> '{}'
			ORDER BY album_id, disc_no, track_no, id`, anys(batch)...)
		if err != nil {
			return nil, fmt.Errorf("reading album details: %w", err)
		}
		songs := map[string][]*musicify.Song{}
		for rows.Next() {
			var s musicify.Song
			var details string
			if err := rows.Scan(&s.AlbumID, &s.Disc, &details); err != nil {
				rows.Close()
				return nil, fmt.Errorf("reading album details: %w", err)
			}
			if json.Unmarshal([]byte(details), &s.Details) == nil {
				songs[s.AlbumID] = append(songs[s.AlbumID], &s)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("reading album details: %w", err)
		}
		for id, list := range songs {
			out[id] = musicify.AlbumDetailsOf(list)
		}
	}
	return out, nil
}
