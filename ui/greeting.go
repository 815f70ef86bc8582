package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// greeter is the greeting on the status line: what a person does first,
// said until another status takes its place.
type greeter struct {
	// said is the greeting as put on the status line, "" once a
	// welcome or a notice took its place.
	said string
	// newcomer is Options.Newcomer: the greeting offers the guided path.
	newcomer bool
}

// put puts the greeting on the status line, until the next status.
func (g *greeter) put(c *common.Common, w int) {
	c.SetStatus(g.words(c, w), false)
	g.said = c.Status.Text
}

// again words the greeting again for the terminal's width w while it is
// on the status line: whether n shows the title whole depends on it.
func (g *greeter) again(c *common.Common, w int) {
	if g.said == "" || c.Status.Text != g.said {
		g.said = "" // a welcome or a notice took its place
		return
	}
	if c.Remote {
		return // what to do while waiting: the same words at every width
	}
	fresh := c.Status.Fresh
	c.SetStatus(g.words(c, w), false)
	c.Status.Fresh = fresh
	g.said = c.Status.Text
}

// clear clears the greeting from the status line, if it is still
// there, where it would speak of keys that do something else: in another
// view, under the help (which it points to) or the view menu.
func (g *greeter) clear(c *common.Common) {
	if g.said != "" && c.Status.Text == g.said {
		c.SetStatus("", false)
	}
}

// words are the greeting for a terminal w cells wide (0: unknown).
func (g *greeter) words(c *common.Common, w int) string {
	d := c.WS.Doc
	notes, cut := strings.TrimSpace(d.Notes) != "", frame.TitleCut(c.Styles, c.WS, w)
	var text string
	switch {
	case cut && notes:
		text = "n shows its whole title and notes; " + strings.Join(firstStepsShort, ", ") + "."
	case cut:
		text = "n shows its whole title; " + strings.Join(firstStepsShort, ", ") + "."
	case notes:
		text = "n shows its notes; " + strings.Join(firstStepsShort, ", ") + "."
	case c.WS.N() == 0:
		// A new list: nothing to grade yet.
		text = "Press a to add an item, then a digit to set its grade, v for the views, ? for help."
	default:
		text = "Press " + strings.Join(firstSteps, ", ") + "."
	}
	if !g.newcomer {
		return text
	}
	// One line, above the footer and its v views, as for anyone else:
	// the guided path after the first steps where the width allows, or
	// first, with the two steps the footer does not name.
	if full := text + " " + learnStep; w == 0 || ansi.StringWidth(full) <= w {
		return full
	}
	if short := learnStep + " Or: " + strings.Join(firstStepsShort[:2], ", ") + "."; ansi.StringWidth(short) <= w {
		return short
	}
	return text + " " + learnStep
}

// firstSteps are what the greeting tells a person new to the explorer to
// do first, in the order they would: change a grade and watch NDCG move,
// then find the other views and the keys; firstStepsShort is the same in
// fewer words, after what n shows. The greeting is one line at 80
// columns, above the footer; learnStep is the guided path, offered to one
// who started the explorer with nothing named.
var (
	firstSteps      = []string{"a digit to set the selected rank's grade", "v for the views", "? for help"}
	firstStepsShort = []string{"a digit sets a grade", "v the views", "? help"}
	// q first: "learn" typed in the explorer is an edit (e edits the
	// title, and "arn" became it).
	learnStep = "New to NDCG? q, then ndcg-explorer learn."
)
