package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/screenshot"
)

// exporter is the state of the keys that take things out of the
// explorer: y copies (through the terminal's clipboard, OSC 52, which
// also reaches a person's clipboard over SSH), X writes the screen as an
// SVG image.
type exporter struct {
	// choosing is set after y, until a second key says what to copy.
	choosing bool
	// shotAs is the image's file name being typed after X; shot is the
	// screen as it was when X was pressed, shotName its view's name.
	shotAs   *textField
	shot     string
	shotName string
	// shotOver is a file that exists, named after X: enter a second
	// time replaces it, as save as asks.
	shotOver string
}

// The second key after y.
var copyChoices = []struct{ key, what string }{
	{"v", "view as text"},
	{"m", "report as markdown"},
	{"j", "list as JSON"},
}

func (m *Model) openCopy() {
	m.exp.choosing = true
	m.c.SetStatus("", false)
}

// copyPrompt is the status line while y waits for its second key.
func copyPrompt() string {
	var parts []string
	for _, c := range copyChoices {
		parts = append(parts, c.key+" "+c.what)
	}
	return "copy: " + strings.Join(parts, " · ") + " · esc cancel"
}

func (m *Model) copyKey(msg tea.KeyPressMsg) tea.Cmd {
	m.exp.choosing = false
	ws := m.c.WS
	var text, what string
	switch msg.String() {
	case "v", "y":
		text = m.screenText()
		what = fmt.Sprintf("the %s view as text, %d lines", m.activeName(), strings.Count(text, "\n"))
	case "m":
		if ws.Result == nil {
			m.c.SetStatus("no report to copy: "+ws.Err.Error(), true)
			return nil
		}
		text = report.MarkdownString(ws.Doc, ws.Result)
		what = "the report as markdown"
	case "j":
		if m.remote != nil {
			// Over SSH the clipboard is where a list is saved.
			return m.copyList(thenStay)
		}
		data, ok := m.listJSON()
		if !ok {
			return nil
		}
		text = data
		what = fmt.Sprintf("the list as JSON, %d items", ws.N())
	case "esc":
		m.c.SetStatus("nothing copied", false)
		return nil
	default:
		m.c.SetStatus("nothing copied: after y, v copies the view, m the report, j the list", true)
		return nil
	}
	m.c.SetStatus("copied "+what+", to the clipboard (OSC 52)", false)
	return tea.SetClipboard(text)
}

// listJSON is the list as save writes it, or false with the reason in
// the status line.
func (m *Model) listJSON() (string, bool) {
	ws := m.c.WS
	data, err := listio.WriteJSON(ws.Doc, ws.Settings)
	if err != nil {
		m.c.SetStatus("not copied: "+err.Error(), true)
		return "", false
	}
	return string(data), true
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
	m.exp.shot, m.exp.shotName = m.render(), m.activeName()
	if m.remote != nil {
		m.c.SetStatus("copied the screen as an SVG image to your clipboard (no file is written over SSH)", false)
		return tea.SetClipboard(m.shotSVG())
	}
	in := newTextField(max(m.width-17, 11), "")
	in.SetValue(m.shotPath())
	in.Focus()
	m.exp.shotAs = &in
	m.c.SetStatus("", false)
	return nil
}

// shotPath is the suggested file name: the document's stem (its file's
// name and directory, with the query for one query of many) with the
// view's name and .svg.
func (m *Model) shotPath() string {
	dir, stem := m.c.WS.Doc.Stem()
	return filepath.Join(dir, stem+"-"+m.activeName()+".svg")
}

func (m *Model) shotKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.exp.shotAs, m.exp.shotOver = nil, ""
		m.c.SetStatus("no image written", false)
		return nil
	case key.Matches(msg, k.Confirm):
		path := strings.TrimSpace(m.exp.shotAs.Value())
		if path == "" {
			m.c.SetStatus("type a file name for the image (esc cancels)", true)
			return nil
		}
		if _, err := os.Stat(path); err == nil && path != m.exp.shotOver {
			m.exp.shotOver = path
			return nil
		}
		m.exp.shotAs, m.exp.shotOver = nil, ""
		svg := m.shotSVG()
		w, h := m.width, m.height
		return func() tea.Msg {
			if err := listio.WriteFileAtomic(path, []byte(svg)); err != nil {
				return statusMsg{Text: "no image written: " + err.Error(), Err: true}
			}
			return statusMsg{Text: fmt.Sprintf("wrote the screen (%d×%d) as an SVG image to %s", w, h, path)}
		}
	}
	m.exp.shotAs.Update(msg)
	return nil
}

// shotSVG draws the screen kept by openShot, on the terminal's
// background.
func (m *Model) shotSVG() string {
	theme := screenshot.Dark
	if !m.isDark {
		theme = screenshot.Light
	}
	title := fmt.Sprintf("ndcg-explorer %s [%s]", m.c.WS.Doc.Heading(), m.exp.shotName)
	return screenshot.SVG(m.exp.shot, screenshot.Options{Width: m.width, Height: m.height, Theme: theme, Title: title})
}

// exportStatus is the status line while y or X waits for the person.
func (m *Model) exportStatus(w int) (string, bool) {
	switch {
	case m.exp.choosing:
		return ansi.Truncate(copyPrompt(), w, "…"), true
	case m.exp.shotAs != nil:
		st := &m.c.Styles
		line := "screen as SVG: " + m.exp.shotAs.View(st)
		if m.exp.shotOver != "" && m.exp.shotOver == strings.TrimSpace(m.exp.shotAs.Value()) {
			line = st.errorInk.paint("screen as SVG (exists: enter replaces it):") + " " + m.exp.shotAs.View(st)
		}
		return ansi.Truncate(line, w, ""), true
	}
	return "", false
}

// exporting is set while y or X takes the keys.
func (m *Model) exporting() bool { return m.exp.choosing || m.exp.shotAs != nil }

func (m *Model) exportKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.exp.choosing {
		return m.copyKey(msg)
	}
	return m.shotKey(msg)
}

// activeName names the view in sight, for messages and file names.
func (m *Model) activeName() string { return m.viewName(m.active) }
