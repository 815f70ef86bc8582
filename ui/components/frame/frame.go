package frame

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// The frame is what the explorer and the query browser draw alike
// around their own content: the screen set-up, the status line, the
// footer of keys, the help overlay, the quit question and the screen
// drawn when the terminal is too small.

// View sets a frame up: the alternate screen, clicks and the wheel
// (shift-drag still selects text in most terminals), the window title.
func View(content, title string) tea.View {
	v := tea.NewView(content)
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = title
	return v
}

// TooSmall is the screen drawn instead of what needs minW×minH.
func TooSmall(what string, w, h, minW, minH int) string {
	msg := fmt.Sprintf("Terminal too small: %d×%d. %s needs at least %d×%d: make the window larger, or press q to quit.", w, h, what, minW, minH)
	return layout.Block(layout.Wrap(msg, w), w, h)
}

// FooterLine is a short help line of at most w cells that always ends
// with the help and quit keys: the other bindings go first and are cut,
// most important first, when the line is too narrow for them all.
func FooterLine(h *help.Model, bindings []key.Binding, helpKey, quitKey key.Binding, w int) string {
	tail := h.ShortHelpView([]key.Binding{helpKey, quitKey})
	sep := h.ShortSeparator
	var rest []key.Binding
	for _, b := range bindings {
		if k := b.Help().Key; k != helpKey.Help().Key && k != quitKey.Help().Key {
			rest = append(rest, b)
		}
	}
	room := max(w-layout.CellWidth(ansi.Strip(tail))-layout.CellWidth(sep), 1)
	h.SetWidth(room)
	head := h.ShortHelpView(rest)
	// The help model adds a binding that overflows when not even its
	// ellipsis would fit; drop bindings from the end until the line fits.
	for n := len(rest) - 1; n >= 0 && layout.CellWidth(head) > room; n-- {
		head = h.ShortHelpView(rest[:n])
	}
	h.SetWidth(w)
	line := tail
	if head != "" {
		line = head + h.Styles.ShortSeparator.Inline(true).Render(sep) + tail
	}
	return ansi.Truncate(line, w, "")
}

// Overlay is a titled text drawn over the body (the full help): whole
// when it fits, else on a viewport that the arrow keys scroll, its
// heading saying which lines are shown. A headless overlay has no
// heading: its place and how to close it are said by the footer (place).
type Overlay struct {
	Open, Headless bool
	title, note    string
	vp             viewport.Model
}

// Show opens the overlay on text laid out for w×h; it starts at the top.
func (o *Overlay) Show(title, note, text string, w, h int) {
	o.Open, o.title, o.note = true, title, note
	o.vp = viewport.New()
	o.vp.KeyMap = viewport.KeyMap{} // the program's keys scroll it (scroll)
	o.Set(text, w, h)
}

// Set lays text out again in w×h (after a resize), keeping the place.
func (o *Overlay) Set(text string, w, h int) {
	if !o.Headless {
		h--
	}
	o.vp.SetWidth(max(w, 1))
	o.vp.SetHeight(max(h, 1))
	o.vp.SetContent(text)
	o.vp.SetYOffset(o.vp.YOffset())
}

// Scroll moves the text by n lines, up when n is negative.
func (o *Overlay) Scroll(n int) {
	if n < 0 {
		o.vp.ScrollUp(-n)
	} else {
		o.vp.ScrollDown(n)
	}
}

// fits reports whether the whole text is on screen.
func (o *Overlay) fits() bool { return o.vp.TotalLineCount() <= o.vp.Height() }

// Place says which lines are on screen when not all of them are.
func (o *Overlay) Place() string {
	if o.fits() {
		return ""
	}
	top, shown := o.vp.YOffset(), o.vp.Height()
	return fmt.Sprintf("lines %d–%d of %d", top+1, top+shown, o.vp.TotalLineCount())
}

// View draws the heading, unless headless, and the text in w×h.
func (o *Overlay) View(st common.Styles, w, h int) string {
	switch {
	case o.Headless:
		return layout.Block(o.vp.View(), w, h)
	case o.fits():
		return layout.Block(st.Title.Render(o.title)+st.Subtle.Render("  "+o.note)+"\n"+o.vp.GetContent(), w, h)
	}
	head := st.Title.Render(o.title) + st.Subtle.Render("  "+o.Place()+", ↑/↓ scroll")
	return layout.Block(head+"\n"+o.vp.View(), w, h)
}

// ReadingPause is the least time a person takes between the key that
// asks a question and the key that answers it: they read it first.
// Keys typed in one go, a word typed while no field had the keys, a
// burst sent by a program or by a terminal that pastes as keys, come
// faster than that, each after the one before; Bubble Tea delivers them
// one by one, with nothing that tells a burst apart, so the time
// between two keys is what does.
const ReadingPause = 300 * time.Millisecond

// Now is the clock keys are timed by, in the explorer and the query
// browser alike; tests set their own.
var Now = time.Now

// KeyTimes remembers when the last two keys came, to tell an answer to
// a question from a key typed in one go with the one that asked it (the
// explorer's questions and the serve dashboard's).
type KeyTimes struct{ Last, before time.Time }

// Press notes that a key came at t.
func (k *KeyTimes) Press(t time.Time) { k.before, k.Last = k.Last, t }

// InOneGo reports whether the last key came within ReadingPause of the
// key before it: typed in the same go, so not an answer to a question
// that key asked, which had not been read.
func (k KeyTimes) InOneGo() bool {
	return !k.before.IsZero() && k.Last.Sub(k.before) < ReadingPause
}

// ReadFirst is a question asked again when an answer to it came in one go
// with the key that asked it: the same question, led by a few words, so
// that whoever typed fast sees why their key did nothing (it was set
// aside, not lost) and what to do, in a line no longer than the
// question's own by more than its first words (the question about
// unsaved edits still fits 80 columns).
func ReadFirst(question string) string {
	r, n := utf8.DecodeRuneInString(question)
	return "Read first: " + string(unicode.ToLower(r)) + question[n:]
}

// Question asks whether to quit with edits not saved, and reads the
// answer from its own key bindings.
type Question struct {
	Quit, Save, Stay key.Binding
}

var QuitKeys = Question{
	Quit: common.Bind([]string{"y", "Y"}, "y", "quit without saving"),
	Save: common.Bind([]string{"w", "s", "ctrl+s"}, "w", "save and quit"),
	Stay: common.Bind([]string{"esc", "n", "N"}, "esc", "stay"),
}

// Ask is the question after what, offering the answers given.
func (q Question) Ask(what string, answers ...key.Binding) string {
	parts := make([]string, len(answers))
	for i, b := range answers {
		parts[i] = b.Help().Key + ": " + b.Help().Desc
	}
	return what + ". " + strings.Join(parts, " · ")
}

// PromptFooter is the footer while a field has the keys: enter and esc,
// then the field's keys that a prompt most needs, cut to w cells.
func PromptFooter(h *help.Model, k common.KeyMap, w int) string {
	f := textfield.Keys
	h.SetWidth(w)
	line := h.ShortHelpView([]key.Binding{k.Confirm, k.Cancel, f.DeleteWordBack, f.DeleteToStart, f.WordLeft, f.WordRight, f.Home, f.End})
	return ansi.Truncate(line, w, "")
}
