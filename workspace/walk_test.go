package workspace

import "math/rand/v2"

// step is one kind of random edit in a walk: the edit to make at rank r
// of w, or nil when it made none itself (an undo, a redo, a save).
type step struct {
	weight int
	edit   func(w *Workspace, r int) Edit
}

// walk makes n random steps on w, each drawn from mix by weight at a
// random rank, applies the edit it returns, and calls check after each.
func walk(w *Workspace, rng *rand.Rand, n int, mix []step, check func(i int)) {
	total := 0
	for _, s := range mix {
		total += s.weight
	}
	for i := range n {
		r, x := rng.IntN(max(w.N(), 1)), rng.IntN(total)
		for _, s := range mix {
			if x -= s.weight; x < 0 {
				if e := s.edit(w, r); e != nil {
					w.Apply(e)
				}
				break
			}
		}
		check(i)
	}
}

// The steps every walk takes.
var (
	undo     = step{1, func(w *Workspace, _ int) Edit { w.Undo(); return nil }}
	redo     = step{1, func(w *Workspace, _ int) Edit { w.Redo(); return nil }}
	nextTies = step{1, func(w *Workspace, _ int) Edit { return w.NextTies() }}
)

// weighted is s drawn weight times as often as a step of weight 1.
func weighted(weight int, s step) step { s.weight = weight; return s }

// edit is a step of weight 1 from an edit that may say why it made
// none.
func edit(f func(w *Workspace, r int) (Edit, string)) step {
	return step{1, func(w *Workspace, r int) Edit { e, _ := f(w, r); return e }}
}

// grades sets a random grade below n.
func grades(rng *rand.Rand, n int) step {
	return edit(func(w *Workspace, r int) (Edit, string) { return w.SetGrade(r, float64(rng.IntN(n))) })
}
