package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// An error about a file deep in directories shows what went wrong at 80
// columns: the directories give way, the file's name and line stay.
func TestStatusShortensALongPath(t *testing.T) {
	m := start(t)
	dir := filepath.Join(t.TempDir(), "a-rather-long-directory-name", "another-long-one")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(path, []byte("{\"items\": [\n{\"id\": \"x\", \"grade\": 2},\n"), 0o644))
	press(m, "o")
	typeText(m, path)
	press(m, "enter")
	status := strings.Split(screen(m), "\n")[22]
	assert.True(t, strings.HasPrefix(status, "…/bad.json:"), "%q", status)
	assert.Contains(t, status, "malformed JSON")

	assert.Equal(t, "…/b.json:2: x", common.ShortenPath("/x/y/b.json:2: x"))
	assert.Equal(t, "Unsaved edits. w: save", common.ShortenPath("Unsaved edits. w: save"), "no path")
	assert.Equal(t, "saved to …/b.json (note)", common.ShortenPath("saved to a/b.json (note)"), "a path within")
	assert.Equal(t, "choose one with ↑/↓", common.ShortenPath("choose one with ↑/↓"), "a slash that is not in a path")
	assert.Equal(t, "…/a.json:1: see …/b.json and …/c.run;", common.ShortenPath("/x/a.json:1: see /y/b.json and z/c.run;"), "every path")
}

// The title line names a list deep in directories by its file's name:
// the directories give way when the whole path does not fit.
func TestTitleKeepsTheFileName(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "workshops", "2026-ndcg", "day-one", "exercises-after-lunch")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "the-tie-at-the-cutoff.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"title": "A tie", "items": [{"id": "A", "grade": 3}]}`), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	title := strings.Split(screen(m), "\n")[0]
	assert.True(t, strings.HasPrefix(title, "ndcg-explorer …/the-tie-at-the-cutoff.json: A tie "), "%q", title)
	assert.True(t, strings.HasSuffix(title, "[explorer]"), "%q", title)
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 24})
	assert.Contains(t, screen(m), "ndcg-explorer "+path+": A tie", "whole where it fits")
}

// A long title gives way after the file's directories and the program's
// name, cut between two words, never inside one; the notes (N) then
// start with it whole. Where there is room it is whole in the title line
// and the notes do not repeat it.
func TestLongTitleIsCutBetweenWords(t *testing.T) {
	doc, err := listio.Load("sample:missing-relevant", nil, "")
	require.NoError(t, err)
	full := "Missing relevant items: a perfect-looking list that missed the best documents"
	require.Equal(t, full, doc.Title)
	m := newModel(t, doc, linearK5(), 80, 24)
	title := strings.Split(screen(m), "\n")[0]
	assert.Equal(t, "sample:missing-relevant: Missing relevant items: a perfect-looking…", strings.TrimRight(strings.TrimSuffix(title, "[explorer]"), " "))
	press(m, "N")
	assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), "title: "+full+" notes: The four retrieved")

	m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	title = strings.Split(screen(m), "\n")[0]
	assert.True(t, strings.HasPrefix(title, "ndcg-explorer sample:missing-relevant: "+full+" "), "%q", title)
	assert.NotContains(t, screen(m), "title: ")

	// Without the program's name it fits whole: the name gives way.
	doc, err = listio.Load("sample:ties-at-k", nil, "")
	require.NoError(t, err)
	m = newModel(t, doc, linearK5(), 80, 24)
	title = strings.Split(screen(m), "\n")[0]
	assert.True(t, strings.HasPrefix(title, "sample:ties-at-k: A tie at the cutoff: which result counts? "), "%q", title)
	press(m, "N")
	assert.NotContains(t, screen(m), "title: ", "whole in the title line")
}

func TestCutBetweenWords(t *testing.T) {
	assert.Equal(t, "a tie at…", frame.CutBetweenWords("a tie at the cutoff", 10))
	assert.Equal(t, "a tie at the cutoff", frame.CutBetweenWords("a tie at the cutoff", 19))
	assert.Equal(t, "An IDCG slip…", frame.CutBetweenWords("An IDCG slip: a tutorial's grades", 15), "no colon before …")
	assert.Equal(t, "Missing…", frame.CutBetweenWords("Missingrelevantitems at all", 8), "a first word too long is cut")
}

// The greeting says N shows the whole title when the title line cuts it,
// worded for the terminal's width, then what to do first, on one line at
// 80×24 above the footer; a list without notes whose title is cut shows
// the title alone with N.
func TestGreetingSaysNShowsACutTitle(t *testing.T) {
	m := openSample(t, "missing-relevant", 80, 24)
	want := "n shows its whole title and notes; a digit sets a grade, v the views, ? help."
	assert.Equal(t, want, m.c.Status.Text)
	lines := strings.Split(screen(m), "\n")
	assert.Equal(t, want, strings.TrimSpace(lines[22]), "one line")
	assert.Contains(t, lines[23], "v views • ? help • q quit", "the footer below it")
	m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	assert.Equal(t, "n shows its notes; a digit sets a grade, v the views, ? help.", m.c.Status.Text, "whole at 140 columns")
	press(m, "tab")
	assert.Empty(t, m.c.Status.Text, "the greeting, worded again, does not follow into another view")

	m = openSample(t, "ties-at-k", 80, 24)
	assert.Equal(t, "n shows its notes; a digit sets a grade, v the views, ? help.", m.c.Status.Text, "a title whole at 80 columns")

	doc, err := listio.Load("sample:missing-relevant", nil, "")
	require.NoError(t, err)
	doc.Notes = ""
	m = newModel(t, doc, linearK5(), 80, 24)
	assert.Equal(t, "n shows its whole title; a digit sets a grade, v the views, ? help.", m.c.Status.Text)
	press(m, "N")
	assert.Equal(t, "whole title shown (n hides it)", m.c.Status.Text)
	assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), "title: Missing relevant items: a perfect-looking list that missed the best documents")
	assert.NotContains(t, screen(m), "notes: ")
	press(m, "N")
	assert.Equal(t, "whole title hidden (n shows it)", m.c.Status.Text)
	assert.NotContains(t, screen(m), "title: ")

	// A welcome or a notice in its place stays as it was.
	m = New(Options{Doc: sampleDoc(t, "missing-relevant"), Settings: linearK5(), NoColor: true, Notice: "read from a copy"})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Equal(t, "read from a copy", m.c.Status.Text)
	m.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	assert.Equal(t, "read from a copy", m.c.Status.Text)
}
