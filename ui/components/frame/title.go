package frame

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// TitleRight is the end of the title line: the view's name (none when
// view is empty), and "modified" while there are unsaved edits.
func TitleRight(view string, dirty bool) string {
	out := ""
	if view != "" {
		out = "[" + view + "]"
	}
	if dirty {
		out = strings.TrimPrefix(out+" modified", " ")
	}
	return out
}

// TitleLine is the first line of the screen in w cells: the program's
// name and the list's heading, right ending it, after clock (a timed
// round's time left, drawn as given; "" for none). What does not fit gives
// way in this order: the directories of the list's file (its name says
// which list it is), the program's name (the window's title says it),
// then the end of the list's title, cut between two words. whole says
// the title is shown whole; when it is not, the notes (n) start with it.
func TitleLine(st common.Styles, d *listio.Document, clock, right string, w int) (line string, whole bool) {
	name, title := common.Shown(d.Name), ""
	if d.Heading() != d.Name {
		title = common.Shown(d.Title)
	}
	end := ""
	if d.New {
		end = " (new file: w saves it)"
	}
	if clock != "" {
		// Drawn as given (its style says how much time is left).
		right = clock + " " + st.WarnInk.Paint(right)
	} else {
		right = st.WarnInk.Paint(right)
	}
	room := w - ansi.StringWidth(right) - 1
	prog := st.TitleInk.Paint("ndcg-explorer") + " "
	left := func(prog, name, title string) string {
		if title == "" {
			return prog + name + end
		}
		return prog + name + ": " + title + end
	}
	fits := func(s string) bool { return ansi.StringWidth(s) <= room }
	whole = true
	text := left(prog, name, title)
	if slash := strings.LastIndexByte(name, '/'); slash > 0 && !fits(text) {
		name = "…" + name[slash:]
		text = left(prog, name, title)
	}
	if !fits(text) {
		text = left("", name, title)
	}
	if !fits(text) && title != "" {
		whole = false
		if rest := room - ansi.StringWidth(left("", name, "")) - 2; rest >= 8 {
			text = left("", name, CutBetweenWords(title, rest))
		}
	}
	if !fits(text) {
		text = ansi.Truncate(text, max(room, 0), "…")
	}
	gap := max(w-ansi.StringWidth(text)-ansi.StringWidth(right), 1)
	return ansi.Truncate(text+strings.Repeat(" ", gap)+right, w, ""), whole
}

// TitleCut reports whether the explorer's title line, w cells wide,
// cuts the list's title short; N then shows it whole, and the greeting
// says so. It is never cut before the width is known.
func TitleCut(st common.Styles, ws *workspace.Workspace, w int) bool {
	if w <= 0 {
		return false
	}
	_, whole := TitleLine(st, ws.Doc, "", TitleRight("explorer", ws.Dirty()), w)
	return !whole
}

// CutBetweenWords shortens text to at most w cells, cut after its last
// whole word that fits and ending with …, so that no word is cut short;
// a first word too long for w is cut.
func CutBetweenWords(text string, w int) string {
	if ansi.StringWidth(text) <= w {
		return text
	}
	cut := ""
	for i, r := range text {
		if r != ' ' {
			continue
		}
		head := strings.TrimRight(text[:i], " ,;:—-")
		if ansi.StringWidth(head)+1 > w {
			break
		}
		cut = head
	}
	if cut == "" {
		return ansi.Truncate(text, w, "…")
	}
	return cut + "…"
}
