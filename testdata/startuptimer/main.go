// Command startuptimer times short commands against the first one, for
// testdata/startup.sh: every run of every command in turn, so that all
// of them meet the same load on a busy machine, where one command's runs
// after another's (as hyperfine makes them) meet different loads.
//
// Usage: startuptimer RUNS ROUNDS COMMAND...
//
// Each COMMAND is a program and its arguments, separated by spaces. A
// round runs each command RUNS times, interleaved (the order rotating
// from one run to the next), after a warm-up run of each. For each
// command it prints the median over rounds of: the round's median wall
// time (fork to exit, as seen by this program), and its ratio to the
// first command's in the same round; the round's mean CPU time (user and
// system, from the kernel's accounting of the child), and its ratio.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: startuptimer RUNS ROUNDS COMMAND...")
		os.Exit(2)
	}
	runs, err1 := strconv.Atoi(os.Args[1])
	rounds, err2 := strconv.Atoi(os.Args[2])
	if err1 != nil || err2 != nil || runs < 1 || rounds < 1 {
		fmt.Fprintln(os.Stderr, "startuptimer: RUNS and ROUNDS are whole numbers, at least 1")
		os.Exit(2)
	}
	cmds := os.Args[3:]
	n := len(cmds)
	// Per command, one value per round.
	wall := make([][]float64, n)
	wallRatio := make([][]float64, n)
	cpu := make([][]float64, n)
	cpuRatio := make([][]float64, n)
	for c := range cmds {
		run(cmds[c]) // warm-up: the binary's pages in the page cache
	}
	for range rounds {
		walls := make([][]float64, n)
		cpus := make([]float64, n)
		for i := range runs {
			for k := range n {
				c := (i + k) % n
				w, u := run(cmds[c])
				walls[c] = append(walls[c], w)
				cpus[c] += u / float64(runs)
			}
		}
		base, baseCPU := median(walls[0]), cpus[0]
		for c := range n {
			m := median(walls[c])
			wall[c] = append(wall[c], m)
			wallRatio[c] = append(wallRatio[c], m/base)
			cpu[c] = append(cpu[c], cpus[c])
			cpuRatio[c] = append(cpuRatio[c], cpus[c]/baseCPU)
		}
	}
	for c, cmd := range cmds {
		fmt.Printf("%s\t%.3f\t%.3f\t%.3f\t%.3f\n", cmd, median(wall[c]), median(wallRatio[c]), median(cpu[c]), median(cpuRatio[c]))
	}
}

// run runs the command line cmd, its output discarded, and returns its
// wall and CPU times in milliseconds.
func run(cmd string) (wall, cpu float64) {
	f := strings.Fields(cmd)
	c := exec.Command(f[0], f[1:]...)
	start := time.Now()
	if err := c.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "startuptimer: %s: %v\n", cmd, err)
		os.Exit(2)
	}
	wall = float64(time.Since(start)) / float64(time.Millisecond)
	cpu = float64(c.ProcessState.UserTime()+c.ProcessState.SystemTime()) / float64(time.Millisecond)
	return wall, cpu
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
