package nlu

import "testing"

func TestPlayerCommandsCarryTheirValues(t *testing.T) {
	p := NewParser(demoCatalog())
	for _, tc := range []struct {
		text   string
		intent Intent
		want   string
	}{
		{"set volume to 30%", Control, "command=volume; volume=30"},
		{"turn it up a bit", Control, "command=volume_up"},
		{"jump to 1:30", Control, "command=seek; position=90"},
		{"skip to 45 seconds", Control, "command=seek; position=45"},
		{"repeat all", Control, "command=repeat; mode=all"},
		{"shuffle off", Control, "command=shuffle; on=false"},
		{"play glass garden after this song", PlayNext, "song=Glass Garden"},
		{"what's the bpm of chrome sunset", SongInfo, "attr=bpm; song=Chrome Sunset"},
		{"which albums came out in 2019", Albums, "year=2019"},
		{"sounds like rain on a window", Play, "song=Rainy Window Study"},
		// what stays a request for songs
		{"play something fast", Play, "tempo=fast"},
		{"what songs are around 120 bpm", List, "bpm=120"},
		{"shuffle my liked songs", Shuffle, "source=liked"},
		{"skip", Control, "command=next"},
		{"play some jazz", Play, "genre=jazz"},
	} {
		r := p.Parse(tc.text)
		if got := format(r.Entities()); r.Intent != tc.intent || got != tc.want {
			t.Errorf("%q: got %s {%s}, want %s {%s}", tc.text, r.Intent, got, tc.intent, tc.want)
		}
	}
}
