package cli

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// shells are the shells completion writes a script for.
var shells = []string{"bash", "zsh", "fish", "powershell"}

// newCompletionCmd prints a shell's completion script. It replaces
// cobra's completion command (one subcommand per shell, and a bash
// script that needs the bash-completion package) with one command whose
// bash script works in a bare bash too.
func newCompletionCmd(*Env) *cobra.Command {
	var noDesc bool
	cmd := &cobra.Command{
		Use:   "completion SHELL",
		Short: "Print the shell completion script: bash, zsh, fish or powershell",
		Long: "Print the script that makes SHELL complete ndcg-explorer's commands, flags, files,\n" +
			"sample:NAME (type sample: then TAB) and --query ids of the files already given.\n" +
			"\n" +
			"bash: add eval \"$(ndcg-explorer completion bash)\" to ~/.bashrc. The bash-completion\n" +
			"package is not needed (macOS's bash 3.2, Git Bash and minimal installs lack it);\n" +
			"with it, the script may instead go in ~/.local/share/bash-completion/completions/.\n" +
			"\n" +
			"zsh: completion must be on (autoload -U compinit; compinit in ~/.zshrc); then\n" +
			"put the script in a directory of $fpath as _ndcg-explorer.\n" +
			"\n" +
			"fish: put the script in ~/.config/fish/completions/ndcg-explorer.fish.\n" +
			"\n" +
			"powershell: add ndcg-explorer completion powershell | Out-String | Invoke-Expression\n" +
			"to $PROFILE.\n" +
			"\n" +
			"Start a new shell for the change to take effect.",
		Example: `# bash, in this shell and in every new one
eval "$(ndcg-explorer completion bash)"
echo 'eval "$(ndcg-explorer completion bash)"' >> ~/.bashrc
# zsh, with completion on
ndcg-explorer completion zsh > "${fpath[1]}/_ndcg-explorer"
# fish
ndcg-explorer completion fish > ~/.config/fish/completions/ndcg-explorer.fish`,
		ValidArgs:             shells,
		DisableFlagsInUseLine: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && slices.Contains(shells, args[0]) {
				return nil
			}
			msg := "completion takes one SHELL: " + strings.Join(shells, ", ")
			if len(args) == 1 {
				msg = fmt.Sprintf("no completion for %q: the shells are %s", args[0], strings.Join(shells, ", "))
			}
			return &usageError{command: cmd.CommandPath(), err: errors.New(msg),
				hint: "Run ndcg-explorer completion --help for what each shell needs."}
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := cmd.Root(), cmd.OutOrStdout()
			switch args[0] {
			case "bash":
				var b bytes.Buffer
				if err := root.GenBashCompletionV2(&b, !noDesc); err != nil {
					return err
				}
				_, err := out.Write([]byte(bareBash(root.Name(), b.String())))
				return err
			case "zsh":
				if noDesc {
					return root.GenZshCompletionNoDesc(out)
				}
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, !noDesc)
			default:
				if noDesc {
					return root.GenPowerShellCompletion(out)
				}
				return root.GenPowerShellCompletionWithDesc(out)
			}
		},
	}
	cmd.Flags().BoolVar(&noDesc, "no-descriptions", false, "complete without a description beside each choice")
	return cmd
}

// bareBash makes cobra's bash script (for the program name) work in a
// bash without the bash-completion package, where every TAB printed
// "_get_comp_words_by_ref: command not found": its two calls into that
// package go through functions of the program's own, which use the
// package when it is loaded (whenever it is: before or after this
// script) and a small version of the same otherwise. Nothing is defined
// under the package's names, which other scripts test for to tell
// whether the package is loaded.
func bareBash(name, script string) string {
	prefix := "__" + name
	script = strings.Replace(script, `_get_comp_words_by_ref "$@"`, prefix+`_get_comp_words_by_ref "$@"`, 1)
	script = filedirCall.ReplaceAllString(script, "${1}"+prefix+"_filedir")
	// After cobra's first line, which names the script.
	head, body, _ := strings.Cut(script, "\n")
	return head + "\n\n" + strings.ReplaceAll(bashFallbacks, "__PROG", prefix) + body
}

// filedirCall is a call of bash-completion's _filedir in cobra's script.
var filedirCall = regexp.MustCompile(`(^|[\s"])_filedir\b`)

// bashFallbacks are the functions bareBash puts before cobra's script;
// __PROG stands for "__" and the program's name. Written for bash 3.2
// (macOS's) too: no namerefs, no [[ -v ]], no extglob.
const bashFallbacks = `# The bash-completion package is used when it is loaded, and not needed
# otherwise.

# The words of the command line as bash-completion's _get_comp_words_by_ref
# sets them (cur prev words cword), in the one form cobra's script calls it:
# -n CHARS cur prev words cword, where CHARS (= and :) do not split words.
__PROG_get_comp_words_by_ref()
{
    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
        _get_comp_words_by_ref "$@"
        return
    fi
    local keep="" i w before rest=$COMP_LINE last=""
    if [[ $1 == -n ]]; then
        keep=$2
    fi
    words=()
    cword=0
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        w=${COMP_WORDS[i]}
        # What the line holds between the word before and this one.
        if [[ -z $w ]]; then
            before=$rest
            rest=""
        else
            before=${rest%%"$w"*}
            rest=${rest#*"$w"}
        fi
        # bash split sample:NAME into sample, : and NAME (and --flag=v at
        # the =): a word of such characters alone, or one right after
        # it, joins the word before when no blank stands between them.
        if ((i > 0)) && [[ -z $before && -n $keep ]] &&
            { [[ -n $w && -z ${w//[$keep]/} ]] || [[ -n $last && -z ${last//[$keep]/} ]]; }; then
            words[${#words[@]}-1]+=$w
        else
            words[${#words[@]}]=$w
        fi
        if ((i == COMP_CWORD)); then
            cword=$((${#words[@]} - 1))
        fi
        last=$w
    done
    cur=${words[cword]}
    prev=""
    if ((cword > 0)); then
        prev=${words[cword-1]}
    fi
}

# File names for cobra's script as bash-completion's _filedir gives them:
# -d for directories, EXT1|EXT2| for directories and files with those
# extensions, nothing for every file.
__PROG_filedir()
{
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir "$@"
        return
    fi
    local IFS=$'\n' f
    if [[ $1 == -d ]]; then
        COMPREPLY+=($(compgen -d -- "$cur"))
    else
        for f in $(compgen -f -- "$cur"); do
            if [[ -z $1 || -d $f || ( $f == *.* && "|$1" == *"|${f##*.}|"* ) ]]; then
                COMPREPLY+=("$f")
            fi
        done
    fi
    if [[ $(type -t compopt) == builtin ]]; then
        compopt -o filenames
    fi
}

`
