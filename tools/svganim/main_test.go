package main

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/screenshot"
)

// Two screens drawn by package screenshot, as the explorer's X key draws
// them, joined: each frame is shown for its share of the cycle (3 s of 5:
// 0–60%, then 60–100%), the first one also without CSS, and the result is
// well-formed XML.
func TestAnimate(t *testing.T) {
	one := screenshot.SVG("NDCG@3 = 0.7263", screenshot.Options{Width: 20, Height: 2, Title: "one"})
	two := screenshot.SVG("NDCG@3 = 0.5908", screenshot.Options{Width: 20, Height: 2, Title: "two"})
	out, err := Animate([]string{one, two}, []float64{3, 2}, "a <demo>")
	require.NoError(t, err)

	assert.True(t, strings.HasPrefix(out, strings.SplitN(one, "\n", 2)[0]+"\n"), "the frames' root element")
	assert.Contains(t, out, "<title>a &lt;demo&gt;</title>")
	assert.NotContains(t, out, "<title>one</title>", "a frame's title would name the whole image")
	assert.Contains(t, out, ".f{opacity:0;animation:5s step-end infinite}")
	assert.Contains(t, out, ".f1{opacity:1}")
	assert.Contains(t, out, "@keyframes f1{0%{opacity:1}60%{opacity:0}100%{opacity:0}}")
	assert.Contains(t, out, "@keyframes f2{0%{opacity:0}60%{opacity:1}100%{opacity:1}}")
	assert.Contains(t, out, "0.7263")
	assert.Contains(t, out, "0.5908")

	d := xml.NewDecoder(strings.NewReader(out))
	groups := 0
	for {
		tok, err := d.Token()
		if err != nil {
			require.EqualError(t, err, "EOF")
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
			groups++
		}
	}
	assert.Equal(t, 2, groups)
}

func TestAnimateRefusesFramesOfTwoSizes(t *testing.T) {
	one := screenshot.SVG("a", screenshot.Options{Width: 20, Height: 2})
	two := screenshot.SVG("b", screenshot.Options{Width: 30, Height: 2})
	_, err := Animate([]string{one, two}, []float64{1, 1}, "")
	assert.ErrorContains(t, err, "frame 2: its root element differs")
}

func TestParseDurations(t *testing.T) {
	secs, err := parseDurations("2.5", 3)
	require.NoError(t, err)
	assert.Equal(t, []float64{2.5, 2.5, 2.5}, secs)
	secs, err = parseDurations("3,1", 2)
	require.NoError(t, err)
	assert.Equal(t, []float64{3, 1}, secs)
	_, err = parseDurations("3,1", 3)
	assert.ErrorContains(t, err, "2 durations for 3 frames")
	_, err = parseDurations("0", 1)
	assert.ErrorContains(t, err, "above 0")
}
