package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// answerKey is the answer key as `learn --answers --format json`
// prints it, read back.
func answerKey(t *testing.T, p *learn.Path) []learn.Answer {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, p.WriteAnswers(&b, true))
	var key struct{ Steps []learn.Answer }
	require.NoError(t, json.Unmarshal(b.Bytes(), &key))
	require.Len(t, key.Steps, p.Count())
	return key.Steps
}

// screenNumber is a number as the screen writes it, with its decimals.
var screenNumber = regexp.MustCompile(`\d+(\.\d+)?`)

// givesAway says what on screen gives the answer a (asked to decimals
// decimals) away: a number that rounds to it, written with that many
// decimals or more, or two numbers whose quotient reads as it whatever
// they stand for as written (a whole number is exact); "" when nothing
// does.
func givesAway(screen string, a float64, decimals int) string {
	type num struct {
		text string
		v    float64
		err  float64 // half a unit of the last digit written
	}
	var nums []num
	want := strconv.FormatFloat(a, 'f', decimals, 64)
	for _, m := range screenNumber.FindAllString(screen, -1) {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil {
			continue
		}
		d := 0
		if i := strings.IndexByte(m, '.'); i >= 0 {
			d = len(m) - i - 1
		}
		if d >= decimals && strconv.FormatFloat(v, 'f', decimals, 64) == want {
			return m + " reads as the answer"
		}
		e := 0.5 * math.Pow(10, -float64(d))
		if d == 0 {
			// A whole number on screen is a grade, a gain, a rank:
			// exact.
			e = 0
		}
		nums = append(nums, num{m, v, e})
	}
	if a == 0 || a == 1 {
		// Any number over itself is 1: a quotient gives nothing away.
		return ""
	}
	for _, x := range nums {
		for _, y := range nums {
			if x.v == 0 || y.v == 0 || x.v == y.v {
				continue
			}
			// What the two could stand for, as written: the answer is
			lo, hi := (x.v-x.err)/(y.v+y.err), (x.v+x.err)/(y.v-y.err)
			// given when what they allow holds the answer (the key's,
			// within its four decimals) and reads as it whatever they
			// stand for: a quotient near the answer by chance is not
			// it, and one too coarse to say is not either.
			// A quotient too coarse to pin the answer's third decimal
			// (a score 0.92 written with two) is a guess at it.
			holds := lo <= a+5e-5 && hi >= a-5e-5 && hi-lo < 0.002
			if holds && strconv.FormatFloat(lo, 'f', decimals, 64) == want && strconv.FormatFloat(hi, 'f', decimals, 64) == want {
				return x.text + " / " + y.text + " is the answer"
			}
		}
	}
	return ""
}

// wholeGives are what a k or rank question is found from, computed
// afresh from the step's list under the conventions it is asked under:
// each NDCG@i below 1 for a k, each rank's term for a rank.
func wholeGives(t *testing.T, st learn.Step) []float64 {
	t.Helper()
	doc, err := st.Doc()
	require.NoError(t, err)
	r, err := ndcg.Compute(doc.List, st.Asked)
	require.NoError(t, err)
	var out []float64
	prev := 0.0
	for i := 1; i <= r.N; i++ {
		x := r.NDCGAt(st.Asked.Ties, i)
		if st.Finds == learn.FindRank {
			x = r.DCGAt(st.Asked.Ties, i) - prev
			prev = r.DCGAt(st.Asked.Ties, i)
		}
		if x != 0 && x != 1 {
			out = append(out, x)
		}
	}
	return out
}

// showsAny says which of xs the screen writes, as it is to the decimals
// written (two or more), or "".
func showsAny(screen string, xs []float64) string {
	for _, m := range screenNumber.FindAllString(screen, -1) {
		i := strings.IndexByte(m, '.')
		if i < 0 || len(m)-i-1 < 2 {
			continue
		}
		for _, x := range xs {
			if m == strconv.FormatFloat(x, 'f', len(m)-i-1, 64) {
				return m + " is what the answer is found from"
			}
		}
	}
	return ""
}

// TestGivesAway: the search the walk makes finds what a learner who
// wants to skip would find: DCG@3 and IDCG@3 of step 6 both shown, its
// answer rounded, and not a quotient far from the answer.
func TestGivesAway(t *testing.T) {
	assert.Equal(t, "7.762 / 10.155 is the answer", givesAway("DCG@i 7.762  IDCG@i 10.155", 0.7644, 2))
	assert.Equal(t, "0.7644 reads as the answer", givesAway("NDCG@3 0.7644", 0.7644, 2))
	assert.Equal(t, "0.76 reads as the answer", givesAway("0.76", 0.7644, 2))
	assert.Equal(t, "", givesAway("0.8 k=3 5 5 4", 0.7644, 2))
	assert.Equal(t, "", givesAway("6.324", 6.3235, 4), "written with fewer decimals than asked")
	assert.Equal(t, "", givesAway("0.7 0.9", 0.81, 2), "too coarse to say")
	assert.Equal(t, "", givesAway("0.431 0.7263", 0.5908, 2), "near by chance")
	assert.Equal(t, "", givesAway("0.5419 0.92", 0.5908, 2), "a score of two decimals: a guess at the third")
	assert.Equal(t, "3 / 1.585 is the answer", givesAway("3/1.585", 1.8928, 2))
}

// TestLessonWalkGivesNothingAway walks every step of the built-in path
// at 80×24 and 60×20 as a learner who wants to skip: on opening, after
// each key the step names (pressed up to five times, as a learner
// presses through the tie policies), and after the step's typical slip
// is judged, the screen shows no number that reads as the answer (the
// answer key's, as `learn --answers --format json` prints it) and no
// two numbers that divide to it; the items the question is about are
// on screen, or a "more" line that says where the rest are.
func TestLessonWalkGivesNothingAway(t *testing.T) {
	walkGivesNothingAway(t, learn.BuiltinPath(), true)
	// The closing review's questions too, on lists of a few draws: no
	// number reads as the answer. Their lists are random, so two of
	// their numbers may divide to near an answer by chance (a discount
	// 0.431 over an NDCG@1 0.6667 is 0.6465, an NDCG@3 of 0.65) and say
	// nothing of it; the quotients that do, DCG@k over IDCG@k, are
	// hidden by the rule the path's steps are walked with above.
	for seed := range uint64(4) {
		walkGivesNothingAway(t, learn.Review(rand.New(rand.NewPCG(seed, 0))), false)
	}
}

// TestLessonWalkOfAnInstructorsLesson: the lesson in docs/lessons, an
// instructor's own, walked as the built-in path is, then end to end:
// each step answered right goes on, and the last ends the lesson.
func TestLessonWalkOfAnInstructorsLesson(t *testing.T) {
	path, err := learn.ReadFile(filepath.Join("..", "docs", "lessons", "ties-and-cutoffs.md"))
	require.NoError(t, err)
	walkGivesNothingAway(t, path, true)

	key := answerKey(t, path)
	l, err := NewLesson(LessonOptions{Step: 1, Path: path, NoColor: true})
	require.NoError(t, err)
	l.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, lessonScreen(l), "4 steps, about 5 minutes; q quits.", "its progress is not kept: nothing said of resuming")
	for n, st := range path.Steps {
		n++
		s := lessonScreen(l)
		require.Contains(t, s, fmt.Sprintf("Step %d of 4: %s", n, st.Title))
		if st.Slip != "" {
			lessonType(l, st.Slip)
			lessonKeys(l, "enter")
			text := lessonFlat(lessonScreen(l))
			assert.Contains(t, text, "Likely slip: you "+st.SlipIs)
			if st.Hint != "" {
				assert.Contains(t, text, "Hint: "+st.Hint)
			}
			lessonKeys(l, "esc")
		}
		if st.Whole() {
			// One less than the k: NDCG@3 is still above 0.9, said so,
			// with a hint, and the answer stays hidden.
			lessonType(l, strconv.Itoa(int(key[n-1].Answer)-1))
			lessonKeys(l, "enter")
			text := lessonFlat(lessonScreen(l))
			assert.Contains(t, text, "✗ Not quite: NDCG@3 is still 0.9152, not below 0.9. Hint: "+st.Hint)
			lessonKeys(l, "backspace")
		}
		lessonType(l, strconv.FormatFloat(key[n-1].Answer, 'f', st.MinDecimals(), 64))
		lessonKeys(l, "enter")
		assert.Contains(t, lessonFlat(lessonScreen(l)), "✓ Right: "+st.Label(), "step %d", n)
		quit := lessonKeys(l, "enter")
		assert.Equal(t, n == path.Count(), quit, "step %d", n)
	}
	assert.True(t, l.Finished())
	assert.Equal(t, []int{1, 2, 3, 4}, l.Progress().Right)
}

// walkGivesNothingAway is TestLessonWalkGivesNothingAway's walk of
// path; pairs says whether two numbers that divide to the answer count.
func walkGivesNothingAway(t *testing.T, path *learn.Path, pairs bool) {
	views := pairs
	key := answerKey(t, path)
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		for n, st := range path.Steps {
			n++
			a := key[n-1].Answer
			l, err := NewLesson(LessonOptions{Step: n, Path: path, NoColor: true})
			require.NoError(t, err)
			l.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			look := func(after string) {
				t.Helper()
				s := lessonScreen(l)
				if strings.Contains(s, "Terminal too small") {
					t.Errorf("step %d at %dx%d, %s: too small", n, size[0], size[1], after)
					return
				}
				if st.Whole() {
					// A k or a rank is a whole number, which reads as any
					// rank does: what gives it away are the NDCG@i or
					// the terms it is found from.
					if why := showsAny(s, wholeGives(t, st)); why != "" {
						t.Errorf("step %d (%s) at %dx%d, %s: %s\n%s", n, st.Title, size[0], size[1], after, why, s)
					}
					return
				}
				if why := givesAway(s, a, st.MinDecimals()); why != "" && (pairs || strings.HasSuffix(why, "reads as the answer")) {
					t.Errorf("step %d (%s) at %dx%d, %s: %s\n%s", n, st.Title, size[0], size[1], after, why, s)
				}
			}
			look("opened")
			doc, err := st.Doc()
			require.NoError(t, err)
			s := lessonScreen(l)
			if !strings.Contains(s, " more") {
				for i, it := range doc.List.Items {
					if st.Asked.K == 0 || i < st.Asked.K {
						assert.Regexp(t, `\b`+regexp.QuoteMeta(it.ID)+`\b`, s, "step %d at %dx%d: item %s", n, size[0], size[1], it.ID)
					}
				}
			}
			for _, k := range st.Keys {
				b, ok := l.stepKey(k)
				require.True(t, ok)
				for range 5 {
					lessonKeys(l, b.Keys()[0])
					look("after " + b.Keys()[0])
				}
			}
			if views {
				// The learner who wants to skip looks in every view
				// too (F2 to F9; the quiz, F10, is a list of its own).
				for _, k := range []string{"f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f1"} {
					lessonKeys(l, k)
					look("in view " + k)
				}
			}
			if st.Slip != "" {
				lessonKeys(l, "esc")
				lessonType(l, st.Slip)
				lessonKeys(l, "enter")
				look("after the slip " + st.Slip)
			}
		}
	}
}
