package common_test

import (
	"image/color"
	"math"
	"reflect"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// luminance is WCAG 2's relative luminance of an sRGB colour:
// each channel c in 0…1 is linearised (c/12.92 up to 0.04045, else
// ((c+0.055)/1.055)^2.4) and weighted 0.2126 R + 0.7152 G + 0.0722 B.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is WCAG 2's contrast ratio, (lighter + 0.05) / (darker + 0.05):
// 1 for the same colour, 21 for black on white.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// The formula against values worked out by hand: black on white is
// (1 + 0.05) / (0 + 0.05) = 21; #777777 is 0.4667 in sRGB, linear
// ((0.4667+0.055)/1.055)^2.4 = 0.1845, so on white (1.05)/(0.2345) = 4.48;
// bubbles' #4A4A4A (0.2902 → 0.0685) on #1C1C1C (0.1098 → 0.0116) is
// (0.1185)/(0.0616) = 1.92.
func TestContrastFormula(t *testing.T) {
	assert.InDelta(t, 21, contrast(lipgloss.Color("#000000"), lipgloss.Color("#FFFFFF")), 1e-9)
	assert.InDelta(t, 4.48, contrast(lipgloss.Color("#777777"), lipgloss.Color("#FFFFFF")), 0.01)
	assert.InDelta(t, 1.92, contrast(lipgloss.Color("#4A4A4A"), lipgloss.Color("#1C1C1C")), 0.01)
}

// backgrounds are the terminal backgrounds each half of the sheet is
// held to: black to a dark theme's grey, white to a light theme's.
var backgrounds = map[bool][]string{
	true:  {"#000000", "#1C1C1C", "#262626"},
	false: {"#FFFFFF", "#EEEEEE"},
}

// role is what a style draws: text is held to WCAG AA's 4.5:1, a bar or
// a mark (a separator dot, an ellipsis) to the 3:1 of non-text.
type role int

const (
	text role = iota
	mark
)

// roles is every style of the sheet and what it draws; a style added to
// the sheet without a line here fails the test, so none goes unmeasured.
var roles = map[string]role{
	"Title": text, "Subtle": text, "Header": text, "Cursor": text, "Cutoff": text, "PastK": text,
	"Tie": text, "TieStraddle": text, "Number": text, "Good": text, "Bad": text, "Warn": text,
	"BarActual": mark, "BarIdeal": mark, "BarBand": mark,
	"PanelTitle": text, "Status": text, "Error": text, "Selected": text,
	"Help.Ellipsis": mark, "Help.ShortKey": text, "Help.ShortDesc": text, "Help.ShortSeparator": mark,
	"Help.FullKey": text, "Help.FullDesc": text, "Help.FullSeparator": mark,
}

// pair is one foreground measured on one background.
type pair struct {
	style, bg string
	role      role
	ratio     float64
}

// sheetPairs measures every foreground of the sheet (the help's
// included) on every background of its half. A style without a
// foreground draws in the terminal's own, which the terminal keeps
// readable on its own background.
func sheetPairs(t *testing.T, isDark bool) []pair {
	t.Helper()
	st := common.NewStyles(isDark, true, false)
	styles := map[string]lipgloss.Style{}
	collect := func(prefix string, v reflect.Value) {
		for i := range v.NumField() {
			if s, ok := v.Field(i).Interface().(lipgloss.Style); ok {
				styles[prefix+v.Type().Field(i).Name] = s
			}
		}
	}
	collect("", reflect.ValueOf(st))
	collect("Help.", reflect.ValueOf(st.Help))
	require.Greater(t, len(styles), 20, "the test reaches the sheet")
	var out []pair
	for name, s := range styles {
		r, known := roles[name]
		require.True(t, known, "%s: say whether it draws text or a mark", name)
		fg := s.GetForeground()
		if _, none := fg.(lipgloss.NoColor); none || fg == nil {
			continue
		}
		for _, bg := range backgrounds[isDark] {
			out = append(out, pair{name, bg, r, contrast(fg, lipgloss.Color(bg))})
		}
	}
	return out
}

// TestStyleSheetContrast: on dark and light backgrounds, every text of
// the sheet reads at 4.5:1 or more and every bar and mark at 3:1 (WCAG
// AA); the projector mode draws with the same sheet, so the sheet is held
// to its 7:1 too, text and marks alike: a projector halves what a
// monitor shows. The worst pair is logged.
func TestStyleSheetContrast(t *testing.T) {
	for _, isDark := range []bool{true, false} {
		worst := pair{ratio: 99}
		for _, p := range sheetPairs(t, isDark) {
			floor := map[role]float64{text: 4.5, mark: 3}[p.role]
			assert.GreaterOrEqual(t, p.ratio, floor, "%s on %s (dark %v)", p.style, p.bg, isDark)
			assert.GreaterOrEqual(t, p.ratio, 7.0, "projector: %s on %s (dark %v)", p.style, p.bg, isDark)
			if p.ratio < worst.ratio {
				worst = p
			}
		}
		t.Logf("dark %v: worst pair %s on %s, %.2f:1", isDark, worst.style, worst.bg, worst.ratio)
	}
}

// TestFaintOnlyOnDark: faint is drawn at about half intensity, which
// keeps a terminal's default white on a dark background readable
// (halved toward #1C1C1C it is about #8E8E8E, 5.3:1), but turns black on
// white into #808080, 3.9:1, under 4.5:1: the ranks past k are faint only on a dark
// background; on a light one the "·" marker says it alone.
func TestFaintOnlyOnDark(t *testing.T) {
	assert.Less(t, contrast(lipgloss.Color("#808080"), lipgloss.Color("#FFFFFF")), 4.5)
	assert.GreaterOrEqual(t, contrast(lipgloss.Color("#8E8E8E"), lipgloss.Color("#1C1C1C")), 4.5)
	dark := common.NewStyles(true, true, false)
	dark.FaintPastK(colorprofile.TrueColor, true)
	assert.True(t, dark.PastK.GetFaint())
	light := common.NewStyles(false, true, false)
	light.FaintPastK(colorprofile.TrueColor, false)
	assert.False(t, light.PastK.GetFaint())
}
