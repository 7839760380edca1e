package subsonic

import (
	"slices"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

func TestIndexKey(t *testing.T) {
	for _, tc := range []struct{ name, sortName, want string }{
		{"Abba", "", "A"},
		{"abba", "", "A"},
		{"The Beatles", "", "B"},
		{"the beatles", "", "B"},
		{"The", "", "T"}, // only an article: filed under it
		{"Theatre of Tragedy", "", "T"},
		{"Los Lobos", "", "L"},
		{"El Guincho", "", "G"},
		{"Die Ärzte", "", "A"},
		{"Les Négresses Vertes", "", "N"},
		{"Lady Gaga", "", "L"}, // "La" is an article only as a word
		{"Çağatay Akman", "", "C"},
		{"Ólafur Arnalds", "", "O"},
		{"Łona", "", "L"},
		{"Ōhashi Trio", "", "O"},
		{"Æther", "", "A"},
		{"Øystein Sevåg", "", "O"},
		{"Бумбокс", "", "Б"},
		{"ёлка", "", "Ё"},
		{"Άλκηστις", "", "Α"},
		{"Ζαμπέτας", "", "Ζ"},
		{"נעמי שמר", "", "נ"},
		{"宇多田ヒカル", "", "一"},
		{"きゃりーぱみゅぱみゅ", "", "あ"},
		{"スピッツ", "", "ア"},
		{"아이유", "", "가"},
		{"2Pac", "", "#"},
		{"!!!", "", "#"},
		{"", "", "#"},
		{"  Nick Cave", "", "N"},
		{"Prince", "Prince", "P"},
		{"The Weeknd", "Weeknd, The", "W"},
		{"Björk", "Bjork", "B"},
		{"John Lennon", "Lennon, John", "L"},
		{"The The", "The The", "T"}, // a sort name is taken as written
	} {
		if got := indexKey(tc.name, tc.sortName); got != tc.want {
			t.Errorf("indexKey(%q, %q) = %q, want %q", tc.name, tc.sortName, got, tc.want)
		}
	}
}

// The articles are the configured ones; headings come A to Z, other
// scripts after, # last, and artists in each are sorted past their article.
func TestIndexWithConfiguredArticles(t *testing.T) {
	s := &Server{IgnoredArticles: "A  An"}
	var list []*musicify.Artist
	for _, name := range []string{"The Beatles", "A Tribe Called Quest", "Бумбокс", "2Pac", "Abba", "An Pierlé", "Tiësto", "Ólafur Arnalds", "Oasis"} {
		list = append(list, &musicify.Artist{Name: name})
	}
	headings, by := s.index(list)
	if want := []string{"A", "O", "P", "T", "Б", "#"}; !slices.Equal(headings, want) {
		t.Fatalf("headings %v, want %v", headings, want)
	}
	var names []string
	for _, ar := range by["T"] {
		names = append(names, ar.Name)
	}
	if want := []string{"The Beatles", "Tiësto", "A Tribe Called Quest"}; !slices.Equal(names, want) {
		t.Fatalf("under T: %v, want %v", names, want)
	}
	names = nil
	for _, ar := range by["O"] {
		names = append(names, ar.Name)
	}
	if want := []string{"Oasis", "Ólafur Arnalds"}; !slices.Equal(names, want) {
		t.Fatalf("under O: %v, want %v", names, want)
	}
	if s.ignoredArticles() != "A An" || (&Server{}).ignoredArticles() != DefaultIgnoredArticles {
		t.Fatalf("articles: %q", s.ignoredArticles())
	}
}
