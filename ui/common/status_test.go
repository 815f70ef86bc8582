package common

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// A fresh status too long for its line is broken between words, never
// inside a hyphenated word: the line a lab attendee at 80 columns types
// to come back read "… ssh -p 24101 student-" over "2+wpypugxm@…".
func TestStatusLinesKeepHyphenatedWordsWhole(t *testing.T) {
	s := Status{Text: "you are student-2 here, as student was taken; ssh -p 24101 student-2+wpypugxm@127.0.0.1 brings you back to this list", Fresh: true}
	first, second := s.Lines(Styles{}, s.Text, 80)
	assert.Equal(t, "you are student-2 here, as student was taken; ssh -p 24101", ansi.Strip(first))
	assert.Equal(t, "student-2+wpypugxm@127.0.0.1 brings you back to this list", ansi.Strip(second))
}
