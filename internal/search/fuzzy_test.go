package search

import (
	"slices"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// Typos are counted in letters: two slips in a word of eight letters are
// forgiven in any script, though a Cyrillic letter takes two bytes and a
// Latin one only one.
func TestTyposAreCountedInLettersNotBytes(t *testing.T) {
	v := newVocab([]musicify.IndexWord{{Word: "moskva", Docs: 1}, {Word: "москва", Docs: 1}, {Word: "ночь", Docs: 1}})
	for _, tc := range []struct{ typed, meant string }{
		{"mmoskava", "moskva"},
		{"ммоскава", "москва"},
	} {
		t.Run(tc.typed, func(t *testing.T) {
			if got := v.corrections(tc.typed, 3); !slices.Contains(got, tc.meant) {
				t.Errorf("%q is corrected to %q, not %q", tc.typed, got, tc.meant)
			}
		})
	}
}
