// Package delivery holds what every way of sending a file shares (the web
// app's media, signed URLs, Subsonic's streams and covers): which byte
// ranges are served, and the sending itself (Serve).
package delivery

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// MaxRanges bounds the byte ranges of one request. A player asks for one;
// an 80 KB header of thousands of tiny ranges made a 2.56 MB answer.
const MaxRanges = 16

// Unsatisfiable says why a Range header (its whole value) cannot be served
// for a file of size bytes, as a sentence for a 416 answer, or "" when
// http.ServeContent may answer it (malformed headers too: it ignores them).
// Refused: the last zero bytes ("-0"), which net/http answers with an empty
// part and an impossible Content-Range (go.dev/issue/81262) and RFC 9110
// calls unsatisfiable; any range of an empty file (the same answer);
// more than MaxRanges ranges; ranges that overlap.
func Unsatisfiable(header string, size int64) string {
	spec, ok := strings.CutPrefix(header, "bytes=")
	switch {
	case !ok:
		return ""
	case size == 0: // net/http answers a suffix of it with "bytes 0--1/0"
		return "This file is empty: it has no bytes to ask for."
	case zeroSuffix(spec):
		return "This request asks for the last 0 bytes of the file; ask for at least one."
	case !strings.Contains(spec, ","):
		return ""
	case strings.Count(spec, ",") >= MaxRanges:
		return fmt.Sprintf("This request asks for more than %d byte ranges; ask for fewer.", MaxRanges)
	case overlapping(strings.Split(spec, ","), size):
		return "This request asks for byte ranges that overlap; ask for each byte once."
	}
	return ""
}

// overlapping reports whether any two satisfiable ranges share a byte;
// a range it cannot read counts as none.
func overlapping(specs []string, size int64) bool {
	type span struct{ from, to int64 }
	var spans []span
	for _, sp := range specs {
		from, to, ok := strings.Cut(strings.TrimSpace(sp), "-")
		if !ok {
			continue
		}
		var a, b int64
		var err error
		if from == "" { // the last to bytes
			if b, err = strconv.ParseInt(to, 10, 64); err != nil || b <= 0 {
				continue
			}
			a, b = max(size-b, 0), size-1
		} else {
			if a, err = strconv.ParseInt(from, 10, 64); err != nil || a >= size {
				continue
			}
			b = size - 1
			if to != "" {
				if e, err := strconv.ParseInt(to, 10, 64); err == nil && e >= a {
					b = min(e, size-1)
				} else {
					continue
				}
			}
		}
		spans = append(spans, span{a, b})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].from < spans[j].from })
	for i := 1; i < len(spans); i++ {
		if spans[i].from <= spans[i-1].to {
			return true
		}
	}
	return false
}

// zeroSuffix reports whether a range of spec is "-0", the last zero bytes,
// which no file can satisfy.
func zeroSuffix(spec string) bool {
	for sp := range strings.SplitSeq(spec, ",") {
		// Read as net/http reads it: spaces around the number, a sign allowed.
		if n, ok := strings.CutPrefix(strings.TrimSpace(sp), "-"); ok {
			if v, err := strconv.ParseInt(strings.TrimSpace(n), 10, 64); err == nil && v == 0 {
				return true
			}
		}
	}
	return false
}
