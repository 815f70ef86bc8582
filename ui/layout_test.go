package ui

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/table"
)

func TestBarIsExactlyItsWidth(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		for _, v := range []float64{-1, 0, 0.001, 0.3, 0.5, 0.999, 1, 2} {
			for w := 0; w < 12; w++ {
				assert.Equal(t, w, layout.CellWidth(common.GlyphsFor(ascii).Bar(v, 1, w)), "v=%v w=%d ascii=%v", v, w, ascii)
			}
		}
	}
	// Half of 8 cells is 4 full blocks; 3/16 of 8 cells is a cell and a half.
	assert.Equal(t, "████    ", common.GlyphsFor(false).Bar(0.5, 1, 8))
	assert.Equal(t, "█▌      ", common.GlyphsFor(false).Bar(3.0/16, 1, 8))
	assert.Equal(t, "##      ", common.GlyphsFor(true).Bar(3.0/16, 1, 8))
	assert.Equal(t, "▏       ", common.GlyphsFor(false).Bar(0.0001, 1, 8), "a positive value is never invisible")
}

// Tie groups past T99 keep their whole label: 240 items in 120 tied
// pairs end with T120, which cut to T12 would name another group.
func TestTieLabelsPastT99(t *testing.T) {
	var grades, scores []string
	for i := range 240 {
		grades = append(grades, strconv.Itoa(i%4))
		scores = append(scores, strconv.Itoa(1000-i/2))
	}
	m := newModel(t, inlineDoc(t, strings.Join(grades, ","), strings.Join(scores, ",")), ndcg.DefaultSettings(), 80, 24)
	press(m, "end")
	s := screen(m)
	assert.Regexp(t, `┌T120\s+239 `, s)
	assert.NotRegexp(t, `┌T12\s`, s)
	assert.Equal(t, 5, table.TieWidth(240))
	assert.Equal(t, 4, table.TieWidth(199), "up to T99, the width every sample has")
}

// The ties view fits 80×24 with many tie groups: its notes end on
// screen, the charts taking fewer lines (they took theirs first and cut
// the last note).
func TestTiesViewNotesFitWithManyGroups(t *testing.T) {
	var grades, scores []string
	for i := range 240 {
		grades = append(grades, strconv.Itoa(i%4))
		scores = append(scores, strconv.Itoa(1000-i/2))
	}
	m := newModel(t, inlineDoc(t, strings.Join(grades, ","), strings.Join(scores, ",")), ndcg.DefaultSettings(), 80, 24)
	open(t, m, "ties")
	s := screen(m)
	at := strings.Index(s, "(input order:")
	require.GreaterOrEqual(t, at, 0, s)
	assert.Regexp(t, `^\(input order:\s+\d\.\d{4}; trec_eval.s\s+conventions:\s+\d\.\d{4}\)\.`, s[at:])
	assert.Contains(t, s, "sample mean")
}

// At 80 columns the histogram's title drops ", exact" rather than cut
// it to ", exac".
func TestTiesHistogramTitleFits80(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,1,0,3,2,1,0,3,2,1,0", "4,4,4,3,3,3,2,2,2,1,1,1"), ndcg.DefaultSettings(), 80, 24)
	open(t, m, "ties")
	s := screen(m)
	assert.Regexp(t, `NDCG@all over all 1296 arrangements *\n`, s, "the whole title, nothing cut")
}

// The ties view's table says how many tie groups it does not list, above
// and below, where it ended as if it listed them all: six two-item groups
// at 80×24 list three, then the window follows the cursor.
func TestTiesViewCountsGroupsNotListed(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,1,0,2,1,3,0,1,2,3,1", "0.9,0.9,0.8,0.8,0.7,0.7,0.6,0.6,0.5,0.5,0.4,0.4"), ndcg.DefaultSettings(), 80, 24)
	press(m, "k", "4", "enter")
	open(t, m, "ties")
	s := screen(m)
	assert.Contains(t, s, "Ties 6 tie group(s)")
	assert.Regexp(t, `T3    5–6 .*\n  ↓ 3 more below · ↑/↓ moves`, s)
	assert.NotContains(t, s, "T4 ")
	press(m, "down", "down", "down", "down")
	s = screen(m)
	assert.Regexp(t, `> T5    9–10 .*\n  ↑ 2 more above · ↓ 1 more below · ↑/↓ moves`, s)
	// Whole on a taller screen.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	assert.NotContains(t, screen(m), "more below")
	assert.Contains(t, screen(m), "T6    11–12")
}
