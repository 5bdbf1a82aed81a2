# chsmack -e: a program given an execute label runs with it; -E, a
# reference and a restored specification do the same through the kernel.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/chsmack/kernel.sh"

cp /bin/cat "$T/labcat"
self() {
	"$T/labcat" /proc/self/attr/current
}
check_eq "a program without an execute label keeps the caller's" _ "$(self)"
check "chsmack -e Runner" "$CHSMACK" -e Runner "$T/labcat"
check_eq "the program now runs as Runner" Runner "$(self)"
check_eq "a confined caller gets it too" Runner \
	"$(confined Caller "$T/labcat" /proc/self/attr/current)"
check "chsmack -E removes it" "$CHSMACK" -E "$T/labcat"
check_eq "... and the program keeps the caller's label again" _ "$(self)"

cp /bin/cat "$T/refcat"
"$CHSMACK" -e FromRef "$T/refcat"
check "chsmack --reference copies the execute label" \
	"$CHSMACK" --reference="$T/refcat" "$T/labcat"
check_eq "... which takes effect" FromRef "$(self)"

printf '%s -- access=_ execute=FromSpec\n' "$T/labcat" > "$T/spec"
check "chsmack --restore gives the label a specification says" \
	"$CHSMACK" --restore --spec="$T/spec" "$T/labcat"
check_eq "... which takes effect" FromSpec "$(self)"
check_eq "... and is listed" "$T/labcat access=\"_\" execute=\"FromSpec\"" \
	"$("$CHSMACK" "$T/labcat")"
finish
