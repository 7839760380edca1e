#!/usr/bin/env bash
# Regenerates the tiny fixtures in testdata with ffmpeg. They are committed;
# tests never run this. Run it from the testdata directory.
set -euo pipefail
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
tone="sine=frequency=440:duration=1:sample_rate=22050"
cd audio
ff -f lavfi -i "$tone" -ac 1 -c:a libmp3lame -b:a 32k sine.mp3
ff -f lavfi -i "$tone" -ac 1 -c:a aac -b:a 32k sine.m4a
ff -f lavfi -i "$tone" -ac 1 -c:a aac -b:a 32k -f adts sine.aac
ff -f lavfi -i "$tone" -ac 1 -c:a libvorbis -q:a 0 sine.ogg
ff -f lavfi -i "sine=frequency=440:duration=1:sample_rate=48000" -ac 1 -c:a libopus -b:a 16k sine.opus
ff -f lavfi -i "sine=frequency=440:duration=1:sample_rate=8000" -ac 1 -c:a flac sine.flac
ff -f lavfi -i "sine=frequency=440:duration=1:sample_rate=8000" -ac 1 -c:a pcm_s16le sine.wav
ff -f lavfi -i "sine=frequency=440:duration=1:sample_rate=48000" -ac 1 -c:a libopus -b:a 16k sine.webm
# A lossless file for the streaming rendition, two seconds long.
ff -f lavfi -i "sine=frequency=330:duration=2:sample_rate=44100" -ac 2 -c:a flac lossless.flac
# Songs for the browser tests: a 12-second tune and a 3-second one.
ff -f lavfi -i "aevalsrc=0.3*sin(2*PI*(330+110*floor(mod(t*2\,4)))*t)|0.3*sin(2*PI*(330+110*floor(mod(t*2\,4)))*t):s=44100:d=12" -c:a libmp3lame -b:a 64k tune-12s.mp3
ff -i sine.wav -c:a pcm_s16be sine.aiff
ff -f lavfi -i "aevalsrc=0.3*sin(2*PI*523*t)|0.3*sin(2*PI*523*t):s=44100:d=3" -c:a libmp3lame -b:a 64k chime-3s.mp3
ff -f lavfi -i "aevalsrc=0.3*sin(2*PI*392*t)|0.3*sin(2*PI*392*t):s=48000:d=4" -c:a libopus -b:a 48k hum-4s.opus
# Two tracks of one tagged album (album, track, disc, year, genre), for album pages;
# their titles sort against their track order, so tests tell the two apart.
album() { ff -f lavfi -i "aevalsrc=0.3*sin(2*PI*$1*t)|0.3*sin(2*PI*$1*t):s=44100:d=$2" -c:a libmp3lame -b:a 64k \
  -metadata title="$3" -metadata artist="Tide Pool" -metadata album="Low Tide Tapes" -metadata track="$4/2" \
  -metadata disc=1/1 -metadata date=1994 -metadata genre="Dream Pop" "album-track$4.mp3"; }
album 440 3 "Harbor Lights" 1
album 587 4 "Afterglow" 2
# A gapless album: one continuous sweep cut into three 2-second tracks at
# exact sample boundaries, so any gap between them is the player's.
ff -f lavfi -i "aevalsrc=0.5*sin(2*PI*(220*t+30*t*t)):s=48000:d=6" -ac 1 -f wav /tmp/sweep.wav
for i in 1 2 3; do
  ff -i /tmp/sweep.wav -af "atrim=start_sample=$(( (i - 1) * 96000 )):end_sample=$(( i * 96000 )),asetpts=N/SR/TB" \
    -c:a libopus -b:a 48k -metadata title="Sweep $i" -metadata album="Sweep" -metadata track="$i/3" "sweep-$i.opus"
done
rm /tmp/sweep.wav
printf 'This is a text file, not music.\n' > text.mp3
# A tagged file: its album, genre, year and track place the upload.
ff -i sine.mp3 -c copy -id3v2_version 3 -metadata title="Tide" -metadata album="Shores" \
  -metadata genre="Ambient" -metadata date="1994" -metadata track="2/9" tagged.mp3
cd ../images
ff -f lavfi -i "gradients=s=96x96:seed=7:d=1" -frames:v 1 cover.png
ff -i cover.png -q:v 4 cover.jpg
# The JPEG carries an EXIF comment that uploads must strip.
exiftool -overwrite_original -Comment="secret-location-52.37N" cover.jpg 2>/dev/null || \
  printf '%s' "needs exiftool (apt-get install libimage-exiftool-perl) to add the EXIF comment" >&2
ff -i cover.png cover.gif
ff -i cover.png -c:v libwebp cover.webp
# Videos: valid containers that are not audio files.
mkdir -p ../video && cd ../video
ff -f lavfi -i "color=c=red:s=16x16:d=0.2" -f lavfi -i "$tone" -shortest -c:v libx264 -c:a aac clip.mp4
ff -f lavfi -i "color=c=red:s=16x16:d=0.2" -f lavfi -i "sine=frequency=440:duration=0.2:sample_rate=48000" -shortest -c:v libvpx -c:a libopus clip.webm
