package serve

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
)

// The commands an attendee may give ssh after the explorer: each prints
// the list the server keeps for them, so that the list leaves with them
// through ssh itself, whatever their terminal's clipboard does (OSC 52
// reaches none in the old Windows console, macOS Terminal or GNOME
// Terminal) and with nothing installed.
const (
	// ListCommand prints the list as JSON, the file the explorer opens.
	ListCommand = "list"
	// ReportCommand prints the report as markdown, to read.
	ReportCommand = "report"
)

// takeHomeCommand reports whether cmd is one of the commands above.
func takeHomeCommand(cmd string) (string, bool) {
	c := strings.ToLower(strings.TrimSpace(cmd))
	return c, c == ListCommand || c == ReportCommand
}

// takeHome prints the list the server keeps for the session's attendee
// (found by their resume code or their key, as a reconnection finds it),
// or says in one line why there is none, with exit status 1.
func (s *Server) takeHome(sess ssh.Session, cmd string) {
	login, code := splitCode(sess.User())
	name := CleanName(login)
	doc, settings, state, shown, id := s.room.keptFor(name, code, sessionKey(sess))
	switch state {
	case keptNone:
		if code != "" {
			s.throttle.fail(hostOf(sess.RemoteAddr().String()), func(msg string) { fmt.Fprintln(sess.Stderr(), msg) })
		}
		s.refuse(sess, fmt.Sprintf("no list kept for %s %s: give the user name your take-home lines show (NAME+CODE), or connect with the key you used (%s)",
			name, keptWhere(code, sessionKey(sess)), connectLine(sess, "")))
		return
	case keptConnected:
		s.refuse(sess, fmt.Sprintf("%s is still in the explorer: quit it (q) first, then run this again", name))
		return
	}
	var out string
	switch cmd {
	case ListCommand:
		data, err := listio.WriteJSON(doc, settings)
		if err != nil {
			s.refuse(sess, "cannot write the list: "+err.Error())
			return
		}
		out = string(data)
	default:
		r, err := ndcg.Compute(doc.List, settings)
		switch {
		case err != nil:
			s.refuse(sess, "cannot compute the report: "+err.Error())
			return
		default:
			out = report.MarkdownString(doc, r)
		}
		out += roundsReport(s.room.Results(), id)
	}
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	s.room.markTaken(name, code, sessionKey(sess))
	s.log("%s took their list home (%s)", shown, cmd)
	_, _ = fmt.Fprint(sess, out)
	_ = sess.Exit(0)
}

// takeHomeLines are what an attendee reads as their explorer ends while
// the server goes on: the list stays, and how to take it home, as user
// (the name that finds it, with their resume code when they have no key:
// Server.returnName). width is the attendee's
// terminal's (0: unknown): a note that would wrap a line there is left
// out, as a command broken across two lines is hard to copy and the
// notes only say what the file names already do (a lab's student-3 on a
// five-digit port and a dotted address passes 80 columns with them).
func takeHomeLines(sess ssh.Session, user string, width int) string {
	return wrapLine("ndcg-explorer: your list stays here until the workshop ends; to take it home:", width) +
		takeHomeCommands(sess, user, width)
}

// takeHomeCommands are the two ssh lines that print the attendee's report
// and list, with what each is for where width has room for it.
func takeHomeCommands(sess ssh.Session, user string, width int) string {
	line := connectLineAs(sess, "", user)
	file := "list"
	if name, _ := splitCode(user); plainName(name) {
		file = name
	}
	report := fmt.Sprintf("  %s %s > %s.md", line, ReportCommand, file)
	list := fmt.Sprintf("  %s %s > %s.json", line, ListCommand, file)
	// (report > NAME.md and list > NAME.json are as long as each other.)
	const reportNote, listNote = "   (the report, to read)", "   (the list, for ndcg-explorer)"
	if width <= 0 || ansi.StringWidth(list+listNote) <= width {
		report += reportNote
		list += listNote
	}
	return report + "\r\n" + list + "\r\n"
}

// wrapLine is one line of what an attendee reads as their session ends,
// wrapped between words to width (0: not wrapped) and ended with \r\n:
// left to the terminal, it broke inside a word at 60 columns ("then, t"
// over "o take it home:"). The commands after it are never broken: a
// command cut in two is not one to paste.
func wrapLine(text string, width int) string {
	if width > 0 {
		text = strings.ReplaceAll(ansi.Wrap(text, width, ""), "\n", "\r\n")
	}
	return text + "\r\n"
}

// keptLines are what an attendee reads as the server stops while it
// keeps the room: their list is kept for when it serves again, and the
// lines that take it home then.
func keptLines(sess ssh.Session, user string, width int) string {
	return wrapLine("ndcg-explorer: your list is kept for the next serve; then, to take it home:", width) +
		takeHomeCommands(sess, user, width)
}

// roundsReport is the quiz rounds of the attendee id for their take-home
// report, in markdown: each answer, its verdict and the mistake check
// found behind it. Empty when they answered none. An answer is the
// attendee's by their identity (the ID their key or code brings back),
// never by a display name, which a newcomer may have had since.
func roundsReport(results []RoundResult, id int) string {
	var b strings.Builder
	for _, r := range results {
		if r.ID != id {
			continue
		}
		if b.Len() == 0 {
			b.WriteString("\n## Your quiz rounds\n\n| round | question | your answer | NDCG@k | verdict | the mistake behind it |\n|---|---|---|---|---|---|\n")
		}
		fmt.Fprintf(&b, "| %d | seed %d, question %d | %s | NDCG@%d = %.4f | %s | %s |\n", r.Round, r.Seed, r.Question,
			strings.ReplaceAll(termsafe.String(r.Answer), "|", "\\|"), r.K, r.True, r.Verdict, r.Diagnosis)
	}
	return b.String()
}
