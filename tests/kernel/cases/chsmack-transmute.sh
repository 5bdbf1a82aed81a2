# chsmack -t: files created in a transmuting directory by a process whose
# rule has 't' get the directory's label, new subdirectories transmute too;
# without 't' they keep the creator's label.  chsmack never asks the kernel
# for transmute on a file.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/chsmack/kernel.sh"

mkdir "$T/shared" "$T/plain"
check "chsmack -a Shared -t on a directory" "$CHSMACK" -a Shared -t "$T/shared"
check_eq "chsmack lists access and transmute" \
	"$T/shared access=\"Shared\" transmute=\"TRUE\"" "$("$CHSMACK" "$T/shared")"
chmod 1777 "$T/shared" "$T/plain"
printf 'Writer Shared rwxat\n' > "$SMACKFS/load2"
check "a confined Writer creates a file and a directory in it" \
	confined Writer sh -c "echo x > '$T/shared/new' && mkdir '$T/shared/sub'"
check_eq "the new file gets the directory's label" \
	"$T/shared/new access=\"Shared\"" "$("$CHSMACK" "$T/shared/new")"
check_eq "the new directory gets the label and transmutes" \
	"$T/shared/sub access=\"Shared\" transmute=\"TRUE\"" \
	"$("$CHSMACK" "$T/shared/sub")"

check "chsmack -a Plain -t on another" "$CHSMACK" -a Plain -t "$T/plain"
printf 'Writer Plain rwxa\n' > "$SMACKFS/load2"
check "a confined Writer creates a file there (rule without t)" \
	confined Writer sh -c "echo x > '$T/plain/own'"
check_eq "... which keeps the Writer's label" \
	"$T/plain/own access=\"Writer\"" "$("$CHSMACK" "$T/plain/own")"

check "chsmack -T removes the flag" "$CHSMACK" -T "$T/shared"
check "... a new file then keeps the Writer's label" \
	confined Writer sh -c "echo y > '$T/shared/after'"
check_eq "... as listed" "$T/shared/after access=\"Writer\"" \
	"$("$CHSMACK" "$T/shared/after")"

mkdir -p "$T/tree/d"
touch "$T/tree/f" "$T/tree/d/g"
"$CHSMACK" -r -t "$T/tree" 2> "$T/err"
check_eq "chsmack -r -t over files and directories exits 0" 0 $?
check "... warning once about the files" \
	grep -q "not set on 2 other files" "$T/err"
check_eq "the directories transmute" "TRUE" \
	"$(getfattr --only-values -n security.SMACK64TRANSMUTE "$T/tree/d" 2> /dev/null)"
check_eq "the files do not (the kernel reads an empty value)" "" \
	"$(getfattr --only-values -n security.SMACK64TRANSMUTE "$T/tree/d/g" 2> /dev/null)"
"$CHSMACK" -t "$T/tree/f" 2> "$T/err"
check_eq "chsmack -t on a file, not recursive: exit 1" 1 $?
check "... reported as not a directory" grep -q "not a directory" "$T/err"
finish
