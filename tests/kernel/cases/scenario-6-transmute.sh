# Scenario 6: a transmuting directory (chsmack -t) gives the files created
# in it the directory's label, for a process whose rule on it has "t"
# ("Writer Shared rwxat"); without "t" ("Plain Shared rwxa"), or without the
# flag, a new file gets its creator's label.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

printf 'Writer Shared rwxat\nPlain Shared rwxa\n' > rules
check "smackload loads the rules" smackload rules
check "the kernel has Writer Shared rwxat" has_rule Writer Shared rwxat

mkdir shared
check "chsmack -a Shared -t" chsmack -a Shared -t shared
check_eq "chsmack lists the transmuting directory" \
	'shared access="Shared" transmute="TRUE"' "$(chsmack shared)"
check "Writer creates a file in it" \
	smackrun Writer sh -c 'echo draft > shared/story'
check_eq "the file takes the directory's label" \
	'shared/story access="Shared"' "$(chsmack shared/story)"
check "Writer creates a subdirectory" smackrun Writer mkdir shared/sub
check_eq "it takes the label and the transmute flag" \
	'shared/sub access="Shared" transmute="TRUE"' "$(chsmack shared/sub)"
check "Writer creates a file one level down" \
	smackrun Writer sh -c 'echo x > shared/sub/deeper'
check_eq "that file is Shared too" 'shared/sub/deeper access="Shared"' \
	"$(chsmack shared/sub/deeper)"
check "Plain (no t in its rule) creates a file" \
	smackrun Plain sh -c 'echo y > shared/plain'
check_eq "it keeps the Plain label" 'shared/plain access="Plain"' \
	"$(chsmack shared/plain)"

mkdir flat
check "chsmack -a Shared without -t" chsmack -a Shared flat
check "Writer creates a file there" smackrun Writer sh -c 'echo z > flat/f'
check_eq "without the flag it keeps the Writer label" \
	'flat/f access="Writer"' "$(chsmack flat/f)"

check "chsmack -T drops the flag" chsmack -T shared
check "Writer creates another file" smackrun Writer sh -c 'echo w > shared/late'
check_eq "now it keeps the Writer label" 'shared/late access="Writer"' \
	"$(chsmack shared/late)"
finish
