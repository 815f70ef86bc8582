package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// View is the whole screen as the last Update drew it: header, the
// active view (or a dialog), status line and key help.
func (m *Model) View() tea.View {
	return frame.View(m.drawn.frame, windowTitle(m.c.WS.Doc))
}

// windowTitle names the list in the terminal's title.
func windowTitle(doc *listio.Document) string {
	return "ndcg-explorer: " + common.Shown(doc.Name)
}

// drawn are the footer and the conventions line as last drawn, each
// drawn again only when what it is drawn from changes, and the whole
// screen, drawn at the end of each Update (View hands it out).
type drawn struct {
	foot  drawnFooter
	conv  drawnConventions
	frame string
}

// drawnFooter is the footer as drawn for w cells, a view, and whether a
// field had the keys: a prompt opened within an Update (y s) changes
// the footer. Zero: drawn again.
type drawnFooter struct {
	line    string
	w, view int
	typing  bool
}

// drawnConventions is the conventions line as drawn for w cells under
// s, drawn again after an edit or a change of styles (w -1).
type drawnConventions struct {
	line string
	w    int
	s    ndcg.Settings
}

// decor is what a program built on the explorer adds to its screen (the
// workshop's: Workshop). Each is optional.
type decor struct {
	// clock follows the list's heading on the title line (a timed
	// round's time left), mark goes at its right, before the view's
	// name (the screen shown to the room).
	clock, mark func() string
	// awaiting, while ok, is an answer the program waits for: the status
	// line is text, on one line, and the footer names the keys that
	// answer (they mean that until then).
	awaiting func(w int) (text, footer string, ok bool)
	// help ends the help's page with lines of the program's.
	help func(w int) []string
}

// clockText and markText are the decor's clock and mark, "" without.
func (d decor) clockText() string {
	if d.clock == nil {
		return ""
	}
	return d.clock()
}

func (d decor) markText() string {
	if d.mark == nil {
		return ""
	}
	return d.mark()
}

// await is the decor's answer awaited, if any.
func (d decor) await(w int) (text, footer string, ok bool) {
	if d.awaiting == nil {
		return "", "", false
	}
	return d.awaiting(w)
}

// render draws the whole screen.
func (m *Model) render() string {
	w, h := m.win.width, m.win.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if m.win.tooSmall() {
		msg := frame.TooSmall("The explorer", w, h, MinWidth, MinHeight)
		if _, asking := m.dialog.(*dialogs.Question); asking {
			// The quit question must be seen, whole, to be answered: it
			// takes the last lines.
			lines := strings.Split(msg, "\n")
			q := strings.Split(layout.Wrap(m.c.Status.Text, w), "\n")
			q = q[:min(len(q), len(lines))]
			for i, l := range q {
				lines[len(lines)-len(q)+i] = m.c.Status.Paint(m.c.Styles, l)
			}
			msg = strings.Join(lines, "\n")
		}
		return msg
	}
	body := h - chromeLines
	bar := []string{viewBar(m.c, m.active, w)}
	var main string
	if m.dialog != nil && m.dialog.Covers() {
		// The help and the dialogs take the view bar's line too: they
		// cover the views, and the help fits 80×24 whole with it.
		bar, body = nil, body+1
		main = m.dialog.View(w, body)
	} else {
		main = m.views[m.active].View()
	}
	conv := m.drawn.conv.draw(m.c, m.views[m.active], w)
	if m.c.WS.Pending() {
		// The numbers on screen are those before the last change: the
		// spinner says they are being worked out for these conventions.
		// The line makes room for it as for any width, settings giving
		// way whole.
		conv = m.later.Glyph(m.c.Styles) + " " + m.drawn.conv.draw(m.c, m.views[m.active], max(w-2, 0))
	}
	parts := append([]string{m.deco.titleLine(m.c, viewName(m.active), w), conv}, bar...)
	status, more := m.statusLines(w)
	if more == "" {
		more = m.footer(w)
	}
	parts = append(parts, layout.Block(main, w, body), status, more)
	return strings.Join(parts, "\n")
}

// titleLine is the first line: the list's heading, the view's name and
// whether the list is modified, and the decor's clock and mark (while
// the room sees the screen, that it does). Where all of it would leave
// the heading less than half the line, the view's name gives way (the
// view bar has it), then "modified".
func (d decor) titleLine(c *common.Common, view string, w int) string {
	dirty := c.WS.Dirty()
	right := frame.TitleRight(view, dirty)
	if mark := d.markText(); mark != "" {
		right = mark
		for _, r := range []string{frame.TitleRight(view, dirty), frame.TitleRight("", dirty)} {
			if both := mark + " " + r; ansi.StringWidth(both) <= w/2 {
				right = strings.TrimSpace(both)
				break
			}
		}
	}
	line, _ := frame.TitleLine(c.Styles, c.WS.Doc, d.clockText(), right, w)
	return line
}

// draw states the conventions view v computes under, as every output
// does: in words when there is room, in short when not; drawn again for
// another width or other conventions.
func (d *drawnConventions) draw(c *common.Common, v view.View, w int) string {
	s := shownSettings(v, c.WS.Settings)
	if d.w != w || !s.Equal(d.s) {
		*d = drawnConventions{line: drawConventions(c.Styles, s, w), w: w, s: s}
	}
	return d.line
}

// settingsShower is a view whose numbers follow conventions of its own
// (the quiz asks NDCG at its own k): the header states those.
type settingsShower interface{ ShownSettings() ndcg.Settings }

// shownSettings are the conventions view v computes under: the list's
// (list), but for a view that has its own.
func shownSettings(v view.View, list ndcg.Settings) ndcg.Settings {
	if v, ok := v.(settingsShower); ok {
		return v.ShownSettings()
	}
	return list
}

// drawConventions is the conventions line of s in w cells, in st's ink.
func drawConventions(st common.Styles, s ndcg.Settings, w int) string {
	c := explain.State(s)
	preset := c.Preset
	long := []string{
		c.Gain + " (" + c.GainFormula + ")", c.Discount, c.K, c.Ties, c.IDCG, c.Zero, c.GradesShort,
	}
	// The short form abbreviates what the long one says.
	short := c.Short()
	named := func(p string) string {
		if preset == "" {
			return ""
		}
		return p
	}
	// =NAME, the preset in force, which F4 (the conventions view) and the
	// conventions view mark (explain.PresetInForce): a list read under
	// a library's rules but with a setting of its own (LightGBM's with
	// a label gain) names none, as they mark none.
	line := layout.JoinNonEmpty(append(long, named("="+preset)), " · ")
	if ansi.StringWidth(line) > w {
		line = layout.JoinNonEmpty(append(short, named("="+preset)), " · ")
	}
	if ansi.StringWidth(line) > w {
		// A preset says it all: it goes first, so that it is never what
		// gets cut; the settings that do not fit whole give way from the
		// end (integer grades, then the IDCG=0 rule…), not a word cut.
		line = joinFit(append([]string{named("=" + preset)}, short...), " · ", w)
	}
	return st.SubtleInk.Paint(ansi.Truncate(line, w, "…"))
}

// joinFit joins the non-empty parts with sep in at most w cells: those
// that do not fit whole give way from the end, an … saying so.
func joinFit(parts []string, sep string, w int) string {
	line := layout.JoinNonEmpty(parts, sep)
	for n := len(parts) - 1; n > 0 && ansi.StringWidth(line) > w; n-- {
		line = layout.JoinNonEmpty(parts[:n], sep) + sep + "…"
	}
	return line
}

// statusLines is the status line and, when a status just set is too
// long for it, its second line, drawn instead of the footer (see
// common.Status.Fresh), unless the footer names the keys of an answer
// awaited (decor). A prompt's field has the line to itself.
func (m *Model) statusLines(w int) (string, string) {
	if line, ok := promptLine(m.dialog, w); ok {
		return line, ""
	}
	if text, _, ok := m.deco.await(w); ok {
		// The footer names the keys that answer, which they mean until
		// then: no status covers it.
		return m.c.Status.Line(m.c.Styles, text, w), ""
	}
	return m.c.Status.Lines(m.c.Styles, m.c.Status.Text, w)
}

// promptLine is the line of the dialog on the status line (k, save as,
// an image's name, what to copy), if one is open.
func promptLine(d dialogs.Dialog, w int) (string, bool) {
	if d == nil || d.Covers() {
		return "", false
	}
	line := d.View(w, 1)
	return line, line != ""
}

// footer is the active view's short help, with ? and q always in view
// however narrow the terminal. It is drawn once per width, view and
// style sheet.
func (m *Model) footer(w int) string {
	if m.dialog != nil {
		// A dialog has the keys: its footer names them, the view's do
		// nothing.
		if line := m.dialog.Footer(w); line != "" {
			return line
		}
	}
	if _, line, ok := m.deco.await(w); ok {
		return line
	}
	typing := editingInPlace(m.views[m.active])
	if f := m.drawn.foot; f.line != "" && f.w == w && f.view == m.active && f.typing == typing {
		return f.line
	}
	k := m.c.Keys
	var line string
	if typing {
		// Every key but enter and esc goes into the field, ? and q too:
		// the footer names the field's keys instead of the view's.
		line = frame.PromptFooter(&m.help.Model, k, w)
	} else {
		// The view menu is always in sight: how a lesson finds every
		// other view.
		line = frame.FooterLine(&m.help.Model, m.views[m.active].ShortHelp(), k.Help, k.Quit, w, k.ViewMenu)
	}
	m.drawn.foot = drawnFooter{line: line, w: w, view: m.active, typing: typing}
	return line
}

// editingInPlace reports whether the explorer's score or title is edited
// in place, where the field has the keys (a dialog's field names its
// keys in its own footer). The check and quiz views, whose fields take a
// number, say so in their own footers.
func editingInPlace(v view.View) bool {
	e, ok := v.(*explorer.Model)
	return ok && e.Capturing()
}
