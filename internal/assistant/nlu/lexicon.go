package nlu

import "strings"

// Genres maps what people call a genre to its lexicon name. The names are
// what the catalog's genre tags and song descriptions are matched against.
var genres = map[string][]string{
	"jazz":       {"jazz", "jazzy", "swing", "bebop", "smooth jazz", "jazz music"},
	"lo-fi":      {"lofi", "lo fi", "low fi", "lo fi hip hop", "lofi hip hop", "lo fi beats", "lofi beats", "chillhop"},
	"synthwave":  {"synthwave", "synth wave", "retrowave", "retro wave", "outrun", "synthpop", "synth pop", "vaporwave"},
	"ambient":    {"ambient", "drone", "new age", "atmospheric"},
	"chiptune":   {"chiptune", "chiptunes", "chip tune", "chip music", "8 bit", "8bit", "16 bit", "video game", "video game music", "game music", "vgm"},
	"folk":       {"folk", "acoustic", "acoustic folk", "americana", "singer songwriter", "folky"},
	"rock":       {"rock", "rock and roll", "indie rock", "alternative", "grunge"},
	"pop":        {"pop", "pop music"},
	"classical":  {"classical", "orchestral", "piano music", "symphony"},
	"electronic": {"electronic", "electronica", "edm", "techno", "house", "trance", "electro"},
	"hip hop":    {"hip hop", "hiphop", "rap", "trap"},
	"metal":      {"metal", "heavy metal"},
	"blues":      {"blues"},
	"country":    {"country"},
	"reggae":     {"reggae"},
	"soul":       {"soul", "r and b", "rnb", "funk", "motown"},
	"disco":      {"disco"},
	"punk":       {"punk"},
	"latin":      {"latin", "salsa", "reggaeton"},
}

// moods maps mood and activity words to the mood they ask for.
var moods = map[string][]string{
	"calm":      {"calm", "calmer", "quieter", "softer", "calming", "relaxing", "relax", "relaxed", "mellow", "peaceful", "quiet", "soothing", "gentle", "soft", "tranquil", "serene", "wind down", "unwind"},
	"chill":     {"chill", "chilled", "chillout", "chill out", "chilled out", "laid back", "laidback", "easy going", "lazy", "vibes"},
	"sad":       {"sad", "melancholy", "melancholic", "gloomy", "depressing", "heartbroken", "feeling down", "feeling blue", "crying"},
	"happy":     {"happy", "cheerful", "joyful", "feel good", "feelgood", "sunny", "fun", "positive", "cheer me up"},
	"upbeat":    {"upbeat", "uplifting", "lively", "bouncy", "groovy", "peppy"},
	"energetic": {"energetic", "energy", "high energy", "hype", "pumped", "pump me up", "intense", "powerful", "get me going"},
	"running":   {"running", "run", "jog", "jogging", "workout", "work out", "gym", "exercise", "exercising", "cardio", "training"},
	"focus":     {"focus", "focusing", "concentrate", "concentrating", "concentration", "study", "studying", "coding", "programming", "reading", "deep work", "working"},
	"sleep":     {"sleep", "sleeping", "asleep", "bedtime", "bed time", "nap", "insomnia", "drift off", "fall asleep", "falling asleep", "doze off", "go to sleep"},
	"party":     {"party", "partying", "dance", "dancing", "club", "celebration", "celebrate"},
	"romantic":  {"romantic", "romance", "love songs", "date night", "sensual"},
}

var tempos = map[string][]string{
	"slow": {"slow", "slower", "slow tempo", "low tempo", "downtempo", "slow paced"},
	"fast": {"fast", "faster", "high tempo", "up tempo", "uptempo", "fast paced"},
}

var eras = map[string][]string{
	"1960s": {"60s", "1960s", "sixties"},
	"1970s": {"70s", "1970s", "seventies"},
	"1980s": {"80s", "1980s", "eighties"},
	"1990s": {"90s", "1990s", "nineties"},
	"2000s": {"2000s", "noughties", "00s"},
	"2010s": {"2010s", "10s"},
}

// topics are what how-to questions ask about, most specific first: "how do
// I download songs for offline" is about offline listening.
var topics = []struct {
	name    string
	phrases []string
}{
	{"offline", []string{"offline", "without internet", "no internet", "without a connection", "on a plane", "offline mode"}},
	{"app_passwords", []string{"app password", "app passwords", "subsonic", "dsub", "symfonium", "substreamer", "third party app", "other apps", "another app", "music app", "mobile app"}},
	{"upload", []string{"upload", "uploading", "uploads", "own music", "own songs", "my music", "add music", "add a song", "add songs"}},
	{"share", []string{"share", "sharing", "send", "link"}},
	{"radio", []string{"radio", "station", "stations", "broadcast"}},
	{"download", []string{"download", "downloading", "save a song"}},
	{"playlist", []string{"playlist", "playlists"}},
	{"follow", []string{"follow", "following", "followers"}},
	{"like", []string{"like", "heart", "favorite", "liked"}},
}

// likedPhrases name the user's liked songs.
var likedPhrases = []string{"liked songs", "liked", "my likes", "likes", "favorites", "my favorites", "favorite songs", "songs i like", "loved songs", "hearted songs"}

// cues are the words intents are recognised by; with the lexicon above
// they are the words a typo is corrected to.
var cues = strings.Fields(`play playing played put listen listening hear start spin throw queue shuffle
	song songs music track tracks tune tunes playlist playlists mix album albums artist artists band
	make create build generate save add open show list find search who sings sang made wrote
	performs plays recorded behind whose tell know about similar like sounds style recommend
	recommendation recommendations suggest suggestion suggestions surprise popular trending top
	hits charts hot newest latest recent recently new fresh many count number help thanks thank
	cheers hello hello hey hiya howdy morning afternoon evening next skip pause stop resume continue
	previous back repeat again replay another more else different something anything everything
	everyone people minute minutes hour hours long bpm beats mood feeling want need give bored
	offline upload share radio download follow password passwords please playing`)

// common are everyday words a typo is never "corrected" from: 'said' is
// not 'sad', 'pay' not 'play'.
var commonWords = strings.Fields(`a an the and or but to of in on at by for from with without into onto
	i me my mine you your we us our it its this that these those them they he she his her there here
	is are was were be been being am do does did done have has had can could would should will shall
	may might must not no yes ok okay so very too just also only some any all each every few lot lots
	what which who whom whose when where why how than then now right well good bad best better great
	nice cool awesome one two three four six seven eight nine time times day days night today tonight
	yesterday tomorrow week year years old get got go going went come came let say said tell told pay
	paid lay way day see saw look looking find found know think thought take took bring sing dear
	friend friends someone somebody something anything nothing everything thing things stuff kind sort
	bit little big long short first last other others same such much many more most less least up
	down out off over under again about above after before while during until because if as like
	please thank thanks sorry hi hey hello yo sup weather joke pizza order food eat news game games
	work works working worked mode way ways able set use used using sound sounds dont wont cant
	whole entire full title titled name named word words trip road total altogether overall move moved heard wait`)
