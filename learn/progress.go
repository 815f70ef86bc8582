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
	// Next is the step `learn` resumes at, from 1; 0 before the first.
	Next int `json:"next"`
	// Right are the steps answered right, Seen those opened, in order.
	Right []int `json:"right,omitempty"`
	Seen  []int `json:"seen,omitempty"`
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
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return listio.WriteFileAtomic(path, append(b, '\n'))
}

// Resume is the step `learn` opens with no step given: the one after the
// last left, the first one not answered right once the last is done, or
// 1.
func (p Progress) Resume() int {
	if p.Next >= 1 && p.Next <= len(Steps) {
		return p.Next
	}
	for n := 1; n <= len(Steps); n++ {
		if !slices.Contains(p.Right, n) {
			return n
		}
	}
	return 1
}

// Opened records step n as seen and the one to resume at.
func (p *Progress) Opened(n int) {
	p.Next = n
	p.Seen = valid(append(p.Seen, n))
}

// Answered records step n answered right.
func (p *Progress) Answered(n int) { p.Right = valid(append(p.Right, n)) }

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
		fmt.Fprintf(&b, "  %d  %-*s  %s\n", n, width, s.Title, state)
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
