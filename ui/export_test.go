package ui

import (
	"encoding/base64"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// clipboard runs the command a copy key returns and gives the text it
// sends to the terminal's clipboard (tea.SetClipboard's message is a
// string underneath).
func clipboard(t *testing.T, cmd tea.Cmd) string {
	t.Helper()
	require.NotNil(t, cmd, "the key copies nothing")
	msg := cmd()
	v := reflect.ValueOf(msg)
	require.Equal(t, reflect.String, v.Kind(), "not a clipboard message: %T", msg)
	require.Contains(t, reflect.TypeOf(msg).Name(), "Clipboard")
	return v.String()
}

func TestCopyViewAsText(t *testing.T) {
	m := start(t)
	assert.Nil(t, press(m, "y"))
	assert.Contains(t, screen(m), "copy: v view as text · m report as markdown · j list as JSON · esc cancel")
	text := clipboard(t, press(m, "v"))
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "ndcg-explorer inline"), lines[0])
	assert.Contains(t, text, "NDCG@5 = 0.9724")
	assert.NotContains(t, text, "\x1b", "no styles in the copied text")
	assert.NotContains(t, text, "q quit", "the key help stays out")
	for _, l := range lines {
		assert.Equal(t, strings.TrimRight(l, " "), l, "no trailing blanks")
	}
	assert.Contains(t, screen(m), "copied the explorer view as text, ")
	// y y copies the view too, as in vi.
	assert.Equal(t, text, clipboard(t, press(m, "y", "y")))
}

func TestCopyReportAndList(t *testing.T) {
	doc := inlineDoc(t, "3,2,3,0,1", "")
	m := New(Options{Doc: doc, Settings: linearK5(), NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	// The report as `report --format markdown` writes it: NDCG@5 of
	// 3,2,3,0,1 under linear gain is 0.9724 (scikit-learn 0.97236).
	md := clipboard(t, press(m, "y", "m"))
	assert.Equal(t, report.MarkdownString(doc, m.Workspace().Result), md)
	assert.Contains(t, md, "\n- **NDCG@5** = 0.9724\n")
	assert.Contains(t, screen(m), "copied the report as markdown")

	list := clipboard(t, press(m, "y", "j"))
	back, err := listio.ReadJSON("clipboard", []byte(list))
	require.NoError(t, err, "the copied JSON reads back as a list")
	assert.Len(t, back.List.Items, 5)
	assert.Contains(t, screen(m), "copied the list as JSON, 5 items")

	assert.Nil(t, press(m, "y", "esc"))
	assert.Contains(t, screen(m), "nothing copied")
	assert.Nil(t, press(m, "y", "x"))
	assert.Contains(t, screen(m), "nothing copied: after y, v copies the view, m the report, j the list")
	assert.Equal(t, 5, m.Workspace().N(), "x after y deletes nothing")
}

// Over SSH no file is written: X puts the screen's SVG on the person's
// clipboard, and y j copies the list as its save does.
func TestScreenAndListOverSSH(t *testing.T) {
	m := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	svg := clipboard(t, press(m, "X"))
	assert.Nil(t, dialogOf[*dialogs.Shot](m), "no file name is asked for")
	assert.True(t, strings.HasPrefix(svg, "<svg "), svg)
	assert.Contains(t, svg, "NDCG@5 = 0.9724")
	assert.Contains(t, screen(m), "copied the screen as an SVG image to your clipboard")
	press(m, "3")
	list := clipboard(t, press(m, "y", "j"))
	assert.Contains(t, list, `"items"`)
	assert.False(t, m.Workspace().Dirty(), "over SSH, copying the list is saving it")
}

func TestScreenAsSVG(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot.svg")
	m := start(t)
	before := screen(m)
	press(m, "X")
	assert.Contains(t, screen(m), "screen as SVG: list-explorer.svg", "a sample or inline list's image goes in the current directory")
	press(m, "ctrl+u")
	typeText(m, path)
	cmd := press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.Equal(t, "wrote the screen (80×24) as an SVG image to "+path, m.c.Status.Text)

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	// Well-formed XML whose text is the screen as it was when X was
	// pressed, line by line.
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	var text strings.Builder
	in := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			in = tok.Name.Local == "text"
		case xml.CharData:
			if in {
				text.WriteString(string(tok))
			}
		case xml.EndElement:
			in = false
		}
	}
	assert.Contains(t, text.String(), "NDCG@5")
	assert.Contains(t, before, "NDCG@5 = 0.9724")
	assert.Contains(t, string(data), "NDCG@5 = 0.9724", "the summary line is one run of one style")
}

func TestScreenAsSVGNextToTheListFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items":[{"grade":1},{"grade":0}]}`), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, ndcg.DefaultSettings(), 80, 24)
	press(m, "X")
	assert.Equal(t, filepath.Join(dir, "mine-explorer.svg"), dialogOf[*dialogs.Shot](m).Value())
	press(m, "esc")
	assert.Contains(t, screen(m), "no image written")
}

// One query of a run: the image and the saved copy are named after the
// run and the query, not the run alone (which every query would share),
// and go beside the run.
func TestScreenAsSVGOfOneQuery(t *testing.T) {
	dir := t.TempDir()
	qrels, run := filepath.Join(dir, "q.qrels"), filepath.Join(dir, "bm25.run")
	require.NoError(t, os.WriteFile(qrels, []byte("7/a 0 d1 2\n"), 0o644))
	require.NoError(t, os.WriteFile(run, []byte("7/a Q0 d1 1 0.9 r\n7/a Q0 d2 2 0.5 r\n"), 0o644))
	doc, err := listio.LoadTRECQuery(qrels, run, "7/a")
	require.NoError(t, err)
	m := newModel(t, doc, ndcg.DefaultSettings(), 80, 24)
	press(m, "X")
	assert.Equal(t, filepath.Join(dir, "bm25-query-7_a-explorer.svg"), dialogOf[*dialogs.Shot](m).Value())
	press(m, "esc", "W")
	assert.Equal(t, filepath.Join(dir, "bm25-query-7_a.json"), dialogOf[*dialogs.SaveAs](m).Value(), "beside the run, as the image")
}

// X onto a file that exists asks first, as save as does: the first enter
// says so and writes nothing, the second replaces it.
func TestScreenAsSVGAsksBeforeReplacing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shot.svg")
	require.NoError(t, os.WriteFile(path, []byte("mine"), 0o644))
	m := start(t)
	press(m, "X", "ctrl+u")
	typeText(m, path)
	assert.Nil(t, press(m, "enter"))
	assert.Contains(t, screen(m), "exists: enter replaces it")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "mine", string(data), "the first enter writes nothing")
	cmd := press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "<svg "))
}

// y m copies the report as `report --format markdown` writes it, escaped
// alike: an id A ESC[2J ESC]0;pwned BEL reaches the terminal's OSC 52
// sequence (and so the clipboard) as the text A\x1b[2J…, with no raw ESC
// or BEL, and HTML in an id as entities.
func TestCopyMarkdownIsEscaped(t *testing.T) {
	doc := &listio.Document{Name: "hostile.json", List: &ndcg.List{Items: []ndcg.Item{
		{ID: "A\x1b[2J\x1b]0;pwned\a", Grade: 3}, {ID: "<script>alert(1)</script>", Grade: 1}}}}
	m := New(Options{Doc: doc, Settings: linearK5(), NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	text := clipboard(t, press(m, "y", "m"))
	seq := ansi.SetSystemClipboard(text)
	payload := strings.TrimSuffix(strings.TrimPrefix(seq, "\x1b]52;c;"), "\a")
	data, err := base64.StdEncoding.DecodeString(payload)
	require.NoError(t, err)
	assert.Equal(t, report.MarkdownString(doc, m.Workspace().Result), string(data))
	assert.NotContains(t, string(data), "\x1b")
	assert.NotContains(t, string(data), "\a")
	assert.Contains(t, string(data), "| 1 | A\\x1b[2J\\x1b]0;pwned\\x07 | 3 |")
	assert.Contains(t, string(data), "| 2 | &lt;script&gt;alert(1)&lt;/script&gt; | 1 |")
}
