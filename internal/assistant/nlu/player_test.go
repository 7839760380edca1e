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
		{"vol 15", Control, "command=volume; volume=15"},
		{"crank it to the max", Control, "command=volume; volume=100"},
		{"turn the volumn up", Control, "command=volume_up"},
		{"go to 3 min 20 sec", Control, "command=seek; position=200"},
		{"skip ahead to the one minute mark of this song", Control, "command=seek; position=60"},
		{"start the song from 30 seconds", Control, "command=seek; position=30"},
		{"nah, skip this one", Control, "command=next"},
		{"play the song before this one", Control, "command=previous"},
		{"ok you can start the music again", Control, "command=resume"},
		{"is this song in a major or minor key", SongInfo, "attr=key"},
		{"bpm of starlight speedrun?", SongInfo, "attr=bpm; song=Starlight Speedrun"},
		{"play the canoe song", Play, "song=Little Red Canoe"},
		{"i need an hour and a half of ambient", Play, "genre=ambient; minutes=90"},
		{"a quarter hour of upbeat chiptune", Play, "genre=chiptune; minutes=15; mood=upbeat"},
		{"i really liked porch light lullaby, got anything similar?", Similar, "song=Porch Light Lullaby"},
		{"i'm feeling down, play something to cheer me up", Play, "mood=happy"},
		{"hey can you pause for a moment, someone's at the door", Control, "command=pause"},
		{"quieter please, my roommate is sleeping", Control, "command=volume_down"},
		{"turn the volume all the way down", Control, "command=volume; volume=0"},
		{"randomize the order please", Control, "command=shuffle; on=true"},
		{"play in order, no shuffle", Control, "command=shuffle; on=false"},
		{"make a playlist called Cozy Evenings, folk only", PlaylistCreate, "genre=folk; name=cozy evenings"},
		{"I'm going for a run, put together thirty minutes of energetic music", Play, "minutes=30; mood=energetic"},
		{"play midnite harbor", Play, "song=Midnight Harbour"},
		{"un-pause the song please", Control, "command=resume"},
		{"lower it to 25", Control, "command=volume; volume=25"},
		{"can smoke and honey be next?", PlayNext, "song=Smoke & Honey"},
		{"play some jazz next", PlayNext, "genre=jazz"},
		{"is library cat lo-fi or jazz?", SongInfo, "attr=genre; song=Library Cat"},
		{"got any albums from twenty twenty-one", Albums, "year=2021"},
		{"an hour and fifteen minutes of chill synthwave", Play, "genre=synthwave; minutes=75; mood=chill"},
		{"create playlist Study Break", PlaylistCreate, "name=study break"},
		{"i'd like to hear arcade lights forever", Play, "song=Arcade Lights Forever"},
		// what stays a request for songs
		{"play something quieter", Play, "mood=calm"},
		{"play from 2019", Play, "query=2019"},
		{"don't stop the music", Unknown, ""},
		{"go back one song", Control, "command=previous"},
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
