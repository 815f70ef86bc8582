package qrterm

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// picture paints the drawn rows as a camera would see them on a dark
// terminal (blocks light, the rest dark), each module 8 pixels, with a
// dark margin: what a phone pointed at the projector reads.
func picture(rows []string, ascii bool) image.Image {
	const px = 8
	var grid [][]bool // true: light
	for _, r := range rows {
		if ascii {
			var line []bool
			rs := []rune(r)
			for i := 0; i < len(rs); i += 2 {
				line = append(line, rs[i] == '#')
			}
			grid = append(grid, line)
			continue
		}
		var top, bottom []bool
		for _, c := range r {
			top = append(top, c == '█' || c == '▀')
			bottom = append(bottom, c == '█' || c == '▄')
		}
		grid = append(grid, top, bottom)
	}
	margin := 4
	w, h := len(grid[0]), len(grid)
	img := image.NewGray(image.Rect(0, 0, (w+2*margin)*px, (h+2*margin)*px))
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			gx, gy := x/px-margin, y/px-margin
			light := gx >= 0 && gy >= 0 && gx < w && gy < h && grid[gy][gx]
			if light {
				img.SetGray(x, y, color.Gray{Y: 255})
			}
		}
	}
	return img
}

// Decoded by zbarimg, a QR reader of its own, from the picture of the
// drawn code: the room's address comes back as written, in both sets of
// glyphs.
func TestReadBackByZbar(t *testing.T) {
	testenv.Slow(t)
	zbar := testenv.Tool(t, "zbarimg", "zbar-tools")
	for _, ascii := range []bool{false, true} {
		const url = "http://192.168.1.20:8080/QX7K"
		rows, err := Render(url, false, ascii)
		require.NoError(t, err)
		file := filepath.Join(t.TempDir(), "code.png")
		f, err := os.Create(file)
		require.NoError(t, err)
		require.NoError(t, png.Encode(f, picture(rows, ascii)))
		require.NoError(t, f.Close())
		out, err := exec.Command(zbar, "--quiet", "--raw", file).Output()
		require.NoError(t, err, "zbarimg found no code")
		assert.Equal(t, url, strings.TrimSpace(string(out)))
	}
}

// The drawing is the code's modules, two to a cell: every row as wide as
// the code and its border, and the light background's drawing the dark
// one's with blocks and spaces swapped (a full cell stays whole).
func TestRenderShape(t *testing.T) {
	dark, err := Render("http://h:1/AB", false, false)
	require.NoError(t, err)
	light, err := Render("http://h:1/AB", true, false)
	require.NoError(t, err)
	require.Len(t, light, len(dark))
	swap := strings.NewReplacer("█", " ", " ", "█", "▀", "▄", "▄", "▀")
	for i := range dark {
		assert.Equal(t, len([]rune(dark[0])), len([]rune(dark[i])))
		if i < len(dark)-1 {
			assert.Equal(t, swap.Replace(dark[i]), light[i], "row %d", i)
		}
	}
	// A version-1 code is 21 modules; with the border, 25 across.
	assert.Len(t, []rune(dark[0]), 21+2*quiet)
}
