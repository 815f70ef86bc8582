package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// Status is the line under the body: what the last key did, or why it
// could not.
type Status struct {
	Text string
	Err  bool
	// fresh says no key has been pressed since text was set: a text too
	// long for its line then takes the footer's line too, so that it is
	// read whole where it appears; the next key brings the footer back
	// and cuts the text to one line.
	Fresh bool
	// Here says the text is about the view on screen ("5" does nothing
	// in the working view): another view clears it.
	Here bool
}

// Set shows text until the next one; err marks it as a problem. A
// status often names data (an item, a file, an error's echo): it is
// shown, never obeyed.
func (s *Status) Set(text string, err bool) {
	s.Text, s.Err, s.Fresh, s.Here = Shown(text), err, true, false
}

// SetHere is Set for a text about the view on screen, which a change of
// view clears.
func (s *Status) SetHere(text string, err bool) {
	s.Set(text, err)
	s.Here = true
}

// LeftView clears a text about the view just left.
func (s *Status) LeftView() {
	if s.Here {
		*s = Status{}
	}
}

// Seen marks the text as read: a key, a click or a paste came after it.
func (s *Status) Seen() { s.Fresh = false }

// Line draws text in w cells as a status or, when the status is an
// error, as one.
func (s Status) Line(st Styles, text string, w int) string {
	if ansi.StringWidth(text) > w {
		text = ansi.Truncate(ShortenPath(text), w, "…")
	}
	return s.Paint(st, text)
}

func (s Status) Paint(st Styles, text string) string {
	if s.Err {
		return st.ErrorInk.Paint(text)
	}
	return st.StatusInk.Paint(text)
}

// Lines draws text in w cells as line does, or, while it is fresh and
// longer than w, on two lines broken between words: the second is drawn
// where the footer is. A text too long even for two lines drops the
// directories of the file it starts with, then is cut at the end of the
// second.
func (s Status) Lines(st Styles, text string, w int) (string, string) {
	if !s.Fresh || ansi.StringWidth(text) <= w {
		return s.Line(st, text, w), ""
	}
	two := func(text string) []string {
		return strings.SplitN(keepHyphens.Replace(layout.Wrap(joinHyphens.Replace(text), w)), "\n", 3)
	}
	l := two(text)
	if len(l) > 2 {
		l = two(ShortenPath(text))
	}
	if len(l) < 2 {
		// The text without its directories fits one line.
		return s.Paint(st, l[0]), ""
	}
	second := l[1]
	if len(l) > 2 {
		second = ansi.Truncate(second+" "+strings.ReplaceAll(l[2], "\n", " "), w, "…")
	}
	return s.Paint(st, l[0]), s.Paint(st, ansi.Truncate(second, w, "…"))
}

// The wrap breaks after any hyphen, and a status often holds a command
// to type: the lab attendee's resume line broke as "ssh -p 24101
// student-" over "2+wpypugxm@127.0.0.1", two halves of a user name.
// Hyphens are held as non-breaking ones (U+2011, one cell too) while
// the text is wrapped between words.
var (
	joinHyphens = strings.NewReplacer("-", "\u2011")
	keepHyphens = strings.NewReplacer("\u2011", "-")
)

// ShortenPath drops the directories of the files a message names: of
// the file an error starts with ("/a/long/path/list.json:2: …" becomes
// "…/list.json:2: …"), and of every word with a slash and a dot after it
// ("saved 6 items to /a/long/path/list.csv" ends "…/list.csv"), so that
// on a narrow screen what went wrong or what was done shows rather than
// where the files are; other text comes back as it was.
func ShortenPath(text string) string {
	var b strings.Builder
	rest := text
	if colon := strings.Index(text, ": "); colon >= 0 {
		if slash := strings.LastIndexByte(text[:colon], '/'); slash > 0 {
			b.WriteString("…" + text[slash:colon])
			rest = text[colon:]
		}
	}
	for i, word := range strings.Split(rest, " ") {
		if i > 0 {
			b.WriteByte(' ')
		}
		if slash := strings.LastIndexByte(word, '/'); slash > 0 && strings.Contains(word[slash:], ".") {
			word = "…" + word[slash:]
		}
		b.WriteString(word)
	}
	return b.String()
}
