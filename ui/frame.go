package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The frame is what the explorer and the query browser draw alike
// around their own content: the screen set-up, the status line, the
// footer of keys, the help overlay, the quit question and the screen
// drawn when the terminal is too small.

// frameView sets a frame up: the alternate screen, clicks and the wheel
// (shift-drag still selects text in most terminals), the window title.
func frameView(content, title string) tea.View {
	v := tea.NewView(content)
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = title
	return v
}

// status is the line under the body: what the last key did, or why it
// could not.
type status struct {
	text string
	err  bool
}

// set shows text until the next one; err marks it as a problem. A
// status often names data (an item, a file, an error's echo): it is
// shown, never obeyed.
func (s *status) set(text string, err bool) { s.text, s.err = shown(text), err }

// line draws text in w cells as a status or, when the status is an
// error, as one.
func (s status) line(st Styles, text string, w int) string {
	if ansi.StringWidth(text) > w {
		text = ansi.Truncate(shortenPath(text), w, "…")
	}
	if s.err {
		return st.errorInk.paint(text)
	}
	return st.status.paint(text)
}

// shortenPath drops the directories of the file an error message starts
// with ("/a/long/path/list.json:2: …" becomes "…/list.json:2: …"), so that
// on a narrow screen what went wrong shows rather than where the file is;
// other text comes back as it was.
func shortenPath(text string) string {
	colon := strings.Index(text, ": ")
	if colon < 0 {
		return text
	}
	if slash := strings.LastIndexByte(text[:colon], '/'); slash > 0 {
		return "…" + text[slash:]
	}
	return text
}

// tooSmall is the screen drawn instead of what needs minW×minH.
func tooSmall(what string, w, h, minW, minH int) string {
	msg := fmt.Sprintf("Terminal too small: %d×%d. %s needs at least %d×%d: make the window larger, or press q to quit.", w, h, what, minW, minH)
	return block(wrap(msg, w), w, h)
}

// footerLine is a short help line of at most w cells that always ends
// with the help and quit keys: the other bindings go first and are cut,
// most important first, when the line is too narrow for them all.
func footerLine(h *help.Model, bindings []key.Binding, helpKey, quitKey key.Binding, w int) string {
	tail := h.ShortHelpView([]key.Binding{helpKey, quitKey})
	sep := h.ShortSeparator
	var rest []key.Binding
	for _, b := range bindings {
		if k := b.Help().Key; k != helpKey.Help().Key && k != quitKey.Help().Key {
			rest = append(rest, b)
		}
	}
	room := max(w-cellWidth(ansi.Strip(tail))-cellWidth(sep), 1)
	h.SetWidth(room)
	head := h.ShortHelpView(rest)
	// The help model adds a binding that overflows when not even its
	// ellipsis would fit; drop bindings from the end until the line fits.
	for n := len(rest) - 1; n >= 0 && cellWidth(head) > room; n-- {
		head = h.ShortHelpView(rest[:n])
	}
	h.SetWidth(w)
	line := tail
	if head != "" {
		line = head + h.Styles.ShortSeparator.Inline(true).Render(sep) + tail
	}
	return ansi.Truncate(line, w, "")
}

// overlay is a titled text drawn over the body (the full help): whole
// when it fits, else on a viewport that the arrow keys scroll, its
// heading saying which lines are shown.
type overlay struct {
	open        bool
	title, note string
	vp          viewport.Model
}

// show opens the overlay on text laid out for w×h; it starts at the top.
func (o *overlay) show(title, note, text string, w, h int) {
	o.open, o.title, o.note = true, title, note
	o.vp = viewport.New()
	o.vp.KeyMap = viewport.KeyMap{} // the program's keys scroll it (scroll)
	o.set(text, w, h)
}

// set lays text out again in w×h (after a resize), keeping the place.
func (o *overlay) set(text string, w, h int) {
	o.vp.SetWidth(max(w, 1))
	o.vp.SetHeight(max(h-1, 1))
	o.vp.SetContent(text)
	o.vp.SetYOffset(o.vp.YOffset())
}

// scroll moves the text by n lines, up when n is negative.
func (o *overlay) scroll(n int) {
	if n < 0 {
		o.vp.ScrollUp(-n)
	} else {
		o.vp.ScrollDown(n)
	}
}

// fits reports whether the whole text is on screen.
func (o *overlay) fits() bool { return o.vp.TotalLineCount() <= o.vp.Height() }

// view draws the heading and the text in w×h.
func (o *overlay) view(st Styles, w, h int) string {
	if o.fits() {
		return block(st.Title.Render(o.title)+st.Subtle.Render("  "+o.note)+"\n"+o.vp.GetContent(), w, h)
	}
	top, shown := o.vp.YOffset(), o.vp.Height()
	head := st.Title.Render(o.title) + st.Subtle.Render(fmt.Sprintf("  lines %d–%d of %d, ↑/↓ scroll",
		top+1, top+shown, o.vp.TotalLineCount()))
	return block(head+"\n"+o.vp.View(), w, h)
}

// quitQuestion asks whether to quit with edits not saved, and reads the
// answer from its own key bindings.
type quitQuestion struct {
	Quit, Save, Stay key.Binding
}

var quitKeys = quitQuestion{
	Quit: bind([]string{"y", "Y"}, "y", "quit without saving"),
	Save: bind([]string{"w", "s", "ctrl+s"}, "w", "save and quit"),
	Stay: bind([]string{"esc", "n", "N"}, "esc", "stay"),
}

// ask is the question after what, offering the answers given.
func (q quitQuestion) ask(what string, answers ...key.Binding) string {
	parts := make([]string, len(answers))
	for i, b := range answers {
		parts[i] = b.Help().Key + ": " + b.Help().Desc
	}
	return what + ". " + strings.Join(parts, " · ")
}
