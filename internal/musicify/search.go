package musicify

import "context"

// Kinds of things search finds.
const (
	KindSong     = "song"
	KindUser     = "user"
	KindPlaylist = "playlist"
)

// Term is one word of a search: matched whole, or as the start of a word.
type Term struct {
	Word   string // folded: lower case, no diacritics, letters and digits only
	Prefix bool
}

// Query is an AND of groups; a group matches when any of its terms does.
// Typo correction adds the likely words a mistyped one meant to its group.
type Query [][]Term

// Hit is one search result with its text relevance (higher is better) and
// popularity (views of a song, songs of a playlist, followers of a user).
type Hit struct {
	ID         string
	Relevance  float64
	Popularity float64
}

// IndexWord is one distinct word of an index and how many items hold it.
type IndexWord struct {
	Word string
	Docs int
}

// SearchIndex is the database's full-text machinery (SQLite FTS5 here,
// tsvector and pg_trgm in PostgreSQL).
type SearchIndex interface {
	// SearchTerms lists the distinct words of one kind's index.
	SearchTerms(ctx context.Context, kind string) ([]IndexWord, error)
	// Search finds up to limit items of a kind matching q, most relevant first.
	Search(ctx context.Context, kind string, q Query, limit int) ([]Hit, error)
	// SearchPopular finds up to limit items of a kind whose names match q,
	// most popular first: for a query so broad that thousands match and
	// relevance can hardly tell them apart, at a cost that does not grow
	// with the number of matches.
	SearchPopular(ctx context.Context, kind string, q Query, limit int) ([]Hit, error)
	// Version changes whenever the words of a kind's index change, so word
	// lists are reloaded exactly when they have changed.
	Version(ctx context.Context, kind string) (uint64, error)
}
