package serve_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// A user name is drawn on the instructor's screen: what a terminal
// would obey is written out, never obeyed, and it is cut to 24 cells.
func ExampleCleanName() {
	fmt.Println(serve.CleanName("\x1b[2Jmallory"))
	fmt.Println(serve.CleanName("a-very-long-name-for-a-laptop-user"))
	fmt.Println(serve.CleanName(""))
	// Output:
	// \x1b[2Jmallory
	// a-very-long-name-for-a-l
	// anonymous
}
