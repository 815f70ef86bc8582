package serve

import (
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

const classSize = 20

// class connects classSize attendees, named s00, s01, …
func class(t *testing.T, addr string) []*sshtest.Client {
	cs := make([]*sshtest.Client, classSize)
	var wg sync.WaitGroup
	for i := range cs {
		wg.Go(func() {
			c, err := sshtest.ConnectWith(t, addr, fmt.Sprintf("s%02d", i), "", nil, 90, 30)
			if err != nil {
				t.Error(err)
				return
			}
			cs[i] = c
		})
	}
	wg.Wait()
	require.False(t, t.Failed())
	t.Cleanup(func() {
		for _, c := range cs {
			c.Close()
		}
	})
	return cs
}

// each runs f for every attendee at once and reports their errors.
func each(t *testing.T, cs []*sshtest.Client, f func(i int, c *sshtest.Client) error) {
	t.Helper()
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Go(func() {
			if err := f(i, c); err != nil {
				t.Errorf("%s: %v", fmt.Sprintf("s%02d", i), err)
			}
		})
	}
	wg.Wait()
}

// TestClassReceivesASentList: the instructor sends grades 1,0,2; every
// attendee is asked, and enter opens it. By hand, under exponential
// gain: DCG = 1 + 0 + 3/2 = 2.5, IDCG = 3 + 1/log2 3 = 3.63093, NDCG =
// 0.6885. One attendee keeps their own list with esc; undo takes the
// sent list back.
func TestClassReceivesASentList(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	cs := class(t, addr)
	each(t, cs, func(_ int, c *sshtest.Client) error { return c.WaitFor(ndcgStart, 20*time.Second) })
	require.Eventually(t, func() bool { return s.Room().Count() == classSize }, 5*time.Second, 10*time.Millisecond)

	sent, err := listio.Inline("1,0,2", "")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		// Every session's explorer has started once each has drawn.
		n, err := s.Room().SendList(sent, ndcg.DefaultSettings())
		return err == nil && n == classSize
	}, 5*time.Second, 50*time.Millisecond)
	each(t, cs, func(i int, c *sshtest.Client) error {
		if err := c.RedrawUntil("list from the instructor: enter open it • esc keep yours", 90, 30, 20*time.Second); err != nil {
			return err
		}
		if i == 0 {
			c.Answer("\x1b")
			return c.RedrawUntil("kept your list", 90, 30, 20*time.Second)
		}
		c.Answer("\r")
		if err := c.RedrawUntil("NDCG@all = 0.6885", 90, 30, 20*time.Second); err != nil {
			return err
		}
		c.Send("u")
		return c.RedrawUntil(ndcgStart, 90, 30, 20*time.Second)
	})
	// The instructor's list is the instructor's: no session changed it.
	assert.Equal(t, 1.0, sent.List.Items[0].Grade)
}

// The class's answers to round 1 of seed 7: grades 2,0,0,1,0,0 at k=3.
// By hand, under exponential gain: DCG@3 = 3, IDCG@3 = 3 + 1/log2 3 =
// 3.63093, NDCG@3 = 0.8262. Each wrong answer is made with one mistake:
// linear gain (2 / (2 + 0.63093) = 0.7602), the digits cut instead of
// rounded (0.82), the IDCG's second term counted twice (3 / (3 + 2 ×
// 0.63093) = 0.7039); and 0.31, which no mistake explains.
var classAnswers = []struct {
	answer string
	n      int
}{
	{"0.76", 6}, {"0.82", 5}, {"0.83", 4}, {"0.70", 3}, {"0.31", 2},
}

func TestClassQuizTally(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	cs := class(t, addr)
	each(t, cs, func(_ int, c *sshtest.Client) error { return c.WaitFor(ndcgStart, 20*time.Second) })
	require.Eventually(t, func() bool { return s.Room().Count() == classSize }, 5*time.Second, 10*time.Millisecond)

	var answers []string
	for _, a := range classAnswers {
		for range a.n {
			answers = append(answers, a.answer)
		}
	}
	require.Len(t, answers, classSize)
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.Equal(t, 3, rd.Question.K)
	each(t, cs, func(i int, c *sshtest.Client) error {
		if err := c.RedrawUntil("the instructor started a", 90, 30, 20*time.Second); err != nil {
			return err
		}
		c.Send(answers[i] + "\r")
		return c.RedrawUntil("answer sent to the instructor: the working comes when the round ends", 90, 30, 20*time.Second)
	})
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == classSize }, 10*time.Second, 20*time.Millisecond)

	tally := s.Room().Tally()
	assert.Equal(t, classSize, tally.Sessions)
	assert.Equal(t, 4, tally.Right)
	assert.InDelta(t, 3/(3+1/math.Log2(3)), tally.True, 1e-12)
	assert.Equal(t, []Bin{
		{Label: "0.31", Count: 2}, {Label: "0.70", Count: 3}, {Label: "0.76", Count: 6},
		{Label: "0.82", Count: 5}, {Label: "0.83", Count: 4, Right: true},
	}, tally.Histogram)
	names := func(answer string) []string {
		var out []string
		for i, a := range answers {
			if a == answer {
				out = append(out, fmt.Sprintf("s%02d", i))
			}
		}
		return out
	}
	got := tally.Mistakes
	assert.Equal(t, []Mistake{
		{ID: verify.GainLinear, Why: "used gain linear (not exp)", Names: names("0.76")},
		{ID: verify.TruncatedDigits, Why: "cut the digits off instead of rounding", Names: names("0.82")},
		{ID: verify.SlipTerm, Why: "IDCG at rank 2: the term counted twice", Names: names("0.70")},
		{Why: string(verdict.Unexplained), Names: names("0.31")},
	}, got)

	// Ending the round (the dashboard's F4: its screens of this tally
	// are tested in dashboard's room_test.go) shows every attendee the
	// worked solution.
	require.True(t, s.Room().EndRound())
	each(t, cs, func(i int, c *sshtest.Client) error {
		verdict := "Not quite: NDCG@3 = 0.8262"
		if answers[i] == "0.83" {
			verdict = "Right: NDCG@3 = 0.8262"
		}
		if err := c.RedrawUntil(verdict, 90, 30, 20*time.Second); err != nil {
			return err
		}
		// Each reads the mistake behind their own answer, as the
		// tally groups it (the line wraps after "What check" at 90).
		switch answers[i] {
		case "0.76":
			return c.WaitFor("finds behind it: used gain linear (not exp).", 5*time.Second)
		case "0.82":
			return c.WaitFor("finds behind it: cut the digits off instead of rounding.", 5*time.Second)
		}
		return nil
	})
}

// An attendee who joins after the instructor sent a list is offered it
// too (grades 1,0,2: NDCG 0.6885, as above).
func TestLateJoinerIsOfferedTheSentList(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	sent, err := listio.Inline("1,0,2", "")
	require.NoError(t, err)
	n, err := s.Room().SendList(sent, ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	c := sshtest.Connect(t, addr, "late", 90, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor("list from the instructor: enter open it • esc keep yours", 10*time.Second))
	c.Answer("\r")
	require.NoError(t, c.RedrawUntil("NDCG@all = 0.6885", 90, 30, 10*time.Second))
}

// A list sent while an attendee is in the quiz is answered there: enter
// opens it and shows it in the explorer (grades 1,0,2: NDCG 0.6885, as
// above), rather than going to the quiz's field.
func TestOfferAnsweredFromTheQuiz(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 90, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("\x1b[21~") // F10: the quiz
	require.NoError(t, c.RedrawUntil("Quiz · round 1", 90, 30, 10*time.Second))
	sent, err := listio.Inline("1,0,2", "")
	require.NoError(t, err)
	_, err = s.Room().SendList(sent, ndcg.DefaultSettings())
	require.NoError(t, err)
	require.NoError(t, c.RedrawUntil("list from the instructor: enter open it • esc keep yours", 90, 30, 10*time.Second))
	c.Answer("\r")
	require.NoError(t, c.RedrawUntil("NDCG@all = 0.6885", 90, 30, 10*time.Second))
	assert.NotContains(t, c.Text(), "as a number")
}
