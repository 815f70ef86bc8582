package picture

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// sampleResult computes a built-in sample under the conventions its file
// asks for, as `report sample:NAME` does with no flags.
func sampleResult(t *testing.T, name string) (*ndcg.Result, Heading) {
	t.Helper()
	data, err := samples.Read(name)
	require.NoError(t, err)
	doc, err := listio.Read("sample:"+name, data, "")
	require.NoError(t, err)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	r, err := doc.Compute(s)
	require.NoError(t, err)
	return r, Heading{Title: doc.Heading(), Conventions: explain.Conventions(s)}
}

// compareGolden compares got with testdata/name; UPDATE_GOLDEN=1
// rewrites the file.
func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with UPDATE_GOLDEN=1 to create %s", path)
	assert.Equal(t, string(want), got, "golden file %s", path)
}

// goldenSamples have ties straddling k (the default sample) and no ties
// at all (seed 000's worked example).
var goldenSamples = []string{"ties-at-k", "idcg-slip"}

func TestSVGGolden(t *testing.T) {
	for _, name := range goldenSamples {
		t.Run(name, func(t *testing.T) {
			r, h := sampleResult(t, name)
			compareGolden(t, name+".svg", SVG(h, Charts(r)))
		})
	}
}

// drawnBar is a bar read back from an SVG: its drawn length and the
// value written beside it.
type drawnBar struct {
	width float64
	value string
}

// readBars parses an SVG with encoding/xml, failing on anything that is
// not well-formed XML, and returns the bars of each chart in order.
func readBars(t *testing.T, svg string) [][]drawnBar {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var charts [][]drawnBar
	var inBar, inValue bool
	var cur drawnBar
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG is not well-formed XML")
		switch tok := tok.(type) {
		case xml.StartElement:
			attr := func(name string) string {
				for _, a := range tok.Attr {
					if a.Name.Local == name {
						return a.Value
					}
				}
				return ""
			}
			if root {
				require.Equal(t, "svg", tok.Name.Local)
				require.Equal(t, "http://www.w3.org/2000/svg", tok.Name.Space)
				require.NotEmpty(t, attr("viewBox"), "the SVG scales through its viewBox")
				root = false
			}
			switch {
			case tok.Name.Local == "g" && attr("class") == "chart":
				charts = append(charts, nil)
			case tok.Name.Local == "g" && attr("class") == "bar":
				inBar, cur = true, drawnBar{}
			case inBar && tok.Name.Local == "rect":
				w, err := strconv.ParseFloat(attr("width"), 64)
				require.NoError(t, err)
				cur.width = w
			case inBar && tok.Name.Local == "text" && attr("class") == "value":
				inValue = true
			}
		case xml.CharData:
			if inValue {
				cur.value += string(tok)
			}
		case xml.EndElement:
			switch {
			case tok.Name.Local == "text":
				inValue = false
			case tok.Name.Local == "g" && inBar:
				inBar = false
				charts[len(charts)-1] = append(charts[len(charts)-1], cur)
			}
		}
	}
	return charts
}

// checkProportional checks that within each chart every bar's length is
// the value it shows times one scale, to the rounding of the printed
// value (three decimals) and of the coordinates (hundredths).
func checkProportional(t *testing.T, charts [][]drawnBar) {
	t.Helper()
	for ci, bars := range charts {
		// The scale comes from the longest bar, where the rounding of its
		// printed value weighs least.
		scale, vmax := 0.0, 0.0
		for _, b := range bars {
			v, err := strconv.ParseFloat(b.value, 64)
			require.NoError(t, err, "chart %d: value %q", ci+1, b.value)
			if v > vmax {
				scale, vmax = b.width/v, v
			}
		}
		for _, b := range bars {
			v, _ := strconv.ParseFloat(b.value, 64)
			if scale == 0 {
				assert.Zero(t, b.width, "chart %d: all values are 0, so no bar is drawn", ci+1)
				continue
			}
			// The printed values are rounded to ±0.0005, the widths to
			// ±0.005: the scale is off by up to 0.0005/vmax of itself.
			tol := 0.0005*scale*(1+v/vmax) + 0.011
			assert.InDelta(t, v*scale, b.width, tol, "chart %d: bar showing %s is %v long, scale %v", ci+1, b.value, b.width, scale)
		}
	}
}

func TestSVGBarsAreProportionalOnEverySample(t *testing.T) {
	for _, name := range samples.Names() {
		t.Run(name, func(t *testing.T) {
			r, h := sampleResult(t, name)
			charts := Charts(r)
			drawn := readBars(t, SVG(h, charts))
			require.Len(t, drawn, len(charts))
			for i, c := range charts {
				require.Len(t, drawn[i], len(c.Bars), "chart %q", c.Title)
				for j, b := range c.Bars {
					assert.Equal(t, explain.Num(b.Value), drawn[i][j].value)
				}
			}
			checkProportional(t, drawn)
			for i, c := range charts {
				checkProportional(t, readBars(t, ChartSVG(c, "x"+strconv.Itoa(i))))
			}
		})
	}
}

// By hand: seed 000's list 3,2,3,0,1 under exp gain has contributions
// 7/1, 3/log2(3) = 1.893, 7/2 = 3.5, 0, 1/log2(6) = 0.387: the bar of
// rank 1 is 7/3.5 = 2 times that of rank 3.
func TestSVGContributionBarsByHand(t *testing.T) {
	r, h := sampleResult(t, "idcg-slip")
	drawn := readBars(t, SVG(h, Charts(r)))
	actual := drawn[0]
	assert.Equal(t, "7.000", actual[0].value)
	assert.Equal(t, "1.893", actual[2].value)
	assert.Equal(t, "3.500", actual[4].value)
	assert.Equal(t, "0.000", actual[6].value)
	assert.InDelta(t, 2, actual[0].width/actual[4].width, 1e-3)
}

func TestSVGSaysWhatIsMarkedInWords(t *testing.T) {
	r, h := sampleResult(t, "ties-at-k")
	svg := SVG(h, Charts(r))
	assert.Contains(t, svg, "◂ the k in force")
	assert.Contains(t, svg, "ideal ranking (hatched)")
	assert.Contains(t, svg, "conventions: gain")
	assert.Contains(t, svg, "Distribution of NDCG@")
}

func TestSVGEscapesTitles(t *testing.T) {
	svg := SVG(Heading{Title: `a <b> & "c"`, Conventions: "x"}, nil)
	readBars(t, svg)
	assert.Contains(t, svg, "a &lt;b&gt; &amp; &#34;c&#34;")
}

func TestSVGEmptyList(t *testing.T) {
	r, err := ndcg.Compute(&ndcg.List{}, ndcg.DefaultSettings())
	require.NoError(t, err)
	svg := SVG(Heading{Title: "empty", Conventions: "x"}, Charts(r))
	readBars(t, svg)
	assert.Contains(t, svg, "(no ranks: the list is empty)")
}

// TestSVGConvertsToPNG renders the pictures with librsvg, the renderer
// of GNOME and of most Linux image viewers, as a person would open them.
// PNG_DIR=dir keeps the PNGs to look at.
func TestSVGConvertsToPNG(t *testing.T) {
	bin := testenv.Tool(t, "rsvg-convert", "librsvg2-bin")
	dir := os.Getenv("PNG_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	for _, name := range goldenSamples {
		r, h := sampleResult(t, name)
		svgPath := filepath.Join(dir, name+".svg")
		pngPath := filepath.Join(dir, name+".png")
		require.NoError(t, os.WriteFile(svgPath, []byte(SVG(h, Charts(r))), 0o644))
		var stderr bytes.Buffer
		cmd := exec.Command(bin, "-o", pngPath, svgPath)
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Run(), "rsvg-convert: %s", stderr.String())
		png, err := os.ReadFile(pngPath)
		require.NoError(t, err)
		require.True(t, bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")), "not a PNG")
		// The PNG's size is the SVG's: width and height at 96 dpi.
		w := int(png[16])<<24 | int(png[17])<<16 | int(png[18])<<8 | int(png[19])
		assert.Equal(t, int(math.Round(width)), w)
	}
}
