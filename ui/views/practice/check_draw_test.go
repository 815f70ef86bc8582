package practice

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// TestCutClauseStyled: a clause's end is found through the colour codes
// a styled explanation carries between the colon and the space, where
// a coloured terminal cut at the last word ("6.324: the claim …").
func TestCutClauseStyled(t *testing.T) {
	in := "The terms add up to \x1b[1m6.324\x1b[0m:\x1b[2m the claim"
	got := cutClause(in)
	assert.Equal(t, "The terms add up to 6.324 …", ansi.Strip(got))
	assert.True(t, strings.HasSuffix(got, "\x1b[m …"), "the style ends before the mark: %q", got)
	assert.Equal(t, "a b, c …", cutClause("a b, c, d"))
	assert.Equal(t, "one two …", cutClause("one two three"))
}
