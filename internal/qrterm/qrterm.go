// Package qrterm draws a QR code in a terminal, two modules to a cell
// with half blocks, so that the instructor's dashboard can show the
// address of the room's page for phones to scan off the projector.
package qrterm

import (
	"strings"

	"rsc.io/qr"
)

// quiet is the light border around the code, in modules. The standard
// asks for four; two keep the code small on a dashboard and phones read
// it, since the terminal around it is plain.
const quiet = 2

// Render draws text as a QR code (error correction level L: the code is
// read off a screen, not a worn label), one string per terminal row.
// Light modules are drawn as blocks and dark ones as spaces, which gives
// dark on light on a terminal with a dark background; lightBackground
// swaps them for a terminal whose background is light. ascii draws with
// '#' and ' ', a full cell per module, twice as tall.
func Render(text string, lightBackground, ascii bool) ([]string, error) {
	code, err := qr.Encode(text, qr.L)
	if err != nil {
		return nil, err
	}
	n := code.Size + 2*quiet
	dark := func(x, y int) bool {
		x, y = x-quiet, y-quiet
		if x < 0 || y < 0 || x >= code.Size || y >= code.Size {
			return false
		}
		return code.Black(x, y)
	}
	// ink says whether a module is drawn (a block), as the background
	// calls for.
	ink := func(x, y int) bool { return dark(x, y) == lightBackground }
	var rows []string
	if ascii {
		for y := range n {
			var b strings.Builder
			for x := range n {
				if ink(x, y) {
					b.WriteString("##")
				} else {
					b.WriteString("  ")
				}
			}
			rows = append(rows, b.String())
		}
		return rows, nil
	}
	for y := 0; y < n; y += 2 {
		var b strings.Builder
		for x := range n {
			top, bottom := ink(x, y), y+1 < n && ink(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		rows = append(rows, b.String())
	}
	return rows, nil
}
