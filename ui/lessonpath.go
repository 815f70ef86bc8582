package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// Where a lesson goes: the steps of its path, or of the closing review
// once the built-in path is done, the step enter goes on to, and the
// review's score.

// minutes is about how long a path takes: a minute and a half a step,
// rounded to five.
func minutes(p *learn.Path) int { return max(5, (p.Count()*3/2+2)/5*5) }

// path is the steps on screen: the lesson's, or the closing review's.
func (l *Lesson) path() *learn.Path {
	if l.review != nil {
		return l.review
	}
	return l.o.Path
}

// Review is the closing review's score: the questions answered right at
// the first answer, of those asked; 0 of 0 before it starts.
func (l *Lesson) Review() (right, asked int) {
	if l.review == nil {
		return 0, 0
	}
	asked = l.n
	if !l.judged {
		asked--
	}
	return l.reviewRight, asked
}

// next is the step enter goes on to once the step is answered: the
// next one not answered right (a step answered right is not asked
// again), or past the last, Count()+1.
func (l *Lesson) next() int {
	n := l.n + 1
	for l.review == nil && l.o.Room == nil && n <= l.path().Count() && slices.Contains(l.o.Progress.Right, n) {
		n++
	}
	return n
}

// nextName is where enter goes once the step is answered.
func (l *Lesson) nextName() string {
	switch n := l.next(); {
	case n <= l.path().Count() && l.review != nil:
		return fmt.Sprintf("question %d", n)
	case n <= l.path().Count():
		return fmt.Sprintf("step %d", n)
	case l.o.Room != nil:
		return "your list"
	case l.review == nil && l.o.Path == learn.BuiltinPath():
		return "the closing review"
	case l.review == nil:
		return "the end of the lesson"
	}
	return "your score"
}

// startReview opens the closing review: five questions on lists drawn
// afresh, the first answer to each counted.
func (l *Lesson) startReview() tea.Cmd {
	seed := l.o.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	l.review = learn.Review(rand.New(rand.NewPCG(seed, 0)))
	if err := l.open(1); err != nil {
		l.review = nil
		l.inner.c.SetStatus(err.Error(), true)
		return nil
	}
	l.inner.c.SetStatus(fmt.Sprintf("The path is done. A closing review: %d questions on fresh lists; your first answer to each counts.", learn.ReviewSize), false)
	return nil
}
