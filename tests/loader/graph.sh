#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# smackctl graph on the host: the rules of a small tree as DOT (one node a
# label, one edge a pair with the access its rules leave), --label and
# --access, the SVG Graphviz draws from it, hostile file names escaped,
# and errors.
. "$abs_top_srcdir/tests/loader/lib.sh"

t=$tap_tmp
tree=$t/tree
mkdir -p "$tree/accesses.d"
printf 'Viewer News rx\nViewer Mail w\nViewer News - x\n' > "$tree/accesses.d/10-a"
printf 'Mail News r\nViewer Mail rw\nNews Mail -\n' > "$tree/accesses.d/20-b"
a=$tree/accesses.d

expect_exit "graph writes DOT" 0 "$SMACKCTL" --config-dir "$tree" graph
cat > "$t/want" <<EOT
digraph smack {
	rankdir=LR;
	node [shape=box, fontname="sans-serif"];
	edge [fontname="sans-serif"];
	"Mail";
	"News";
	"Viewer";
	"Mail" -> "News" [label="r", tooltip="$a/20-b:1"];
	"News" -> "Mail" [label="-", style=dashed, tooltip="$a/20-b:3"];
	"Viewer" -> "Mail" [label="rw", tooltip="$a/20-b:2"];
	"Viewer" -> "News" [label="r", tooltip="$a/10-a:3"];
}
EOT
cmp -s "$t/out" "$t/want" && ok "... a node a label, an edge a pair, as its rules leave it" ||
	{ not_ok "... a node a label, an edge a pair, as its rules leave it"; diag_file "$t/out" 20; }

expect_exit "graph --label" 0 "$SMACKCTL" --config-dir "$tree" graph --label Viewer
grep -c -- ' -> ' "$t/out" | grep -qx 2 && ! grep -q '"News" -> "Mail"' "$t/out" &&
	ok "... keeps the label's edges only" || not_ok "... keeps the label's edges only"
expect_exit "graph --access w" 0 "$SMACKCTL" --config-dir "$tree" graph --access w
grep -c -- ' -> ' "$t/out" | grep -qx 1 && grep -q '"Viewer" -> "Mail" \[label="rw"' "$t/out" &&
	! grep -q '^	"News";' "$t/out" &&
	ok "... keeps the edges with the letter, and their labels" ||
	not_ok "... keeps the edges with the letter, and their labels"
expect_exit "graph -o FILE writes DOT there" 0 \
	"$SMACKCTL" --config-dir "$tree" graph -o "$t/g.dot"
cmp -s "$t/g.dot" "$t/want" && ok "... the same DOT" || not_ok "... the same DOT"

if command -v dot > /dev/null 2>&1; then
	expect_exit "graph -o FILE.svg runs Graphviz's dot" 0 \
		"$SMACKCTL" --config-dir "$tree" graph -o "$t/g.svg"
	for node in Mail News Viewer; do
		expect_grep "... the SVG has the node $node" "$t/g.svg" \
			"<title>$node</title>"
	done
	for edge in 'Mail&#45;&gt;News' 'News&#45;&gt;Mail' \
		    'Viewer&#45;&gt;Mail' 'Viewer&#45;&gt;News'; do
		expect_grep "... and the edge $edge" "$t/g.svg" \
			"<title>$edge</title>"
	done
	expect_grep "... with its letters" "$t/g.svg" '>rw</text>'
	n=$(grep -c 'class="edge"' "$t/g.svg")
	[ "$n" -eq 4 ] && ok "... four edges, no more" || not_ok "... four edges, no more ($n)"
else
	skip_test "graph -o FILE.svg" "Graphviz's dot is not installed"
fi
# A PATH of every command but dot (the build's programs may be scripts).
mkdir "$t/nodot"
ln -s /usr/bin/* /bin/* "$t/nodot/" 2> /dev/null
rm -f "$t/nodot/dot"
expect_exit "without dot, -o FILE.svg fails" 1 \
	env PATH="$t/nodot" "$SMACKCTL" --config-dir "$tree" graph -o "$t/none.svg"
expect_grep "... saying what to install" "$t/err" \
	"^smackctl: cannot run dot: install Graphviz for $t/none.svg, or leave out -o for DOT$"

# A file name with a quote, a backslash and a newline stays in its string.
h=$t/hostile
mkdir -p "$h/accesses.d"
printf 'A B r\n' > "$h/accesses.d/x\"y\\z
w"
expect_exit "graph of a tree with a hostile file name" 0 "$SMACKCTL" --config-dir "$h" graph
expect_grep "... quote, backslash and newline escaped in the DOT string" "$t/out" \
	'^	"A" -> "B" \[label="r", tooltip=".*/accesses\.d/x\\\\042y\\\\134z\\\\012w:1"\];$'
[ "$(wc -l < "$t/out")" -eq 8 ] && ok "... and no line forged" || not_ok "... and no line forged"
if command -v dot > /dev/null 2>&1; then
	"$SMACKCTL" --config-dir "$h" graph | dot -Tsvg > /dev/null 2>&1 &&
		ok "... which dot reads" || not_ok "... which dot reads"
fi

expect_exit "graph of a bad label exits 1" 1 "$SMACKCTL" --config-dir "$tree" graph --label "$(printf 'a\nb')"
expect_grep "... escaped" "$t/err" '^smackctl: label "a\\012b" contains a line break$'
expect_exit "graph of a bad access exits 1" 1 "$SMACKCTL" --config-dir "$tree" graph --access q
printf 'A B rq\n' > "$a/30-bad"
expect_exit "graph of a tree with an error exits 1" 1 "$SMACKCTL" --config-dir "$tree" graph
expect_grep "... naming FILE:LINE:COL" "$t/err" "^smackctl: $a/30-bad:1:[0-9]+: "
[ -s "$t/out" ] && not_ok "... and writes no graph" || ok "... and writes no graph"
expect_exit "--label is for graph only" 2 "$SMACKCTL" --config-dir "$tree" --label A check
# The README's picture is the demo's policy as it stands.
if command -v dot > /dev/null 2>&1; then
	"$SMACKCTL" --config-dir "$srcdir/examples/policy" graph -o "$t/demo.svg"
	grep '<title>' "$t/demo.svg" > "$t/demo.titles"
	grep '<title>' "$srcdir/doc/demo-policy.svg" > "$t/readme.titles"
	cmp -s "$t/demo.titles" "$t/readme.titles" &&
		ok "doc/demo-policy.svg draws examples/policy as it is" ||
		not_ok "doc/demo-policy.svg draws examples/policy as it is (remake it: see README)"
fi
tap_done
