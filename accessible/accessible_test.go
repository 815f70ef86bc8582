package accessible_test

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/accessible"
	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// throughPipe runs a session with commands written into an OS pipe, as
// a screen reader's shell or a script gives them, and returns the
// transcript it wrote into another.
func throughPipe(t *testing.T, commands string, run func(in io.Reader, out io.Writer) error) string {
	t.Helper()
	inR, inW, err := os.Pipe()
	require.NoError(t, err)
	outR, outW, err := os.Pipe()
	require.NoError(t, err)
	go func() {
		_, _ = io.WriteString(inW, commands)
		inW.Close()
	}()
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(outR)
		done <- b
	}()
	require.NoError(t, run(inR, outW))
	outW.Close()
	inR.Close()
	return string(<-done)
}

// plainOnly fails on anything but plain lines: an escape sequence (colour,
// cursor movement), box drawing, block elements (bars) or a control
// character.
func plainOnly(t *testing.T, text string) {
	t.Helper()
	for i, r := range text {
		switch {
		case r == '\x1b':
			t.Fatalf("an escape sequence at byte %d: %q", i, text[max(i-20, 0):min(i+20, len(text))])
		case r >= 0x2500 && r <= 0x259F:
			t.Fatalf("box drawing or a bar (%q) at byte %d", r, i)
		case unicode.IsControl(r) && r != '\n':
			t.Fatalf("a control character %q at byte %d", r, i)
		}
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}

func grades(t *testing.T, g string) *listio.Document {
	t.Helper()
	doc, err := listio.Inline(g, "")
	require.NoError(t, err)
	return doc
}

// TestExplorerThroughAPipe edits the list 3,2,3,0,1 (exp gain, k=5) a
// line at a time. By hand:
//
// Gains 2^g − 1: 7, 3, 7, 0, 1; discounts 1/log2(i+1): 1, 0.6309, 0.5,
// 0.4307, 0.3869. DCG@5 = 7 + 1.8928 + 3.5 + 0 + 0.3869 = 12.7797;
// the ideal 3,3,2,1,0: IDCG@5 = 7 + 4.4165 + 1.5 + 0.4307 + 0 = 13.3472;
// NDCG@5 = 12.7797 / 13.3472 = 0.9575.
//
// grade 2 3: rank 2's gain is 7, 7 × 0.6309 = 4.4165 (4.417). DCG@5 =
// 7 + 4.4165 + 3.5 + 0 + 0.3869 = 15.3034; the ideal 3,3,3,1,0: IDCG@5
// = 7 + 4.4165 + 3.5 + 0.4307 + 0 = 15.3472; NDCG@5 = 0.99715 (0.997).
//
// k 3: DCG@3 = IDCG@3 = 7 + 4.4165 + 3.5 = 14.9165, NDCG@3 = 1.
func TestExplorerThroughAPipe(t *testing.T) {
	doc := grades(t, "3,2,3,0,1")
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 5}
	out := throughPipe(t, "grade 2 3\nk 3\nworking\ncheck ndcg 0.76\nfrobnicate\nquit\nk 2\n", func(in io.Reader, out io.Writer) error {
		return accessible.Explore(in, out, doc.Heading(), doc.List, s)
	})
	plainOnly(t, out)
	assert.Contains(t, out, "DCG@5 is 12.78, IDCG@5 13.35, NDCG@5 0.957.\n")
	assert.Contains(t, out, "Rank 2, B, grade 3: gain 7, discount 0.631, adds 4.417. DCG@5 is 15.30, IDCG@5 15.35, NDCG@5 0.997.\n")
	assert.Contains(t, out, "k is 3 now. DCG@3 is 14.92, IDCG@3 14.92, NDCG@3 1.000.\n")
	assert.Contains(t, out, "DCG@3 = 7.000 + 4.417 + 3.500 = 14.9165.\n")
	assert.Contains(t, out, "NDCG@3 = 14.9165 / 14.9165 = 1.0000.\n")
	assert.Contains(t, out, "NDCG@3: claimed 0.76 (±0.005), true 1.0000, off by -0.2400. It does not hold.\n")
	assert.Contains(t, out, "\"frobnicate\" is not a command here. Type help for the commands.\n")
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"), "quit ends it: k 2 after it is not read")
	golden(t, "explorer", out)
}

// TestTiesSaidAsABand: on ties-at-k, C (grade 0) and D (grade 3) tie
// across k=3. By hand, exp gain: DCG@3 = 7 + 1 × 0.6309 + g × 0.5 with g
// the gain at rank 3: worst 0 (7.6309), expected 3.5 (9.3809), best 7
// (11.1309); IDCG@3 = 7 + 7 × 0.6309 + 3 × 0.5 = 12.9165; NDCG@3 =
// 0.5908, 0.7263, 0.8618.
func TestTiesSaidAsABand(t *testing.T) {
	doc, err := listio.LoadReadOnly("sample:ties-at-k", nil, "")
	require.NoError(t, err)
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 3}
	var out bytes.Buffer
	require.NoError(t, accessible.Explore(strings.NewReader("ties worst\nrank 3\n"), &out, doc.Heading(), doc.List, s))
	plainOnly(t, out.String())
	assert.Contains(t, out.String(), "Rank 3: C, Shoe cleaning kit, grade 0, score 0.71, tied in group T1.\n")
	assert.Contains(t, out.String(), "Over every order of the tied items, NDCG@3 runs from 0.591 (worst) to 0.862 (best), expected 0.726.")
	assert.Contains(t, out.String(), "Ties are worst now. DCG@3 is 7.63, IDCG@3 12.92, NDCG@3 0.591.")
	assert.Contains(t, out.String(), "Rank 3, C, grade 0: gain 0, discount 0.500, adds 0.000.\n")

	// groups says the group and the same band, each bound in its place.
	out.Reset()
	require.NoError(t, accessible.Explore(strings.NewReader("groups\nk 2\ngroups\n"), &out, doc.Heading(), doc.List, s))
	assert.Contains(t, out.String(), "Tie group T1: ranks 3 to 4, score 0.71, grades 0, 3; k=3 cuts it: which of them count depends on their order.\n"+
		"Over every order of the tied items, NDCG@3 runs from 0.591 (worst) to 0.862 (best), expected 0.726; ties expected now.\n")
	assert.Contains(t, out.String(), "Tie group T1: ranks 3 to 4, score 0.71, grades 0, 3; k=2 does not cut it.\n")
}

// TestLearnStepOneThroughAPipe: step 1 asks what rank 2 (B, grade 2)
// adds under exp gain: (2^2 − 1) × 1/log2(3) = 3 × 0.6309 = 1.8928. The
// grade itself as the gain gives 2 × 0.6309 = 1.26, the slip the step
// names. Until the answer, nothing on the line gives it.
func TestLearnStepOneThroughAPipe(t *testing.T) {
	var p learn.Progress
	out := throughPipe(t, "rank 2\nworking\ngrade 2 3\n1.26\n1.89\nrank 2\n", func(in io.Reader, out io.Writer) error {
		var err error
		p, err = accessible.Learn(in, out, nil, 1, learn.Progress{}, nil)
		return err
	})
	plainOnly(t, out)
	before, after, ok := strings.Cut(out, "Right:")
	require.True(t, ok, out)
	assert.NotContains(t, before, "1.89", "the answer is not said before it is given")
	assert.Contains(t, before, "Rank 2, B, grade 2: gain 3, discount hidden, adds hidden.\n")
	assert.Contains(t, before, "Likely slip: ")
	assert.Contains(t, after, " rank 2's term is 1.8928.")
	assert.Contains(t, after, "Rank 2, B, grade 2: gain 3, discount 0.631, adds 1.893.\n")
	assert.Equal(t, []int{1}, p.Right)
	golden(t, "learn-step1", out)
}

// TestCheckSaysVerdictsAsSentences: the claims of check's README
// example, linear gain, k=3, grades 4,2,5,3,5. By hand: DCG@3 = 4 +
// 2 × 0.6309 + 5 × 0.5 = 7.7619; ideal 5,5,4: IDCG@3 = 5 + 5 × 0.6309
// + 4 × 0.5 = 10.1546; NDCG@3 = 0.7644. 0.8 claims NDCG to ±0.05 and
// holds; 0.70 to ±0.005 and does not.
func TestCheckSaysVerdictsAsSentences(t *testing.T) {
	doc := grades(t, "4,2,5,3,5")
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 3}
	dcg, ndcgClaim := verify.Written{Value: 7.76, Text: "7.76"}, verify.Written{Value: 0.70, Text: "0.70"}
	rep, err := verify.Check(doc.List, s, verify.Claims{DCG: &dcg, NDCG: &ndcgClaim})
	require.NoError(t, err)
	var out bytes.Buffer
	accessible.WriteClaims(&out, rep)
	plainOnly(t, out.String())
	assert.Contains(t, out.String(), "DCG@3: claimed 7.76 (±0.005), true 7.7619. It holds.\n")
	assert.Contains(t, out.String(), "NDCG@3: claimed 0.70 (±0.005), true 0.7644, off by -0.0644. It does not hold.\n")
	golden(t, "check", out.String())
}

// TestLongListSaidInPart: a list of 30 says its first 20 ranks and how
// to reach the rest, and its working adds the terms past rank 20 as one:
// read aloud whole, a long list buries the sums under it.
func TestLongListSaidInPart(t *testing.T) {
	g := make([]string, 30)
	for i := range g {
		g[i] = "1"
	}
	doc := grades(t, strings.Join(g, ","))
	var out bytes.Buffer
	require.NoError(t, accessible.Explore(strings.NewReader("working\nrank 30\n"), &out, doc.Heading(), doc.List, ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2}))
	plainOnly(t, out.String())
	assert.Contains(t, out.String(), "Rank 20: T, grade 1.\nRanks 21 to 30 are not listed: rank N says one.\n")
	assert.NotContains(t, out.String(), "Rank 21: ")
	assert.Contains(t, out.String(), " (ranks 21 to 30) = ")
	assert.Contains(t, out.String(), "its top 30: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, and 10 more.\n")
	// Rank 30: linear gain 1, discount 1/log2(31) = 1/4.9542 = 0.202.
	assert.Contains(t, out.String(), "Rank 30, AD, grade 1: gain 1, discount 0.202, adds 0.202.\n")
}

// TestUndo takes changes back, the last first: the grade edit of
// TestExplorerThroughAPipe undone gives back 12.78, 13.35 and 0.957.
func TestUndo(t *testing.T) {
	doc := grades(t, "3,2,3,0,1")
	var out bytes.Buffer
	s := ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 5}
	require.NoError(t, accessible.Explore(strings.NewReader("grade 2 3\nk 3\nundo\nundo\nundo\n"), &out, doc.Heading(), doc.List, s))
	assert.Contains(t, out.String(), "Undone: the conventions are gain exp, k=5, ties expected again. DCG@5 is 15.30, IDCG@5 15.35, NDCG@5 0.997.\n"+
		"Undone: rank 2's grade is 2 again. DCG@5 is 12.78, IDCG@5 13.35, NDCG@5 0.957.\n"+
		"Nothing to undo.\n")
}

// TestLearnAWholeNumber: a lesson step whose answer is a k, in plain
// lines: what it is found from is hidden until given, a wrong k is
// told what NDCG@k is, and the right one is said so (the instructor's
// example lesson's step 4; learn.TestWholeQuestions works it by hand).
func TestLearnAWholeNumber(t *testing.T) {
	path, err := learn.ReadFile(filepath.Join("..", "docs", "lessons", "ties-and-cutoffs.md"))
	require.NoError(t, err)
	var p learn.Progress
	out := throughPipe(t, "3\n4\n", func(in io.Reader, out io.Writer) error {
		var err error
		p, err = accessible.Learn(in, out, path, 4, learn.Progress{}, nil)
		return err
	})
	before, after, ok := strings.Cut(out, "Not quite:")
	require.True(t, ok, out)
	assert.NotContains(t, before, "0.9152")
	assert.NotContains(t, before, "0.8528")
	assert.Contains(t, after, " NDCG@3 is still 0.9152, not below 0.9. Try again")
	assert.Contains(t, after, "Right: the k is 4; NDCG@4 = 0.8528 is the first below 0.9.")
	assert.Equal(t, []int{4}, p.Right)
}

// TestJudgedIdealInPlainLines: step 11 of the path in plain lines, with
// the commands its instruction names. The pool (P1 3, P2 3, P3 2) is
// said; idcg builds the ideal from every judged item, and the numbers
// stay hidden until the answer. By hand, exp gain, k=5: DCG@5 = 3 +
// 1/log2(3) + 1/2 + 0 = 4.1309; the ideal 3,3,2,2,1: IDCG@5 = 7 +
// 7/log2(3) + 3/2 + 3/log2(5) + 1/log2(6) = 7 + 4.4165 + 1.5 + 1.2920 +
// 0.3869 = 14.5954; NDCG@5 = 4.1309 / 14.5954 = 0.2830.
func TestJudgedIdealInPlainLines(t *testing.T) {
	out := throughPipe(t, "pool\nidcg\nworking\n0.2830\nworking\n", func(in io.Reader, out io.Writer) error {
		_, err := accessible.Learn(in, out, nil, 11, learn.Progress{}, nil)
		return err
	})
	plainOnly(t, out)
	assert.Contains(t, out, "Press idcg and work it out.")
	assert.Contains(t, out, "The pool holds 3 judged items the list did not retrieve: P1, grade 3; P2, grade 3; P3, grade 2.\n")
	before, after, ok := strings.Cut(out, "Right:")
	require.True(t, ok, out)
	assert.Contains(t, before, "The ideal is built from every judged item now, the pool the list missed too (trec_eval's way). DCG@5 is hidden, IDCG@5 hidden, NDCG@5 hidden.\n")
	for _, given := range []string{"0.283", "4.131", "14.59", "14.60"} {
		assert.NotContains(t, before, given)
	}
	assert.Contains(t, after, "NDCG@5 = 4.1309 / 14.5954 = 0.2830.\n")
}
