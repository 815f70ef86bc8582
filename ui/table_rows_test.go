package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTableSaysWhatItHides: on a short screen the table shows some
// ranks and says how many it hides ("↓ 2 more (ranks 4–5)"), with the
// cursor always on a row shown, at every height and every cursor
// position. At 80×18 linear-vs-exp's table had room for four of its five
// ranks and hid rank 5 without a word, where the guided path's step 7
// asks about "the grade 3 at rank 5".
func TestTableSaysWhatItHides(t *testing.T) {
	row := regexp.MustCompile(`^[▸ ·][ ┌│└T0-9]{0,4}\s+(\d+) [A-Z]`)
	more := regexp.MustCompile(`[↑↓] (\d+) more \(ranks`)
	for _, sample := range []string{"linear-vs-exp", "ranked-by-score"} {
		for h := 14; h <= 24; h++ {
			m := openSample(t, sample, 80, h)
			n := m.c.WS.N()
			for c := 0; c < n; c++ {
				s := screen(m)
				lines := strings.Split(s, "\n")
				shown, hidden, cursor := 0, 0, false
				for _, l := range lines[4:] {
					if strings.HasPrefix(l, "DCG@") {
						break
					}
					if row.MatchString(l) {
						shown++
						cursor = cursor || strings.HasPrefix(l, "▸")
					}
					if g := more.FindStringSubmatch(l); g != nil {
						k, _ := strconv.Atoi(g[1])
						hidden += k
					}
				}
				if shown == 0 {
					continue // too small for the table
				}
				assert.True(t, cursor, "%s at 80×%d, cursor on rank %d is off the table\n%s", sample, h, c+1, s)
				press(m, "down")
				if h < 16 {
					// Two lines of table: no room to say what they hide.
					continue
				}
				assert.Equal(t, n, shown+hidden, "%s at 80×%d, cursor on rank %d: %d ranks shown, %d said hidden\n%s", sample, h, c+1, shown, hidden, s)
			}
		}
	}
}
