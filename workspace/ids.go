package workspace

import (
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// freshID is the first of A, B, …, Z, AA, … from the list's length on
// that no item uses. It runs on the key that adds an item, so it reads
// each id once without a set of them all (at 1,000,000 items a set of
// every id cost 150 ms): only the ids of that form past the list's
// length are kept.
func (w *Workspace) freshID() string {
	n := len(w.List().Items)
	first := ndcg.DefaultID(n)
	taken := map[int]bool{}
	w.eachID(func(id string) {
		// Names of one length follow their positions in string order:
		// one comparison passes over the names of the items before n.
		if len(id) < len(first) || (len(id) == len(first) && id < first) {
			return
		}
		if i, ok := defaultIndex(id); ok && i >= n {
			taken[i] = true
		}
	})
	for i := n; ; i++ {
		if !taken[i] {
			return ndcg.DefaultID(i)
		}
	}
}

// defaultIndex is the position i whose ndcg.DefaultID is id, if it is one.
func defaultIndex(id string) (int, bool) {
	if id == "" || len(id) > 12 { // 26^12 is more positions than any list has
		return 0, false
	}
	v := 0
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c < 'A' || c > 'Z' {
			return 0, false
		}
		v = v*26 + int(c-'A'+1)
	}
	return v - 1, true
}

// copyID names a duplicate of id: the first of id.2, id.3, … that no
// item uses, found as freshID is.
func (w *Workspace) copyID(id string) string {
	taken := map[int]bool{}
	prefix := id + "."
	w.eachID(func(other string) {
		if len(other) > len(prefix) && other[len(id)] == '.' && strings.HasPrefix(other, prefix) {
			rest := other[len(prefix):]
			if n, err := strconv.Atoi(rest); err == nil && strconv.Itoa(n) == rest {
				taken[n] = true
			}
		}
	})
	for n := 2; ; n++ {
		if !taken[n] {
			return prefix + strconv.Itoa(n)
		}
	}
}

// eachID calls fn with the id of every item and pool item.
func (w *Workspace) eachID(fn func(id string)) {
	l := w.List()
	for i := range l.Items {
		fn(l.Items[i].ID)
	}
	for i := range l.Pool {
		fn(l.Pool[i].ID)
	}
}

func (w *Workspace) ids() map[string]bool {
	l := w.List()
	used := make(map[string]bool, len(l.Items)+len(l.Pool))
	for _, it := range l.Items {
		used[it.ID] = true
	}
	for _, p := range l.Pool {
		used[p.ID] = true
	}
	return used
}
