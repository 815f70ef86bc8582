package learn

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
}

// firstTitles are the titles of the path's first edition, whose
// progress files name no titles.
var firstTitles = []string{"gain and discount", "DCG", "the ideal ranking and IDCG", "NDCG",
	"the cutoff k", "ties at the cutoff", "conventions that disagree", "checking a hand computation"}

// titles are the built-in path's step titles, in order.
func titles() []string {
	out := make([]string, len(Steps))
	for i, s := range Steps {
		out[i] = s.Title
	}
	return out
}

// renumber reads steps numbered under the titles was by title under the
// path as it is now; a step no longer on the path is dropped.
func renumber(steps []int, was []string) []int {
	now := titles()
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
	// Only a regular file: a FIFO put there would wait forever.
	b, err := listio.ReadRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Progress{}, nil
	}
	if errors.Is(err, fs.ErrPermission) {
		return Progress{}, fmt.Errorf("cannot read your progress (%w): make it readable, chmod u+rw %s, or remove it to start the path afresh", err, path)
	}
	if err != nil {
		return Progress{}, fmt.Errorf("cannot read your progress (%w): remove %s to start the path afresh", err, path)
	}
	var p Progress
	if err := json.Unmarshal(b, &p); err != nil {
		return Progress{}, fmt.Errorf("%s is not a progress file this program wrote (%v); remove it to start the path afresh", path, err)
	}
	was := p.Titles
	if was == nil {
		was = firstTitles
	}
	if !slices.Equal(was, titles()) {
		p.Right, p.Seen, p.Next = renumber(p.Right, was), renumber(p.Seen, was), 0
	}
	p.Titles = titles()
	p.Right = valid(p.Right)
	p.Seen = valid(p.Seen)
	if p.Next < 0 || p.Next > len(Steps) {
		p.Next = 0
	}
	return p, nil
}

// valid keeps the step numbers that exist, once each, in order.
func valid(steps []int) []int {
	var out []int
	for _, n := range steps {
		if n >= 1 && n <= len(Steps) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// Save writes the progress, replacing the file whole (a crash leaves the
// old progress or the new, never half of it).
func (p Progress) Save() error {
	path, err := ProgressPath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot keep your progress: %w", err)
	}
	p.Titles = titles()
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
	for n := 1; n <= len(Steps); n++ {
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
func (p Progress) Finished() bool { return len(p.Right) == len(Steps) }

// Covered says what the learner has covered, a line a step, and how to
// go on: for the end of a session, in lines that fit 60 columns, the
// smallest terminal the lesson runs in.
func (p Progress) Covered() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Steps answered right: %d of %d.\n", len(p.Right), len(Steps))
	width := 0
	for _, s := range Steps {
		width = max(width, len(s.Title))
	}
	for i, s := range Steps {
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
	if p.Finished() {
		b.WriteString("That is the whole path.\nndcg-explorer learn N opens step N again;\n" +
			"ndcg-explorer FILE opens the explorer on a list of your own.\n")
		return b.String()
	}
	n := p.Resume()
	fmt.Fprintf(&b, "Next: step %d (%s).\nndcg-explorer learn resumes there;\nndcg-explorer learn N opens step N.\n", n, Steps[n-1].Title)
	return b.String()
}
