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
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Progress{}, nil
	}
	if err != nil {
		return Progress{}, fmt.Errorf("cannot read your progress: %w", err)
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

// Covered says what the learner has covered, for the end of a session.
func (p Progress) Covered() string {
	if len(p.Seen) == 0 {
		return "You have not opened a step yet: ndcg-explorer learn starts at step 1."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You answered %d of %d steps right", len(p.Right), len(Steps))
	if len(p.Right) > 0 {
		var titles []string
		for _, n := range p.Right {
			titles = append(titles, Steps[n-1].Title)
		}
		fmt.Fprintf(&b, ": %s", strings.Join(titles, ", "))
	}
	b.WriteString(".\n")
	var open []string
	for _, n := range p.Seen {
		if !slices.Contains(p.Right, n) {
			open = append(open, fmt.Sprintf("%d (%s)", n, Steps[n-1].Title))
		}
	}
	if len(open) > 0 {
		fmt.Fprintf(&b, "Opened and not yet answered right: step %s.\n", strings.Join(open, ", step "))
	}
	switch {
	case p.Finished():
		b.WriteString("That is the whole path. ndcg-explorer learn N opens step N again; ndcg-explorer opens the explorer on the default sample.\n")
	default:
		n := p.Resume()
		fmt.Fprintf(&b, "ndcg-explorer learn resumes at step %d (%s); ndcg-explorer learn N opens step N.\n", n, Steps[n-1].Title)
	}
	return b.String()
}
