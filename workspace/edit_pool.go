package workspace

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Edits of the pool: the judged items the system did not retrieve. They
// are undoable like every edit of the list, and focus no item of the
// list (the explorer's cursor stays where it was).

// insertJudged puts a judged item at position at of the pool.
type insertJudged struct {
	what string
	at   int
	item ndcg.Judged
}

func (e *insertJudged) do(w *Workspace) {
	w.Doc.List.Pool = slices.Insert(w.Doc.List.Pool, e.at, e.item)
}

func (e *insertJudged) undo(w *Workspace) {
	w.Doc.List.Pool = slices.Delete(w.Doc.List.Pool, e.at, e.at+1)
}

func (e *insertJudged) focus() int     { return -1 }
func (e *insertJudged) String() string { return e.what }

// removeJudged is insertJudged the other way round.
type removeJudged struct{ insertJudged }

func (e *removeJudged) do(w *Workspace)   { e.insertJudged.undo(w) }
func (e *removeJudged) undo(w *Workspace) { e.insertJudged.do(w) }

// setJudged changes one pool item.
type setJudged struct {
	what          string
	at            int
	before, after ndcg.Judged
}

func (e *setJudged) do(w *Workspace)   { w.Doc.List.Pool[e.at] = e.after }
func (e *setJudged) undo(w *Workspace) { w.Doc.List.Pool[e.at] = e.before }
func (e *setJudged) focus() int        { return -1 }
func (e *setJudged) String() string    { return e.what }

// AddJudged adds a pool item of grade g at the end of the pool. A new
// judged item is usually a relevant one the system missed, so callers
// give it a grade above 0.
func (w *Workspace) AddJudged(g float64) (Edit, string) {
	if why := w.full(); why != "" {
		return nil, why
	}
	if err := ndcg.CheckGrade(g); err != nil {
		return nil, err.Error()
	}
	it := ndcg.Judged{ID: w.freshPoolID(), Grade: g}
	return &insertJudged{what: fmt.Sprintf("added %s to the pool (grade %s, not retrieved)", it.ID, fmtNum(g)),
		at: len(w.List().Pool), item: it}, ""
}

// SetJudgedGrade gives pool item j the grade g (at least 0).
func (w *Workspace) SetJudgedGrade(j int, g float64) (Edit, string) {
	pool := w.List().Pool
	if j < 0 || j >= len(pool) {
		return nil, "the pool is empty: press a to add a judged item the system missed"
	}
	g = math.Max(g, 0)
	it := pool[j]
	if it.Grade == g {
		return nil, ""
	}
	after := it
	after.Grade = g
	return &setJudged{what: fmt.Sprintf("grade of pool item %s %s → %s", it.ID, fmtNum(it.Grade), fmtNum(g)),
		at: j, before: it, after: after}, ""
}

// StepJudgedGrade adds delta to pool item j's grade, stopping at 0.
func (w *Workspace) StepJudgedGrade(j int, delta float64) (Edit, string) {
	pool := w.List().Pool
	if j < 0 || j >= len(pool) {
		return nil, "the pool is empty: press a to add a judged item the system missed"
	}
	return w.SetJudgedGrade(j, pool[j].Grade+delta)
}

// RemoveJudged takes pool item j out of the pool.
func (w *Workspace) RemoveJudged(j int) (Edit, string) {
	pool := w.List().Pool
	if j < 0 || j >= len(pool) {
		return nil, "the pool is empty"
	}
	return &removeJudged{insertJudged{what: "removed " + pool[j].ID + " from the pool", at: j, item: pool[j]}}, ""
}

// freshPoolID is the first of P1, P2, … that no item or pool item uses.
func (w *Workspace) freshPoolID() string {
	used := w.ids()
	for i := 1; ; i++ {
		if id := "P" + strconv.Itoa(i); !used[id] {
			return id
		}
	}
}
