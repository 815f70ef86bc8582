// Command ndcg-explorer is an interactive terminal explorer for NDCG.
// See README.md.
package main

import (
	"os"

	"ndcg-explorer/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.OSEnv()))
}
