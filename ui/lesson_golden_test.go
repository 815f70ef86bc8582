package ui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestLessonGolden records the steps the path's second edition added, as
// each opens at 80×24 and 60×20, the answer to find. Their answers are
// worked by hand in learn's TestTruthIsHandArithmetic; on these screens
// no number reads as them, nor do two divide to them
// (TestLessonWalkGivesNothingAway). go test ./ui -run TestLessonGolden
// -update rewrites the files.
func TestLessonGolden(t *testing.T) {
	for _, title := range []string{"comparing queries", "k beyond the list", "when nothing is relevant",
		"the ideal from the judgments", "trec_eval against scikit-learn"} {
		n := stepNumber(title)
		for _, size := range [][2]int{{80, 24}, {60, 20}} {
			t.Run(fmt.Sprintf("step%02d_%dx%d", n, size[0], size[1]), func(t *testing.T) {
				l := newLesson(t, n, size[0], size[1], nil)
				golden.RequireEqual(t, lessonScreen(l))
			})
		}
	}
}
