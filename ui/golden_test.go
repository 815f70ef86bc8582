package ui

import (
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// goldenScreen runs the whole program at w×h on a list with a tie group
// straddling k=3, moves the cursor to rank 2 and records the screen
// (ANSI stripped). go test ./ui -update rewrites the files.
//
// The numbers on these screens were checked against scikit-learn:
// ndcg_score([[3,2,3,0,1,2,0,1]], [[.9,.8,.7,.7,.6,.5,.5,.4]], k=k) for
// k = 1…8 is 1.0, 0.8710, 0.8505, 0.8377, 0.8465, 0.8538, 0.8982, 0.9403,
// the NDCG@i column and chart. By hand, the tie C (3), D (0) at ranks 3–4:
// best puts C at rank 3, DCG@3 = 3 + 2/log2(3) + 3/2 = 5.7619, over
// IDCG@3 = 3 + 3/log2(3) + 2/2 = 5.8928 gives 0.9778; worst puts D there,
// (3 + 1.2619 + 0)/5.8928 = 0.7232.
func goldenScreen(t *testing.T, w, h int, ascii bool) {
	doc := inlineDoc(t, "3,2,3,0,1,2,0,1", "0.9,0.8,0.7,0.7,0.6,0.5,0.5,0.4")
	s := ndcg.DefaultSettings()
	s.Gain, s.K = ndcg.Linear, 3
	m := New(Options{Doc: doc, Settings: s, ASCII: ascii})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	tm.Send(keyMsg("down"))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	golden.RequireEqual(t, ansi.Strip(final.View().Content))
}

func TestGolden80x24(t *testing.T)      { goldenScreen(t, 80, 24, false) }
func TestGolden120x40(t *testing.T)     { goldenScreen(t, 120, 40, false) }
func TestGolden80x24ASCII(t *testing.T) { goldenScreen(t, 80, 24, true) }
func TestGolden160x40(t *testing.T)     { goldenScreen(t, 160, 40, false) }
