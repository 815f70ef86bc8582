package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/screenshot"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// The keys that take things out of the explorer: y copies (through the
// terminal's clipboard, OSC 52, which also reaches a person's clipboard
// over SSH) what its second key names (dialogs.Copy), X writes the
// screen as an SVG image (dialogs.Shot).

// copyKey copies what the key after y names.
func (m *Model) copyKey(k string) tea.Cmd {
	ws := m.c.WS
	var text, what string
	switch k {
	case "v", "y":
		text = m.screenText()
		what = fmt.Sprintf("the %s view as text, %d lines", viewName(m.active), strings.Count(text, "\n"))
	case "m":
		if ws.Result == nil {
			m.c.SetStatus("no report to copy: "+ws.Err.Error(), true)
			return nil
		}
		text = report.MarkdownString(ws.Doc, ws.Result)
		what = "the report as markdown"
	case "s":
		return m.openShot()
	case "j":
		if m.remote != nil {
			// Over SSH the clipboard is where a list is saved.
			return m.files.copyList(dialogs.ThenStay)
		}
		data, ok := m.files.listJSON()
		if !ok {
			return nil
		}
		text = data
		what = fmt.Sprintf("the list as JSON, %d items", ws.N())
	case "esc":
		m.c.SetStatus("nothing copied", false)
		return nil
	default:
		m.c.SetStatus("nothing taken out: after y, v copies the view, m the report, j the list; s writes the screen as SVG", true)
		return nil
	}
	m.c.SetStatus("copied "+what+", to the clipboard (OSC 52)", false)
	return tea.SetClipboard(text)
}

// screenText is what the screen shows above the status line, without
// its styles or trailing blanks: the title, the conventions and the
// view.
func (m *Model) screenText() string {
	lines := strings.Split(ansi.Strip(m.render()), "\n")
	lines = lines[:max(len(lines)-2, 0)] // the status line and the keys
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n") + "\n"
}

// openShot keeps the screen as it is and asks for the image's file name,
// suggesting one next to the list's file. Over SSH, where no file is
// written, the image goes to the person's clipboard instead.
func (m *Model) openShot() tea.Cmd {
	shot, name := m.render(), viewName(m.active)
	// Drawn when asked for, at the window's size and on its background.
	svg := func() string {
		o := screenshot.Options{Width: m.win.width, Height: m.win.height, Theme: screenshot.Dark}
		if !m.look.dark {
			o.Theme = screenshot.Light
		}
		return shotSVG(shot, o, m.c.WS.Doc, name)
	}
	if m.remote != nil {
		m.c.SetStatus("copied the screen as an SVG image to your clipboard (no file is written over SSH)", false)
		return tea.SetClipboard(svg())
	}
	m.open(dialogs.NewShot(dialogHost{m}, shotPath(m.c.WS.Doc, name), svg))
	return nil
}

// shotPath is the suggested file name: the document's stem (its file's
// name and directory, with the query for one query of many) with the
// view's name and .svg.
func shotPath(doc *listio.Document, view string) string {
	dir, stem := doc.Stem()
	return filepath.Join(dir, stem+"-"+view+".svg")
}

// shotSVG draws shot, the screen of doc's view called view kept by
// openShot, at the size and on the background of o.
func shotSVG(shot string, o screenshot.Options, doc *listio.Document, view string) string {
	o.Title = fmt.Sprintf("ndcg-explorer %s [%s]", doc.Heading(), view)
	return screenshot.SVG(shot, o)
}
