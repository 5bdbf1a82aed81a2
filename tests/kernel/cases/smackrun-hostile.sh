# smackrun on a real kernel with hostile input: a command whose name holds
# an escape sequence is named escaped in the message; a standard descriptor
# smackrun was given closed is not given to the command as smackrun's
# stand-in for it (which is closed on exec).
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

esc=$(printf '\033')
smackrun Runner "$T/no${esc}[2Jcmd" > "$T/out" 2> "$T/err"
check_eq "a command that cannot be found: exit 127" 127 $?
check_eq "... named escaped, on one line" \
	"smackrun: cannot run '$T/no\\033[2Jcmd': No such file or directory" \
	"$(cat "$T/err")"

# What the command finds there is not smackrun's stand-in, an O_PATH
# descriptor of "/" (under valgrind, it may be valgrind's log).
check_eq "standard input closed: the command does not get the stand-in" "" \
	"$(smackrun Runner readlink /proc/self/fd/0 <&- 2> /dev/null | grep -x /)"
check_eq "... nor for standard error" "" \
	"$(smackrun Runner readlink /proc/self/fd/2 2>&- | grep -x /)"
# (The shell's own, read in a command substitution: a redirection of a
# command would have the shell move it aside first.)
check_eq "... nor for standard output" "" \
	"$(smackrun Runner sh -c 'x=$(readlink /proc/$$/fd/1); echo "$x" >&2' \
		2>&1 >&- | grep -x /)"
finish
