//go:build !race

package synth

// raceDetector is off: the render tests check every song of the catalog.
const raceDetector = false
