// Command ndcg-explorer is an interactive terminal explorer for NDCG.
// See README.md.
package main

import (
	"os"

	"github.com/ndcg-explorer/ndcg-explorer/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.OSEnv()))
}
