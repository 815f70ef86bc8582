// Package cli holds the ndcg-explorer commands: it parses their command
// lines, reads their inputs and prints their outputs.
//
// The command line is built on cobra, with fang's styled help (each
// flag followed by its value's name: showHelp). Completion scripts are
// cobra's, the bash one made to work without the bash-completion package
// (completion.go). Flags are GNU style (pflag): long flags take two
// dashes (--gain), short ones one (-k 5, -k5), short booleans bundle
// (trec -qc), flags may come before or after the arguments, and "--"
// ends the flags (report -- -odd-name.json).
//
// Main builds a new command tree on every call, reading and writing only
// the streams of its Env, so that tests run the real command line
// without a process and without shared state. A run that names a
// command builds that command alone under a bare root; a bare --version
// prints without a tree. Everything else (the explorer, help, the manual
// page, completion, a mistyped name) builds the whole tree. A test
// checks that both ways print the same and exit alike.
//
// # Adding a command
//
// A command is one file and one line:
//
//  1. In a new file, say cli/frob.go, write newFrobCmd(env *Env)
//     *cobra.Command. Declare its flags on the command's own FlagSet
//     (variables local to newFrobCmd, never package variables); reuse
//     listFlags.register for the list flags every command shares. Write
//     output to env.Stdout and env.Stderr. Return errors from RunE:
//     an error prints as "ndcg-explorer: MESSAGE" and exits 2 (bad input
//     or usage); withStatus(code, err) picks another status (check's 1
//     for a claim that does not hold). "ndcg-explorer frob help" shows
//     its help, as every command's does (takeHelpWord). Give a flag
//     that takes one of a few words its values with completeValues
//     (completeListFlags for the list flags), so that the shell
//     completes them.
//  2. Add {"frob", newFrobCmd} to the commands list (cli.go), at its
//     place in the lesson order.
//  3. Regenerate the command reference, docs/reference.md, with
//     "go run ./tools/cmdref" (a test compares it with the commands'
//     help), name the command in the README (a test checks it), and add
//     it to the CHANGELOG.
//
// Help (-h, --help, help frob), the manual page, shell completion and the
// did-you-mean for a mistyped name then come with it. Test it through
// Main, as cli_test.go does.
//
// # Exit statuses
//
// 0 success; 1 check: some claim does not hold, and trec: a usage error
// (trec_eval's own status); 2 anything else that went wrong: bad input,
// an unknown flag or command.
package cli
