package cli

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pictureSamples: ties straddling k (the default sample) and no ties.
var pictureSamples = []string{"ties-at-k", "idcg-slip"}

// The SVG is the picture package's drawing of the report's charts; its
// golden files live beside that package's tests, which read the bars back.
func TestReportSVG(t *testing.T) {
	for _, name := range pictureSamples {
		code, out, errOut := execCLI("report", "--format", "svg", "sample:"+name)
		require.Equal(t, ExitOK, code, errOut)
		want, err := os.ReadFile("../picture/testdata/" + name + ".svg")
		require.NoError(t, err)
		assert.Equal(t, string(want), out, name)
	}
}

func TestReportHTMLGolden(t *testing.T) {
	for _, name := range pictureSamples {
		code, out, errOut := execCLI("report", "--format", "html", "sample:"+name)
		require.Equal(t, ExitOK, code, errOut)
		compareGolden(t, "report-"+name+".html", out)
	}
}

// decimals are the numbers with a decimal point a report prints.
var decimals = regexp.MustCompile(`[0-9]+\.[0-9]+`)

// The handout shows every number the text report prints, with the
// working's (which --working adds to the text).
func TestReportHTMLHasTheTextReportsNumbers(t *testing.T) {
	for _, name := range append(pictureSamples, "missing-relevant", "zero-idcg", "all-tied") {
		_, text, _ := execCLI("report", "--working", "sample:"+name)
		code, html, errOut := execCLI("report", "--format", "html", "sample:"+name)
		require.Equal(t, ExitOK, code, errOut)
		nums := decimals.FindAllString(text, -1)
		require.NotEmpty(t, nums)
		for _, n := range nums {
			assert.Contains(t, html, n, "%s: %s is in the text report", name, n)
		}
	}
}

func TestReportPictureFormatErrors(t *testing.T) {
	code, _, errOut := execCLI("report", "--format", "png", "sample:ties-at-k")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "rsvg-convert -o chart.png")
	code, _, errOut = execCLI("report", "--format", "svg", "--working", "sample:ties-at-k")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "--working goes with --format text, markdown or html")
}
