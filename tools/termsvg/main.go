// Command termsvg draws ANSI-styled text read from standard input (a
// terminal capture, e.g. tmux capture-pane -e -p) as an SVG image on
// standard output, through package screenshot, as the explorer's screen
// export does. docs/images/make.sh uses it for the pictures of command
// runs; the explorer writes its own screens.
//
//	tmux capture-pane -e -p -t run | go run ./tools/termsvg -w 80 -h 12 > check.svg
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ndcg-explorer/ndcg-explorer/screenshot"
)

func main() {
	w := flag.Int("w", 0, "width in cells (0: the widest line)")
	h := flag.Int("h", 0, "height in lines (0: the number of lines)")
	title := flag.String("title", "", "the image's title")
	light := flag.Bool("light", false, "a light terminal (dark text on white) rather than a dark one")
	flag.Parse()
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "termsvg:", err)
		os.Exit(1)
	}
	theme := screenshot.Dark
	if *light {
		theme = screenshot.Light
	}
	fmt.Print(screenshot.SVG(string(in), screenshot.Options{Width: *w, Height: *h, Title: *title, Theme: theme}))
}
