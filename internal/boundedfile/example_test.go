package boundedfile_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ndcg-explorer/ndcg-explorer/internal/boundedfile"
)

func ExampleRead() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "pass.txt")
	_ = os.WriteFile(path, []byte("a phrase\n"), 0o600)
	data, err := boundedfile.Read(path, 64<<10)
	fmt.Printf("%q %v\n", data, err)
	_, err = boundedfile.Read(dir, 64<<10)
	fmt.Println(err != nil)
	// Output:
	// "a phrase\n" <nil>
	// true
}
