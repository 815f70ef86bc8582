package session_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
)

// A paste past the limit is cut, its end marker kept, so the explorer
// sees a paste end; what is typed around it passes as it is.
func ExampleLimitPaste() {
	in := "x\x1b[200~" + strings.Repeat("a", 10) + "\x1b[201~y"
	out, _ := io.ReadAll(session.LimitPaste(strings.NewReader(in), 4))
	fmt.Printf("%q\n", out)
	// Output: "x\x1b[200~aaaa\x1b[201~y"
}
