package media

import (
	"os"
)

// mpegFrame is a decoded MPEG audio (layer III) frame header.
type mpegFrame struct {
	mpeg1      bool
	bitrate    int // bits per second
	sampleRate int
	channels   int
	length     int // bytes, header included
	samples    int // per frame
}

var (
	mp3Bitrates1 = [16]int{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0}
	mp3Bitrates2 = [16]int{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0}
	mp3Rates     = map[int][3]int{3: {44100, 48000, 32000}, 2: {22050, 24000, 16000}, 0: {11025, 12000, 8000}}
)

// decodeMPEGHeader accepts only layer III frames with a known bitrate.
func decodeMPEGHeader(h []byte) (mpegFrame, bool) {
	if len(h) < 4 || h[0] != 0xFF || h[1]&0xE0 != 0xE0 {
		return mpegFrame{}, false
	}
	version, layer := int(h[1]>>3)&3, int(h[1]>>1)&3
	bIdx, rIdx, pad := int(h[2]>>4), int(h[2]>>2)&3, int(h[2]>>1)&1
	if version == 1 || layer != 1 || bIdx == 0 || bIdx == 15 || rIdx == 3 {
		return mpegFrame{}, false
	}
	fr := mpegFrame{mpeg1: version == 3, sampleRate: mp3Rates[version][rIdx], channels: 2}
	if h[3]>>6 == 3 {
		fr.channels = 1
	}
	if fr.mpeg1 {
		fr.bitrate = mp3Bitrates1[bIdx] * 1000
		fr.samples = 1152
		fr.length = 144*fr.bitrate/fr.sampleRate + pad
	} else {
		fr.bitrate = mp3Bitrates2[bIdx] * 1000
		fr.samples = 576
		fr.length = 72*fr.bitrate/fr.sampleRate + pad
	}
	return fr, fr.length > 4
}

// parseMP3 skips ID3v2, finds a run of consecutive valid frames and takes
// the duration from a Xing/Info or VBRI header, else from the bitrate.
func parseMP3(f *os.File, size int64, info *Info) error {
	start := int64(0)
	head, err := readAt(f, 0, 10)
	if err != nil {
		return err
	}
	if len(head) == 10 && string(head[:3]) == "ID3" {
		tagSize := int64(head[6]&0x7F)<<21 | int64(head[7]&0x7F)<<14 | int64(head[8]&0x7F)<<7 | int64(head[9]&0x7F)
		start = 10 + tagSize
		if head[5]&0x10 != 0 {
			start += 10 // footer
		}
	}
	buf, err := readAt(f, start, 64<<10)
	if err != nil {
		return err
	}
	for i := 0; i+4 <= len(buf); i++ {
		fr, ok := decodeMPEGHeader(buf[i:])
		if !ok || !mpegRun(f, size, start+int64(i), fr) {
			continue
		}
		first := start + int64(i)
		info.SampleRate, info.Channels = fr.sampleRate, fr.channels
		// The audio runs from the first frame to the ID3v1 tag, if any:
		// the ID3v2 tag before it (and the cover in it) is not audio.
		audio := size - first
		if tail, _ := readAt(f, size-128, 3); string(tail) == "TAG" {
			audio -= 128
		}
		if v := vbrHeader(buf[i:], fr); v.frames > 0 {
			info.Duration = float64(v.frames*fr.samples) / float64(fr.sampleRate)
			switch {
			case v.cbr: // "Info": every audio frame has one rate, though the header's own frame may not
				info.Bitrate = fr.bitrate
				if h, _ := readAt(f, first+int64(fr.length), 4); len(h) == 4 {
					if next, ok := decodeMPEGHeader(h); ok {
						info.Bitrate = next.bitrate
					}
				}
			case v.bytes > 0 && v.bytes <= audio:
				info.Bitrate = payloadRate(v.bytes, info.Duration)
			default:
				info.Bitrate = payloadRate(audio, info.Duration)
			}
			return nil
		}
		info.Bitrate = fr.bitrate
		info.Duration = float64(audio*8) / float64(fr.bitrate)
		return nil
	}
	return notAudio("mp3: no run of valid frames")
}

// mpegRun checks that frames follow one another from off: three in a row,
// or every frame up to the end of a shorter file.
func mpegRun(f *os.File, size, off int64, first mpegFrame) bool {
	fr := first
	for n := 0; n < 3; n++ {
		off += int64(fr.length)
		if off >= size-4 {
			return n > 0 || off <= size
		}
		h, err := readAt(f, off, 4)
		if err != nil {
			return false
		}
		next, ok := decodeMPEGHeader(h)
		if !ok || next.sampleRate != first.sampleRate || next.mpeg1 != first.mpeg1 {
			return false
		}
		fr = next
	}
	return true
}

// vbrInfo is what a Xing/Info or VBRI header says of the stream.
type vbrInfo struct {
	frames int
	bytes  int64 // of the audio frames, 0 when not given
	cbr    bool  // an "Info" header: the encoder kept one bitrate
}

// vbrHeader reads a Xing/Info or VBRI header in the first frame.
func vbrHeader(frame []byte, fr mpegFrame) vbrInfo {
	side := 32
	switch {
	case fr.mpeg1 && fr.channels == 1:
		side = 17
	case !fr.mpeg1 && fr.channels == 1:
		side = 9
	case !fr.mpeg1:
		side = 17
	}
	x := 4 + side
	if len(frame) >= x+16 && (string(frame[x:x+4]) == "Xing" || string(frame[x:x+4]) == "Info") {
		flags, out, at := be32(frame, x+4), vbrInfo{cbr: string(frame[x:x+4]) == "Info"}, x+8
		if flags&1 != 0 {
			out.frames, at = int(be32(frame, at)), at+4
		}
		if flags&2 != 0 {
			out.bytes = int64(be32(frame, at))
		}
		return out
	}
	if v := 36; len(frame) >= v+18 && string(frame[v:v+4]) == "VBRI" {
		return vbrInfo{frames: int(be32(frame, v+14)), bytes: int64(be32(frame, v+10))}
	}
	return vbrInfo{}
}

var adtsRates = [16]int{96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350}

// parseADTS walks raw AAC frames; past a few thousand it extrapolates from
// the average frame size rather than reading a long file to the end.
func parseADTS(f *os.File, size int64, info *Info) error {
	var off int64
	frames, samples := 0, 0
	for off+7 <= size && frames < 4000 {
		h, err := readAt(f, off, 7)
		if err != nil || len(h) < 7 || h[0] != 0xFF || h[1]&0xF6 != 0xF0 {
			break
		}
		rate := adtsRates[(h[2]>>2)&0xF]
		length := int(h[3]&3)<<11 | int(h[4])<<3 | int(h[5]>>5)
		if rate == 0 || length < 7 {
			break
		}
		info.SampleRate = rate
		info.Channels = int(h[2]&1)<<2 | int(h[3]>>6)
		samples += 1024 * (int(h[6]&3) + 1)
		frames++
		off += int64(length)
	}
	if frames < 2 && off != size {
		return notAudio("aac: no run of ADTS frames")
	}
	seconds := float64(samples) / float64(info.SampleRate)
	if off < size {
		seconds *= float64(size) / float64(off)
	}
	info.Duration = seconds
	return nil
}
