package screenshot

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// texts parses svg as XML and returns its <text> elements' content with
// their fill colour and x, failing on anything not well-formed.
func texts(t *testing.T, svg string) []map[string]string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var out []map[string]string
	var cur map[string]string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err, "the SVG is not well-formed XML")
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Local == "text" {
				cur = map[string]string{}
				for _, a := range tok.Attr {
					cur[a.Name.Local] = a.Value
				}
			}
		case xml.CharData:
			if cur != nil {
				cur["content"] += string(tok)
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				out = append(out, cur)
				cur = nil
			}
		}
	}
}

func TestSVGKeepsTextColoursAndColumns(t *testing.T) {
	red := lipgloss.NewStyle().Foreground(lipgloss.Color("#ff0000")).Bold(true)
	inv := lipgloss.NewStyle().Reverse(true)
	screen := "ab " + red.Render("NDCG") + " <x>\n" + inv.Render("sel") + "  ✓ 0.957"
	svg := SVG(screen, Options{Width: 20, Height: 3, Theme: Light, Title: "t & u"})
	got := texts(t, svg)
	require.Len(t, got, 5)
	assert.Equal(t, "ab", got[0]["content"])
	assert.Equal(t, "NDCG", got[1]["content"])
	assert.Equal(t, "#ff0000", got[1]["fill"])
	assert.Equal(t, "bold", got[1]["font-weight"])
	// Column 3 starts 3 cells in.
	assert.Equal(t, "37.2", got[1]["x"])
	assert.Equal(t, "33.6", got[1]["textLength"])
	assert.Equal(t, "<x>", got[2]["content"])
	// Reverse video: the default background as text on the default text colour.
	assert.Equal(t, "sel", got[3]["content"])
	assert.Equal(t, "#fafafa", got[3]["fill"])
	assert.Contains(t, svg, `<rect x="12" y="29" width="25.2" height="17" fill="#1c1c1c"/>`)
	assert.Equal(t, "✓ 0.957", got[4]["content"])
	assert.Contains(t, svg, `viewBox="0 0 192 75"`)
	assert.Contains(t, svg, "<title>t &amp; u</title>")
}

func TestSVGSizeFromText(t *testing.T) {
	svg := SVG("abc\nde\n", Options{})
	assert.Contains(t, svg, `viewBox="0 0 49.2 58"`, "3 cells by 2 lines")
	assert.Contains(t, svg, `fill="#1c1c1c"`, "dark by default")
}

// 256-colour and basic SGR codes come out as xterm's colours.
func TestSVGIndexedColours(t *testing.T) {
	svg := SVG("\x1b[38;5;196mred\x1b[0m \x1b[32mgreen\x1b[0m", Options{})
	got := texts(t, svg)
	require.Len(t, got, 2)
	assert.Equal(t, "#ff0000", got[0]["fill"])
	assert.Equal(t, "#008000", got[1]["fill"])
}

// TestSVGConvertsToPNG renders a screen with librsvg as a person's image
// viewer would. PNG_DIR=dir keeps the PNG to look at.
func TestSVGConvertsToPNG(t *testing.T) {
	bin := testenv.Tool(t, "rsvg-convert", "librsvg2-bin")
	dir := os.Getenv("PNG_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	box := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("#0072B2")).Padding(0, 1)
	bar := lipgloss.NewStyle().Foreground(lipgloss.Color("#E69F00"))
	screen := box.Render("NDCG@5 = "+lipgloss.NewStyle().Bold(true).Render("0.9570")+"\n"+bar.Render("███████▌")+" 7.000\n"+"ideal ▏ ░░▒▒▓▓ ✓ ✗ ◂") + "\n"
	svgPath, pngPath := filepath.Join(dir, "screen.svg"), filepath.Join(dir, "screen.png")
	require.NoError(t, os.WriteFile(svgPath, []byte(SVG(screen, Options{Title: "screen"})), 0o644))
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "-o", pngPath, svgPath)
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), "rsvg-convert: %s", stderr.String())
	png, err := os.ReadFile(pngPath)
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")), "not a PNG")
}
