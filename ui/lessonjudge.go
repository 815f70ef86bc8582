package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// judgedDone ends an answer judged: the field left, progress kept.
func (l *Lesson) judgedDone() tea.Cmd {
	l.in.Blur()
	l.inner.c.SetStatus("", false)
	if l.right && l.review == nil {
		l.o.Progress.Answered(l.n)
		return l.save()
	}
	return nil
}

// enterWhole judges a k or a rank (learn.Step.JudgeWhole): a wrong one
// is told what the k or rank given is, and may be tried again.
func (l *Lesson) enterWhole(text string) tea.Cmd {
	g, right, words, refused := l.step.JudgeWhole(text)
	if refused != "" {
		l.hint, l.verdict = true, refused
		return nil
	}
	l.answered, l.right, l.judged = true, right, true
	l.given, l.wholeWords = verify.Written{Value: float64(g)}, words
	if right {
		l.shown = true
		l.verdict = view.VerdictMark(l.inner.c, true) + fmt.Sprintf(" Right: %s = %d; %s", l.step.Label(), g, words)
	} else {
		l.verdict = view.VerdictMark(l.inner.c, false) + fmt.Sprintf(" Not quite: %s", words)
		if h := l.step.Hint; h != "" {
			l.verdict += " Hint: " + h
		}
	}
	return l.judgedDone()
}

// slipShown reports whether an answer written with fewer decimals than
// the step asks for is still worth judging: it is wrong at the decimals
// it has, and a mistake is found behind it for certain (step 13's
// 6.324, the tutorial's own terms rounded before adding), or it is a
// number no answer can be (step 4's 96, NDCG as a percentage). Refused,
// it taught nothing.
func (l *Lesson) slipShown(w verify.Written) bool {
	if w.Holds(l.truth) {
		return false
	}
	d := l.step.Diagnose(w)
	if w.Decimals() < 2 && d.Impossible == "" {
		// With fewer than two, digits cut off (1.8) or a convention
		// fit too often to be named: only a number no answer can be
		// (96, NDCG as a percentage) is judged.
		return false
	}
	return d.Slip != "" && !d.Guess && !d.Ambiguous
}
