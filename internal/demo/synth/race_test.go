//go:build race

package synth

// raceDetector is on: the race detector slows sample loops about tenfold,
// so the render tests check one song per artist instead of all of them.
const raceDetector = true
