package learn

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
)

// Progress is how far a learner has come along the path.
type Progress struct {
	// Next is the step last opened, from 1; 0 before the first and
	// once the learner went on from the last.
	Next int `json:"next"`
	// Right are the steps answered right, Seen those opened, in order.
	Right []int `json:"right,omitempty"`
	Seen  []int `json:"seen,omitempty"`
	// Titles are the path's step titles when the progress was kept:
	// a path with steps added or moved reads Right and Seen by title,
	// so a step answered right stays answered under its new number.
	Titles []string `json:"titles,omitempty"`

	// of is the lesson the progress is of, nil for the built-in path;
	// lesson is its file as the learner named it, keep the file the
	// progress is kept in (LoadLessonProgress).
	of           *Path
	lesson, keep string
}

// path is the lesson the progress is of.
func (p Progress) path() *Path {
	if p.of != nil {
		return p.of
	}
	return builtin
}

// firstTitles are the titles of the path's first edition, whose
// progress files name no titles.
var firstTitles = []string{"gain and discount", "DCG", "the ideal ranking and IDCG", "NDCG",
	"the cutoff k", "ties at the cutoff", "conventions that disagree", "checking a hand computation"}

// titles are the path's step titles, in order.
func titles(p *Path) []string {
	out := make([]string, len(p.Steps))
	for i, s := range p.Steps {
		out[i] = s.Title
	}
	return out
}

// renumber reads steps numbered under the titles was by title under the
// titles now; a step no longer on the path is dropped.
func renumber(steps []int, was, now []string) []int {
	var out []int
	for _, n := range steps {
		if n < 1 || n > len(was) {
			continue
		}
		if i := slices.Index(now, was[n-1]); i >= 0 {
			out = append(out, i+1)
		}
	}
	return out
}

// ProgressPath is the file progress is kept in:
// ndcg-explorer/learn.json in the user's configuration directory
// (os.UserConfigDir: $XDG_CONFIG_HOME or ~/.config on Linux).
func ProgressPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration directory to keep your progress in (%w); set XDG_CONFIG_HOME", err)
	}
	return filepath.Join(dir, "ndcg-explorer", "learn.json"), nil
}

// LoadProgress reads the progress kept; none kept yet is the start.
func LoadProgress() (Progress, error) {
	path, err := ProgressPath()
	if err != nil {
		return Progress{}, err
	}
	return loadProgress(path, nil, "")
}

// LessonProgressPath is the file the progress through the lesson file
// named is kept in: lessons/HASH.json beside learn.json, HASH that of
// the file's absolute path, so that two lessons' progress never mix
// and a lesson edited in place keeps its learner's (read by title, as
// the built-in path's is).
func LessonProgressPath(file string) (string, error) {
	dir, err := ProgressPath()
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("cannot keep your progress through %s: %w", file, err)
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(filepath.Dir(dir), "lessons", hex.EncodeToString(sum[:8])+".json"), nil
}

// LoadLessonProgress reads the progress kept through the lesson file
// named, whose steps are path; none kept yet is the start. Save keeps
// it there, and Resume, Covered and the rest count path's steps.
// Where it cannot be kept, the error says why and the progress is the
// start, of path still.
func LoadLessonProgress(file string, path *Path) (Progress, error) {
	keep, err := LessonProgressPath(file)
	if err != nil {
		return Progress{of: path, lesson: file}, err
	}
	return loadProgress(keep, path, file)
}

// loadProgress reads the progress kept at path through the lesson of
// (nil: the built-in path), named lesson.
func loadProgress(path string, of *Path, lesson string) (Progress, error) {
	start := Progress{of: of, lesson: lesson}
	if of != nil {
		start.keep = path // the built-in path's is found where it is kept
	}
	// Only a regular file: a FIFO put there would wait forever.
	b, err := listio.ReadRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return start, nil
	}
	if errors.Is(err, fs.ErrPermission) {
		return Progress{}, fmt.Errorf("cannot read your progress (%w): make it readable, chmod u+rw %s, or remove it to start the path afresh", err, path)
	}
	if err != nil {
		return Progress{}, fmt.Errorf("cannot read your progress (%w): remove %s to start the path afresh", err, path)
	}
	p := start
	if err := json.Unmarshal(b, &p); err != nil {
		return Progress{}, fmt.Errorf("%s is not a progress file this program wrote (%v); remove it to start the path afresh", path, err)
	}
	now := titles(p.path())
	was := p.Titles
	if was == nil && of == nil {
		was = firstTitles
	}
	if was != nil && !slices.Equal(was, now) {
		p.Right, p.Seen, p.Next = renumber(p.Right, was, now), renumber(p.Seen, was, now), 0
	}
	p.Titles = now
	p.Right = valid(p.Right, len(now))
	p.Seen = valid(p.Seen, len(now))
	if p.Next < 0 || p.Next > len(now) {
		p.Next = 0
	}
	return p, nil
}

// valid keeps the step numbers that exist, once each, in order.
func valid(steps []int, count int) []int {
	var out []int
	for _, n := range steps {
		if n >= 1 && n <= count && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// Save writes the progress, replacing the file whole (a crash leaves the
// old progress or the new, never half of it).
func (p Progress) Save() error {
	path := p.keep
	if path == "" {
		var err error
		if path, err = ProgressPath(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot keep your progress: %w", err)
	}
	p.Titles = titles(p.path())
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return listio.WriteFileAtomic(path, append(b, '\n'))
}

// Resume is the step `learn` opens with no step given: the first one
// not answered right (a step answered right is never asked again, and
// one answered right just before quitting counts), or 1 once every step
// is.
func (p Progress) Resume() int {
	for n := 1; n <= p.path().Count(); n++ {
		if !slices.Contains(p.Right, n) {
			return n
		}
	}
	return 1
}

// Opened records step n as seen and the one last opened.
func (p *Progress) Opened(n int) {
	p.Next = n
	p.Seen = with(p.Seen, n)
}

// Answered records step n answered right.
func (p *Progress) Answered(n int) { p.Right = with(p.Right, n) }

// with is steps with n, once, in order: a lesson file's steps may be
// more than the built-in path's.
func with(steps []int, n int) []int {
	if slices.Contains(steps, n) {
		return steps
	}
	out := append(slices.Clone(steps), n)
	slices.Sort(out)
	return out
}

// Done records that the learner went on from the last step: the next
// `learn` resumes at the first step not answered right.
func (p *Progress) Done() { p.Next = 0 }

// Finished reports whether every step has been answered right.
func (p Progress) Finished() bool { return len(p.Right) == p.path().Count() }

// Covered says what the learner has covered, a line a step, and how to
// go on: for the end of a session, in lines that fit 60 columns, the
// smallest terminal the lesson runs in.
func (p Progress) Covered() string {
	var b strings.Builder
	steps := p.path().Steps
	fmt.Fprintf(&b, "Steps answered right: %d of %d.\n", len(p.Right), len(steps))
	width := 0
	for _, s := range steps {
		width = max(width, len(s.Title))
	}
	for i, s := range steps {
		n := i + 1
		state := "not opened yet"
		switch {
		case slices.Contains(p.Right, n):
			state = "answered right"
		case slices.Contains(p.Seen, n):
			state = "opened, not yet right"
		}
		fmt.Fprintf(&b, "  %2d  %-*s  %s\n", n, width, s.Title, state)
	}
	learn := "ndcg-explorer learn"
	if name := p.lesson; name != "" {
		if strings.ContainsAny(name, " '\"\\$`;&|<>*?") || strconv.Quote(name) != `"`+name+`"` {
			name = termsafe.Quote(name) // as the shell would not read it
		}
		learn += " " + name
	}
	if p.Finished() {
		if p.lesson != "" {
			fmt.Fprintf(&b, "That is the whole lesson.\n%s N opens step N again.\n", learn)
			return b.String()
		}
		b.WriteString("That is the whole path.\nndcg-explorer learn N opens step N again;\n" +
			"ndcg-explorer FILE opens the explorer on a list of your own.\n")
		return b.String()
	}
	n := p.Resume()
	fmt.Fprintf(&b, "Next: step %d (%s).\n%s resumes there;\n%s N opens step N.\n", n, steps[n-1].Title, learn, learn)
	return b.String()
}
