package common

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// Styles is the program's one style sheet. Nothing it marks depends on
// colour alone: the cursor is reversed, headings are bold, tie groups
// carry brackets and labels, so the screen reads the same with NO_COLOR
// (where Bubble Tea drops every colour) as with colour.
type Styles struct {
	Title, Subtle, Header, Cursor, Cutoff lipgloss.Style
	// PastK is the ranks past k: no style of its own until FaintPastK
	// says the terminal keeps faint apart from plain (the rows' "·"
	// marker says it on every screen); never a grey that a projector
	// washes out.
	PastK                                     lipgloss.Style
	Tie, TieStraddle, Number, Good, Bad, Warn lipgloss.Style
	BarActual, BarIdeal, BarBand              lipgloss.Style
	PanelTitle, Status, Error                 lipgloss.Style
	// Selected is a field's value selected whole, which the next typed
	// text replaces: underlined, so that it reads without colour too,
	// and apart from the cursor's reversed cell.
	Selected lipgloss.Style
	Help     help.Styles
	// G are the characters the screens draw with.
	G Glyphs

	// The same, as inks for the per-row hot path.
	SubtleInk, TieInk, StraddleInk, CursorInk, CutoffInk, BarActualInk, BarIdealInk, BarBandInk Ink
	PastKInk, SelectedInk                                                                       Ink
	TitleInk, HeaderInk, PanelTitleInk, WarnInk, ErrorInk, StatusInk                            Ink
}

// NewStyles builds the style sheet for a dark or light background;
// colour false gives the monochrome sheet NO_COLOR asks for, ascii the
// glyphs a terminal without Unicode can draw.
func NewStyles(isDark, colour, ascii bool) Styles {
	ld := lipgloss.LightDark(isDark)
	c := func(light, dark string) lipgloss.Style {
		if !colour {
			return lipgloss.NewStyle()
		}
		return lipgloss.NewStyle().Foreground(ld(lipgloss.Color(light), lipgloss.Color(dark)))
	}
	// Every colour reads at 7:1 or more on the backgrounds of common dark
	// and light themes (black to #262626, white to #EEEEEE), the
	// projector's floor, text and bars alike (contrast_test.go works it
	// out with WCAG's formula): a projector washes out what a monitor
	// shows, and the back row reads the footer too.
	s := Styles{
		Title:       c("#5A32A3", "#C8A6FF").Bold(true),
		Subtle:      c("#4D4D4D", "#B3B3B3"),
		Header:      c("#3C3C3C", "#DADADA").Bold(true),
		Cursor:      lipgloss.NewStyle().Reverse(true),
		PastK:       lipgloss.NewStyle(),
		Cutoff:      c("#7A3D00", "#FFB454"),
		Tie:         c("#6A1BB8", "#D7A6FF"),
		TieStraddle: c("#A3001E", "#FFA0AE").Bold(true),
		Number:      lipgloss.NewStyle(),
		Good:        c("#0F5A27", "#7EE787"),
		Bad:         c("#A3001E", "#FFA0AE"),
		Warn:        c("#7A3D00", "#FFB454"),
		BarActual:   c("#0A47A0", "#80BFFF"),
		BarIdeal:    c("#4D4D4D", "#B3B3B3"),
		BarBand:     c("#6A1BB8", "#D7A6FF"),
		PanelTitle:  c("#3C3C3C", "#DADADA").Bold(true).Underline(true),
		Status:      c("#3C3C3C", "#DADADA"),
		Error:       c("#A3001E", "#FFA0AE").Bold(true),
		Selected:    c("#5A32A3", "#C8A6FF").Underline(true),
		G:           GlyphsFor(ascii),
	}
	// The footer and the help in the sheet's own inks: bubbles' default
	// help greys (#4A4A4A on a #1C1C1C background, 1.9:1) faded on a
	// projector. Keys bold in the headings' ink, words and separators in
	// the subtle one.
	key, desc := c("#3C3C3C", "#DADADA").Bold(true), c("#4D4D4D", "#B3B3B3")
	s.Help = help.Styles{
		Ellipsis: desc, ShortKey: key, ShortDesc: desc, ShortSeparator: desc,
		FullKey: key, FullDesc: desc, FullSeparator: desc,
	}
	s.SubtleInk, s.TieInk, s.StraddleInk, s.CursorInk = InkOf(s.Subtle), InkOf(s.Tie), InkOf(s.TieStraddle), InkOf(s.Cursor)
	s.PastKInk, s.SelectedInk = InkOf(s.PastK), InkOf(s.Selected)
	s.CutoffInk, s.BarActualInk, s.BarIdealInk, s.BarBandInk = InkOf(s.Cutoff), InkOf(s.BarActual), InkOf(s.BarIdeal), InkOf(s.BarBand)
	s.TitleInk, s.HeaderInk, s.PanelTitleInk = InkOf(s.Title), InkOf(s.Header), InkOf(s.PanelTitle)
	s.WarnInk, s.ErrorInk, s.StatusInk = InkOf(s.Warn), InkOf(s.Error), InkOf(s.Status)
	return s
}

// FaintPastK draws the ranks past k faint. Only a terminal of 256
// colours or more (colorprofile.ANSI256, TrueColor) on a dark
// background is asked to: faint on a 16-colour one is often drawn as a
// dark grey that a projector washes out, or not at all, and on a light
// background it halves black to a grey under 4.5:1; there the "·"
// marker alone says it. The projector mode draws no faint at all.
func (s *Styles) FaintPastK(p colorprofile.Profile, isDark bool) {
	s.PastK = lipgloss.NewStyle().Faint(isDark && (p == colorprofile.ANSI256 || p == colorprofile.TrueColor))
	s.PastKInk = InkOf(s.PastK)
}

// Ink is a style reduced to the escape codes around its text, for the
// styles drawn on every row: concatenating them costs nothing, while a
// full Render per cell was most of a frame's time on long lists.
type Ink struct{ Pre, Post string }

func InkOf(st lipgloss.Style) Ink {
	const probe = "\x00"
	pre, post, _ := strings.Cut(st.Render(probe), probe)
	return Ink{pre, post}
}

func (k Ink) Paint(s string) string {
	if k.Pre == "" || s == "" {
		return s
	}
	return k.Pre + s + k.Post
}

// Glyphs are the characters drawn besides letters and digits: Unicode,
// or ASCII for a terminal that cannot draw it (--ascii, b switches).
type Glyphs struct {
	ASCII bool
	// Cursor marks the selected row; Rule draws the k line; Dotted the
	// mean among the tie orders; Sep divides two columns.
	Cursor, Rule, Dotted, Sep string
	// KMark follows the bar at k; Mean points at the mean; Swap joins
	// two ranks; Diagonal is the swap map's; Bullet starts a reason.
	KMark, Mean, Swap, Diagonal, Bullet string
	// Ghost marks a judged item never retrieved; Relevant and Irrelevant
	// mark the ranks of the companion metrics; Holds and Fails a check.
	Ghost, Relevant, Irrelevant, Holds, Fails string
	// TieTop, TieMid and TieBottom bracket a tie group.
	TieTop, TieMid, TieBottom string
	// Ascending and Descending show the way a column is sorted.
	Ascending, Descending string
	// PastK marks a rank past k; Above, Below and Skipped say that a
	// table or chart hides ranks ("↓ 3 more").
	PastK, Above, Below, Skipped string
	// Block is a whole cell of a bar.
	Block string
	// Spinner turns while a view works its numbers out; both sets have
	// the same number of frames, so switching sets mid-turn is safe.
	Spinner spinner.Spinner
}

func GlyphsFor(ascii bool) Glyphs {
	if ascii {
		return Glyphs{ASCII: true, Cursor: ">", Rule: "-", Dotted: "-", Sep: "|",
			KMark: " <k", Mean: "<", Swap: "<->", Diagonal: "\\", Bullet: "- ",
			Ghost: "o", Relevant: "*", Irrelevant: ".", Holds: "OK", Fails: "NO",
			TieTop: "/", TieMid: "|", TieBottom: "\\", Ascending: "^", Descending: "v",
			PastK: ".", Above: "^", Below: "v", Skipped: ":", Block: "#",
			Spinner: spinner.Spinner{Frames: []string{"|", "/", "-", "\\", "|", "/", "-", "\\"}, FPS: spinnerFPS}}
	}
	return Glyphs{Cursor: "▸", Rule: "─", Dotted: "┄", Sep: "│",
		KMark: " ◂k", Mean: "◂", Swap: "↔", Diagonal: "╲", Bullet: "• ",
		Ghost: "◌", Relevant: "●", Irrelevant: "○", Holds: "✓", Fails: "✗",
		TieTop: "┌", TieMid: "│", TieBottom: "└", Ascending: "▲", Descending: "▼",
		PastK: "·", Above: "↑", Below: "↓", Skipped: "⋮", Block: "█",
		Spinner: spinner.Spinner{Frames: []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"}, FPS: spinnerFPS}}
}

// spinnerFPS is the spinner's frame time.
const spinnerFPS = time.Second / 10
