package media

import (
	"context"
	"image"
	"image/color"
)

// decodeBudget bounds the memory of the covers decoded at once: a decoded
// image takes far more memory than its file (a 400 KB PNG may unpack to
// hundreds of megabytes), so decodes wait for their share of this.
const decodeBudget = 256 << 20

// collectAbove is the weight of a decode after which the garbage it leaves
// is collected at once, before another decode may start.
const collectAbove = 32 << 20

// decoding is the process's one budget: the memory it guards is shared by
// every request, whichever service decodes the cover.
var decoding = newBudget(decodeBudget >> 20)

// budget is a weighted semaphore counted in MiB.
type budget struct {
	gate  chan struct{} // one waiter takes MiB at a time, so two half-served waiters never block each other
	slots chan struct{}
}

func newBudget(mib int) *budget {
	return &budget{gate: make(chan struct{}, 1), slots: make(chan struct{}, mib)}
}

// acquire waits until n bytes are free (all of it for a larger n), or ctx ends.
func (b *budget) acquire(ctx context.Context, n int64) (release func(), err error) {
	mib := int(min(max((n+1<<20-1)>>20, 1), int64(cap(b.slots))))
	select {
	case b.gate <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-b.gate }()
	for i := range mib {
		select {
		case b.slots <- struct{}{}:
		case <-ctx.Done():
			b.free(i)
			return nil, ctx.Err()
		}
	}
	return func() { b.free(mib) }, nil
}

func (b *budget) free(mib int) {
	for range mib {
		<-b.slots
	}
}

// decodeBytes is what decoding an image of cfg will hold at its peak: the
// pixels in the decoder's own layout, plus the scaler's buffer of 32 bytes
// per source row for each column of the largest size, and the full copy.
func decodeBytes(kind string, cfg image.Config) int64 {
	perPixel := int64(4)
	switch cfg.ColorModel {
	case color.RGBA64Model, color.NRGBA64Model:
		perPixel = 8
	case color.GrayModel:
		perPixel = 1
	case color.Gray16Model:
		perPixel = 2
	}
	if _, paletted := cfg.ColorModel.(color.Palette); paletted {
		perPixel = 1
	}
	if kind == "jpeg" {
		perPixel = 15 // a progressive JPEG keeps 4 bytes of coefficients per pixel per component beside the pixels
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	fw, fh := fullSize(cfg.Width, cfg.Height)
	return w*h*perPixel + 32*int64(CoverSizes[0])*min(w, h) + 4*int64(fw)*int64(fh) // and the full copy's pixels
}
