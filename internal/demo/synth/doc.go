// Package synth composes and renders the demo catalog's music from nothing but
// a seed, so a fresh install has real songs to play without shipping or
// downloading any audio.
//
// A song is planned (form, chords per bar), arranged by its artist's style into
// tracks of notes, rendered voice by voice into a stereo mix with delay and
// reverb sends, and mastered to a steady loudness below full scale.
package synth
