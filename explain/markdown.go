package explain

import "strings"

// MarkdownText is s made safe as markdown prose or a table cell: the
// characters that start HTML markup or an entity (< > &) are written as
// entities, which every markdown renderer shows as the characters
// themselves, so an id or a title holding <script> or <img onerror=…>
// is shown, never run, as the HTML and SVG outputs escape it. A
// backslash and a backtick are escaped, so that neither escapes the
// entities nor opens a code span, where entities are not read. A line
// break becomes a space and | is escaped, so a cell stays in its row
// and column.
func MarkdownText(s string) string { return markdownText.Replace(s) }

var markdownText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "|", "\\|", "\n", " ",
	"\\", "\\\\", "`", "\\`")

// CodeSpan is s as a markdown code span: between runs of backticks one
// longer than any run in s (padded with a space where s starts or ends
// with one), so that no backtick in s ends the span early and lets what
// follows be read as markup. Inside a code span markup is shown as it is.
func CodeSpan(s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 && (strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`")) {
		s = " " + s + " "
	}
	return fence + s + fence
}
