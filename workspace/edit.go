package workspace

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The edits a person can make, as functions from the workspace and the
// rank under the cursor to an edit. They decide what an edit means
// (which neighbour a tie joins, what score a new item gets) and leave
// applying it to Workspace.Apply. A non-empty string says why the edit
// cannot be made.

// SetGrade gives the item at rank r the grade g.
func (w *Workspace) SetGrade(r int, g float64) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty: press a to add an item"
	}
	if g < 0 {
		g = 0
	}
	it := w.List().Items[i]
	if it.Grade == g {
		return nil, ""
	}
	after := it
	after.Grade = g
	return w.setOne(i, after, fmt.Sprintf("grade of %s %s → %s", it.ID, fmtNum(it.Grade), fmtNum(g))), ""
}

// StepGrade adds delta to the grade at rank r, stopping at 0.
func (w *Workspace) StepGrade(r int, delta float64) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty: press a to add an item"
	}
	return w.SetGrade(r, math.Max(0, w.List().Items[i].Grade+delta))
}

// SetTitle gives the item at rank r a title.
func (w *Workspace) SetTitle(r int, title string) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty"
	}
	it := w.List().Items[i]
	if it.Title == title {
		return nil, ""
	}
	after := it
	after.Title = title
	return w.setOne(i, after, fmt.Sprintf("title of %s set", it.ID)), ""
}

// SetID gives the item at rank r the id id, which no other item (nor
// unretrieved judged item) may have: ids name the items in every view,
// in the ties and in a saved file.
func (w *Workspace) SetID(r int, id string) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty: press a to add an item"
	}
	id = strings.TrimSpace(id)
	it := w.List().Items[i]
	switch {
	case id == it.ID:
		return nil, ""
	case id == "":
		return nil, "an item needs an id: type one, such as " + it.ID
	case w.ids()[id]:
		return nil, fmt.Sprintf("another item is already called %s: type another id", id)
	}
	after := it
	after.ID = id
	return w.setOne(i, after, fmt.Sprintf("id %s → %s", it.ID, id)), ""
}

// SetScore gives the item at rank r the score s. On a list without
// scores, where the order is the ranking, every item first gets a score
// that keeps its rank, on the typed score's scale (see scoredByPosition),
// so that the list stays valid (some items scored and others not is an
// input error); the status says what they got, and one undo takes it all
// back.
func (w *Workspace) SetScore(r int, s float64) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty"
	}
	if err := ndcg.CheckScore(s); err != nil {
		return nil, err.Error()
	}
	items := w.List().Items
	it := items[i]
	if !w.List().Scored() {
		after := w.scoredByPosition(s)
		after[i].Score = s
		// What the others got, the first and last of them in rank order.
		var others []float64
		for j := range after {
			if j != i {
				others = append(others, after[j].Score)
			}
		}
		what := fmt.Sprintf("score of %s set to %s", it.ID, fmtNum(s))
		switch len(others) {
		case 0:
		case 1:
			what = fmt.Sprintf("no item had a score: the other gets %s, keeping its rank; %s's is %s", fmtNum(others[0]), it.ID, fmtNum(s))
		default:
			what = fmt.Sprintf("no item had a score: the others get %s … %s in rank order, %s's is %s",
				fmtNum(others[0]), fmtNum(others[len(others)-1]), it.ID, fmtNum(s))
		}
		return &replaceList{what: what, before: slices.Clone(items), after: after, at: i}, ""
	}
	if it.Score == s {
		return nil, ""
	}
	after := it
	after.Score = s
	return w.setOne(i, after, fmt.Sprintf("score of %s %s → %s", it.ID, fmtNum(it.Score), fmtNum(s))), ""
}

// Add puts a new item of grade 0 just below rank r (at the top of an
// empty list). With scores, its score is halfway between the selected
// item's and the next lower one, so it lands right below the cursor.
func (w *Workspace) Add(r int) (Edit, string) {
	if why := w.full(); why != "" {
		return nil, why
	}
	l := w.List()
	item := ndcg.Item{ID: w.freshID(), Grade: 0}
	if len(l.Items) == 0 {
		return &insertItem{what: "added " + item.ID, at: 0, item: item, unique: true}, ""
	}
	i, _ := w.itemAt(r)
	if l.Scored() {
		item.Score, item.HasScore = w.scoreBelow(r), true
		return &insertItem{what: fmt.Sprintf("added %s with score %s", item.ID, fmtNum(item.Score)), at: len(l.Items), item: item, unique: true}, ""
	}
	return &insertItem{what: "added " + item.ID, at: i + 1, item: item, unique: true}, ""
}

// Duplicate copies the item at rank r under a new id. With scores the
// copy has the same score, so the two are tied: the quickest way to see
// what a tie does.
func (w *Workspace) Duplicate(r int) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty: press a to add an item"
	}
	if why := w.full(); why != "" {
		return nil, why
	}
	it := w.List().Items[i]
	cp := it
	cp.ID = w.copyID(it.ID)
	what := fmt.Sprintf("duplicated %s as %s", it.ID, cp.ID)
	if it.HasScore {
		what += " (same score: tied)"
	}
	return &insertItem{what: what, at: i + 1, item: cp, unique: true}, ""
}

// Delete removes the item at rank r.
func (w *Workspace) Delete(r int) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty"
	}
	it := w.List().Items[i]
	// A list that computes has unique ids, and undoing the deletion
	// puts it back as it was.
	return &removeItem{insertItem{what: "deleted " + it.ID, at: i, item: it, unique: w.Result != nil}}, ""
}

// Move moves the item at rank r up (dir −1) or down (dir +1) one rank.
// Without scores the list order is the ranking, so the two items swap
// places. With scores the ranking comes from the scores, so the item
// swaps scores with its neighbour; when the neighbour has the same score
// (a tie) the two swap places in the input order instead, which is the
// order the input tie policy uses.
func (w *Workspace) Move(r, dir int) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty"
	}
	nr := r + dir
	if nr < 0 || nr >= w.N() {
		if dir < 0 {
			return nil, "already at the top"
		}
		return nil, "already at the bottom"
	}
	j := w.ItemAt(nr)
	items := w.List().Items
	a, b := items[i], items[j]
	word := map[int]string{-1: "up", 1: "down"}[dir]
	if w.Result != nil && w.List().Scored() && a.Score != b.Score {
		a2, b2 := a, b
		a2.Score, b2.Score = b.Score, a.Score
		return &setItems{what: fmt.Sprintf("moved %s %s (swapped scores with %s)", a.ID, word, b.ID),
			idx: []int{i, j}, before: []ndcg.Item{a, b}, after: []ndcg.Item{a2, b2}, at: i}, ""
	}
	what := fmt.Sprintf("moved %s %s", a.ID, word)
	if w.Result != nil && w.List().Scored() {
		what += fmt.Sprintf(" (tied with %s: swapped input order)", b.ID)
	}
	return &setItems{what: what, idx: []int{i, j}, before: []ndcg.Item{a, b}, after: []ndcg.Item{b, a}, at: j}, ""
}

// Tie gives the item at rank r the score of its neighbour: the next item
// below with a different score, or above when there is none below. A
// list without scores first gets scores that keep its order.
func (w *Workspace) Tie(r int) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty"
	}
	if w.N() < 2 {
		return nil, "a tie needs two items: press a to add one"
	}
	if w.Result == nil {
		return nil, "fix the error first (or undo): ties need a list that computes"
	}
	items := w.List().Items
	// The scores are read in place; a list without scores first gets
	// some (a copy of the list with them, which the edit puts in place).
	scores, scored := items, w.List().Scored()
	if !scored {
		scores = w.scoredByPosition(wholeScale)
	}
	mine := scores[i].Score
	nb := -1
	for x := r + 1; x < w.N() && nb < 0; x++ {
		if j := w.ItemAt(x); scores[j].Score != mine {
			nb = j
		}
	}
	for x := r - 1; x >= 0 && nb < 0; x-- {
		if j := w.ItemAt(x); scores[j].Score != mine {
			nb = j
		}
	}
	if nb < 0 {
		return nil, "every item already has this score"
	}
	what := fmt.Sprintf("tied %s with %s (score %s)", items[i].ID, items[nb].ID, fmtNum(scores[nb].Score))
	if !scored {
		scores[i].Score = scores[nb].Score
		return &replaceList{what: what + "; every item got a score keeping its rank",
			before: slices.Clone(items), after: scores, at: i}, ""
	}
	it := items[i]
	it.Score = scores[nb].Score
	return w.setOne(i, it, what), ""
}

// TieNext ties rank r with rank r+1: the item at rank r takes the score
// of the next one, so that a cutoff at r falls inside a tie, the lesson
// of the ties view (at the last rank, with the rank above). When they
// already share a score it says so rather than break the tie.
func (w *Workspace) TieNext(r int) (Edit, string) {
	if w.Result == nil {
		return nil, "fix the error first (or undo): ties need a list that computes"
	}
	if w.N() < 2 || r < 0 || r >= w.N() {
		return nil, "a tie needs two items: press a in the explorer to add one"
	}
	other := r + 1
	if other >= w.N() {
		other = r - 1
	}
	i, j := w.ItemAt(r), w.ItemAt(other)
	items := w.List().Items
	if !w.List().Scored() {
		after := w.scoredByPosition(wholeScale)
		after[i].Score = after[j].Score
		return &replaceList{what: fmt.Sprintf("tied %s with %s (score %s); every item got a score keeping its rank",
			items[i].ID, items[j].ID, fmtNum(after[j].Score)), before: slices.Clone(items), after: after, at: i}, ""
	}
	if items[i].Score == items[j].Score {
		lo, hi := min(r, other), max(r, other)
		return nil, fmt.Sprintf("ranks %d and %d (%s and %s) already tie at score %s", lo+1, hi+1,
			items[w.ItemAt(lo)].ID, items[w.ItemAt(hi)].ID, fmtNum(items[i].Score))
	}
	it := items[i]
	it.Score = items[j].Score
	return w.setOne(i, it, fmt.Sprintf("tied %s with %s (score %s)", it.ID, items[j].ID, fmtNum(it.Score))), ""
}

// Untie gives the item at rank r a score just below its tie group's, so
// it leaves the group and ranks right after it.
func (w *Workspace) Untie(r int) (Edit, string) {
	i, ok := w.itemAt(r)
	if !ok {
		return nil, "the list is empty"
	}
	if w.Result == nil || !w.List().Scored() || w.Result.TieAt(r) < 0 {
		return nil, "this item is not tied"
	}
	g := w.Result.Ties[w.Result.TieAt(r)]
	it := w.List().Items[i]
	after := it
	after.Score = w.scoreBelow(g.End - 1)
	return w.setOne(i, after, fmt.Sprintf("untied %s (score %s → %s)", it.ID, fmtNum(it.Score), fmtNum(after.Score))), ""
}

// helpers

func (w *Workspace) itemAt(r int) (int, bool) {
	if r < 0 || r >= w.N() {
		return -1, false
	}
	return w.ItemAt(r), true
}

func (w *Workspace) setOne(i int, after ndcg.Item, what string) Edit {
	return &setItems{what: what, idx: []int{i}, before: []ndcg.Item{w.List().Items[i]}, after: []ndcg.Item{after}, at: i}
}

// scoredByPosition copies the items with scores that keep the ranking
// of a list without scores, on the scale of s, the score a person typed
// (rankScore): a later score on that scale then lands among them, where
// 4, 3, 2, 1 put any score between 0 and 1 last.
func (w *Workspace) scoredByPosition(s float64) []ndcg.Item {
	out := slices.Clone(w.List().Items)
	for i := range out {
		out[i].Score, out[i].HasScore = rankScore(len(out), i, s), true
	}
	return out
}

// wholeScale is no typed score: the scores n, n−1, …, 1 (a tie made on a
// list without scores).
const wholeScale = 2

// rankScore is the score of position i of n on the scale of s: for a
// score between 0 and 1, the fractions 1, (n−1)/n, …, 1/n rounded to the
// fewest decimals that keep them apart (1, 0.8, 0.6, 0.4, 0.2 for n = 5);
// otherwise n, n−1, …, 1.
func rankScore(n, i int, s float64) float64 {
	if s < 0 || s > 1 {
		return float64(n - i)
	}
	d := 0
	for p := 1; p < 2*n; p *= 10 {
		d++
	}
	x, _ := strconv.ParseFloat(strconv.FormatFloat(float64(n-i)/float64(n), 'f', d, 64), 64)
	return x
}

// scoreBelow is a score that ranks just below rank r: about halfway to
// the next lower score (the shortest decimal between the two, see
// between), or one less when r's score is the lowest.
func (w *Workspace) scoreBelow(r int) float64 {
	items := w.List().Items
	s := items[w.ItemAt(r)].Score
	for x := r + 1; x < w.N(); x++ {
		if t := items[w.ItemAt(x)].Score; t != s {
			return between(t, s)
		}
	}
	// One less, as decimal arithmetic gives it: 0.7 − 1 in binary is
	// -0.30000000000000004, which the status line and a saved file
	// would show.
	return shortest(s - 1)
}

// shortest is x in the fewest significant digits (15 at most, what a
// float64 holds of a decimal) that read back as x rounded there.
func shortest(x float64) float64 {
	y, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 15, 64), 64)
	if err != nil {
		return x
	}
	return y
}

// between is a number strictly between lo and hi (lo < hi) with as few
// decimals as can be: halfway, rounded to the fewest decimals that stay
// strictly inside. Halfway between 0.676 and 0.677 in binary is
// 0.6765000000000001, which the status line and a saved file would show;
// 0.6765 ranks the same and reads as typed.
func between(lo, hi float64) float64 {
	mid := lo + (hi-lo)/2
	for d := 0; d <= 17; d++ {
		c, err := strconv.ParseFloat(strconv.FormatFloat(mid, 'f', d, 64), 64)
		if err == nil && lo < c && c < hi {
			return c
		}
	}
	return mid
}

func fmtNum(x float64) string { return ndcg.FormatNumber(x) }
