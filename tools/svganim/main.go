// Command svganim joins screen images of one size (the explorer's X key
// writes them, package screenshot draws them) into one animated SVG: each
// frame shown in turn for its time, then the first again. The animation is
// CSS (a keyframes rule per frame, stepping its opacity), which browsers
// run in an <img>, as GitHub shows a README's images; a renderer without
// CSS animations shows the first frame. docs/images/make.sh uses it for the
// README's demo:
//
//	svganim -title "…" -d 3,2.5,2.5 one.svg two.svg three.svg > demo.svg
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	title := flag.String("title", "", "the image's title")
	durations := flag.String("d", "", "seconds each frame shows, comma-separated (one value: every frame)")
	flag.Parse()
	var frames []string
	for _, name := range flag.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			fail(err)
		}
		frames = append(frames, string(data))
	}
	secs, err := parseDurations(*durations, len(frames))
	if err != nil {
		fail(err)
	}
	out, err := Animate(frames, secs, *title)
	if err != nil {
		fail(err)
	}
	fmt.Print(out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "svganim:", err)
	os.Exit(1)
}

// parseDurations reads -d for n frames: one value for every frame, or one
// per frame.
func parseDurations(s string, n int) ([]float64, error) {
	if s == "" {
		s = "2"
	}
	var secs []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("-d %s: each duration is a number of seconds above 0", s)
		}
		secs = append(secs, v)
	}
	if len(secs) == 1 {
		for len(secs) < n {
			secs = append(secs, secs[0])
		}
	}
	if len(secs) != n {
		return nil, fmt.Errorf("-d %s: %d durations for %d frames", s, len(secs), n)
	}
	return secs, nil
}

// Animate returns the animated SVG of frames, each an SVG document whose
// root element is on its first line (as package screenshot writes them),
// all with the same root element but for their titles.
func Animate(frames []string, secs []float64, title string) (string, error) {
	if len(frames) == 0 {
		return "", fmt.Errorf("no frames")
	}
	if len(secs) != len(frames) {
		return "", fmt.Errorf("%d durations for %d frames", len(secs), len(frames))
	}
	var root string
	bodies := make([]string, len(frames))
	for i, f := range frames {
		head, body, ok := strings.Cut(f, "\n")
		if !ok || !strings.HasPrefix(head, "<svg ") {
			return "", fmt.Errorf("frame %d: not an SVG document with its root element on the first line", i+1)
		}
		if i == 0 {
			root = head
		} else if head != root {
			return "", fmt.Errorf("frame %d: its root element differs from the first frame's (%s): frames must be of one size and font", i+1, head)
		}
		body = strings.TrimSpace(body)
		body, ok = strings.CutSuffix(body, "</svg>")
		if !ok {
			return "", fmt.Errorf("frame %d: does not end with </svg>", i+1)
		}
		// A frame's own title would name one frame for the whole image.
		if strings.HasPrefix(body, "<title>") {
			if _, rest, ok := strings.Cut(body, "</title>\n"); ok {
				body = rest
			}
		}
		bodies[i] = strings.TrimSpace(body)
	}
	total := 0.0
	for _, s := range secs {
		total += s
	}
	var b strings.Builder
	b.WriteString(root + "\n")
	if title != "" {
		b.WriteString("<title>" + escape(title) + "</title>\n")
	}
	b.WriteString("<style>\n")
	// Spaces in the screens' text are cells: kept, as xml:space asks, in
	// browsers that read only CSS for it.
	fmt.Fprintf(&b, "text{white-space:pre}\n.f{opacity:0;animation:%ss step-end infinite}\n.f1{opacity:1}\n", num(total))
	start := 0.0
	for i, s := range secs {
		from, to := 100*start/total, 100*(start+s)/total
		// Step-end holds each value until the next keyframe: the frame
		// shows from its start to its end, and is hidden otherwise.
		rule := fmt.Sprintf("0%%{opacity:0}%s%%{opacity:1}%s%%{opacity:0}100%%{opacity:0}", num(from), num(to))
		if i == 0 {
			rule = fmt.Sprintf("0%%{opacity:1}%s%%{opacity:0}100%%{opacity:0}", num(to))
		}
		if i == len(secs)-1 {
			rule = fmt.Sprintf("0%%{opacity:0}%s%%{opacity:1}100%%{opacity:1}", num(from))
		}
		fmt.Fprintf(&b, "@keyframes f%d{%s}\n.f%d{animation-name:f%d}\n", i+1, rule, i+1, i+1)
		start += s
	}
	b.WriteString("</style>\n")
	for i, body := range bodies {
		fmt.Fprintf(&b, "<g class=\"f f%d\">\n%s\n</g>\n", i+1, body)
	}
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// num writes a number as CSS reads it, without needless digits.
func num(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
