package screenshot_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/screenshot"
)

// A bold, coloured word and plain text on a screen of 12×1 cells: each
// run of one style is one <text>, stretched to its cells.
func ExampleSVG() {
	fmt.Print(screenshot.SVG("\x1b[1;38;2;213;94;0mNDCG\x1b[0m = 0.957", screenshot.Options{Width: 12, Height: 1, Theme: screenshot.Light}))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 124.8 41" width="124.8" height="41" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" xml:space="preserve" role="img">
	// <rect width="124.8" height="41" rx="6" fill="#fafafa"/>
	// <text x="12" y="25" fill="#d55e00" textLength="33.6" lengthAdjust="spacingAndGlyphs" font-weight="bold">NDCG</text>
	// <text x="54" y="25" fill="#1c1c1c" textLength="58.8" lengthAdjust="spacingAndGlyphs">= 0.957</text>
	// </svg>
}
