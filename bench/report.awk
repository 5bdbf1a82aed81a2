# SPDX-License-Identifier: GPL-2.0-or-later
#
# Turns the benchmark's results (lines "FIGURE ROLE ROUND key=value...",
# see guest.sh and run.sh) into the table: each figure, its floor, the
# ratio and the target.  A ratio is the sum of the tool's times over the
# sum of the floor's, all rounds of one boot; "spread" gives the lowest
# and highest ratio of a single round.

function field(line, key,    n, i, kv, parts) {
	n = split(line, parts, " ")
	for (i = 4; i <= n; i++) {
		split(parts[i], kv, "=")
		if (kv[1] == key)
			return kv[2]
	}
	return ""
}

{
	fig = $1; role = $2; round = $3
	if (fig == "note") {
		sub(/^note - - /, "")
		notes[++nnotes] = $0
		next
	}
	if (fig == "check") {
		checks[++nchecks] = sprintf("%-24s %s", role, $4)
		if ($4 != "ok")
			failed_checks++
		next
	}
	key = fig SUBSEP role
	ns = field($0, "ns")
	if (ns != "") {
		n[key]++
		sum[key] += ns
		at[key, round] = ns
		if (!(key in lo) || ns < lo[key]) lo[key] = ns
		rounds[fig] = round > rounds[fig] ? round : rounds[fig]
	}
	rss = field($0, "rss_kb")
	if (rss != "" && rss > peak[key])
		peak[key] = rss
	st = field($0, "status")
	if (st != "" && st > status[key])
		status[key] = st
	line[key] = $0
}

function mean_ms(key) {
	return n[key] ? sum[key] / n[key] / 1e6 : 0
}

function ms(v) {
	return v >= 100 ? sprintf("%.0f ms", v) : sprintf("%.1f ms", v)
}

# Lowest and highest ratio of a single round of FIG's tool over floor.
function spread(fig, tool, floor,    r, q, qlo, qhi) {
	qlo = ""; qhi = ""
	for (r = 1; r <= rounds[fig]; r++) {
		if (!((fig, tool, r) in at) || !((fig, floor, r) in at))
			continue
		q = at[fig, tool, r] / at[fig, floor, r]
		if (qlo == "" || q < qlo) qlo = q
		if (qhi == "" || q > qhi) qhi = q
	}
	return qlo == "" ? "" : sprintf("%.2f-%.2f", qlo, qhi)
}

function verdict(value, limit, key) {
	if (key != "" && status[key] > 0)
		return "FAILED (exit " status[key] ")"
	if (value == "")
		return "not measured"
	return value <= limit ? "ok" : "MISSED"
}

function row(name, tool, floor, ratio, target, result, extra) {
	printf "%-34s %11s %11s %7s %8s  %s%s\n", name, tool, floor, ratio,
		target, result, extra == "" ? "" : "  (" extra ")"
	if (result ~ /^(MISSED|FAILED)/)
		missed++
}

# One timed figure: tool against floor.
function timed(name, fig, tool, floor, limit,    kt, kf, q, s) {
	kt = fig SUBSEP tool; kf = fig SUBSEP floor
	if (!n[kt] || !n[kf]) {
		row(name, n[kt] ? ms(mean_ms(kt)) : "-",
		    n[kf] ? ms(mean_ms(kf)) : "-", "-",
		    limit ? "<=" limit "x" : "", status[kt] > 0 ?
		    "FAILED (exit " status[kt] ")" : "not measured", "")
		return ""
	}
	q = (sum[kt] / n[kt]) / (sum[kf] / n[kf])
	s = spread(fig, tool, floor)
	row(name, ms(mean_ms(kt)), ms(mean_ms(kf)), sprintf("%.2fx", q),
	    limit ? "<=" limit "x" : "-",
	    limit ? verdict(q, limit, kt) : (status[kt] > 0 ?
	    "FAILED (exit " status[kt] ")" : "-"),
	    (s != "" ? "rounds " s ", " : "") n[kt] "+" n[kf] " runs")
	return q
}

function mib(kb) {
	return sprintf("%.2f MiB", kb / 1024)
}

function kib(b) {
	return sprintf("%.1f KiB", b / 1024)
}

END {
	for (i = 1; i <= nnotes; i++)
		print "# " notes[i]
	printf "%-34s %11s %11s %7s %8s  %s\n", "figure", "tool", "floor",
		"ratio", "target", "result"

	timed("smackload, 100k rules", "load", "tool", "floor", 1.10)
	k = "load" SUBSEP "tool"
	row("smackload peak RSS", n[k] ? mib(peak[k]) : "-",
	    n["load", "floor"] ? mib(peak["load", "floor"]) : "-",
	    n[k] && peak["load", "floor"] ?
	    sprintf("%.2fx", peak[k] / peak["load", "floor"]) : "-",
	    "<=3MiB", n[k] ? verdict(peak[k] / 1024, 3, k) : "not measured",
	    "")

	# Reload: against the full load of the same kernel state.
	kt = "reload" SUBSEP "tool"; kf = "reload" SUBSEP "floor"
	kfull = "reload" SUBSEP "full"
	if (n[kfull]) {
		full = sum[kfull] / n[kfull]
		if (n[kt])
			row("smackctl reload, 1% changed", ms(mean_ms(kt)),
			    ms(full / 1e6), sprintf("%.2fx", sum[kt] / n[kt] / full),
			    "<=0.35x", verdict(sum[kt] / n[kt] / full, 0.35, kt),
			    "floor = a full load")
		else
			row("smackctl reload, 1% changed", "-", ms(full / 1e6),
			    "-", "<=0.35x", status[kt] > 0 ?
			    "FAILED (exit " status[kt] ")" : "not measured", "")
		if (n[kf])
			row("  floor: read load2 + write diff", ms(mean_ms(kf)),
			    ms(full / 1e6), sprintf("%.2fx", sum[kf] / n[kf] / full),
			    "-", "-", "the least a reload can cost")
	}
	timed("  reload against its floor", "reload", "tool", "floor", 0)
	kp = "probe" SUBSEP "reload"
	if (kp in line)
		row("  denials while reloading", field(line[kp], "denied"),
		    "-", "-", "0", field(line[kp], "probes") > 0 &&
		    field(line[kp], "denied") == 0 ? "ok" : "MISSED",
		    field(line[kp], "probes") " probes over " \
		    n["reload", "probed"] " reloads")
	kp = "probe" SUBSEP "clear-load"
	if (kp in line)
		row("  denials, clear then load", field(line[kp], "denied"),
		    "-", "-", "-", "-", "upstream's way: denied for up to " \
		    field(line[kp], "longest_denied_ms") " ms; shows the prober works")

	timed("chsmack -r set, 100k files", "set", "tool", "floor", 1.05)
	timed("chsmack -r list, 100k files", "list", "tool", "floor", 1.2)
	kb = "set" SUBSEP "tool"; ks = "set-small" SUBSEP "tool"
	if (n[kb] && n[ks])
		row("chsmack peak RSS 100k vs 1k files", mib(peak[kb]),
		    mib(peak[ks]), sprintf("%.2fx", peak[kb] / peak[ks]),
		    "flat", status[kb] > 0 ? "FAILED" :
		    (peak[kb] - peak[ks] <= 256 ? "ok" : "MISSED"),
		    "list: " mib(peak["list", "tool"]) " vs " \
		    mib(peak["list-small", "tool"]))

	timed("smack_have_access", "access", "tool", "floor", 1.05)
	timed("smackaccess (one query a run)", "smackaccess", "tool",
	      "floor", 0)

	# Sizes, measured on the host.
	total = 0; counted = 0
	for (k in line) {
		split(k, kk, SUBSEP)
		if (kk[1] != "size")
			continue
		sizes[kk[2]] = field(line[k], "stripped")
	}
	nsz = split("libsmack.so.1 smackload chsmack smackaccess", core, " ")
	for (i = 1; i <= nsz; i++)
		if (core[i] in sizes) {
			total += sizes[core[i]]
			counted++
		}
	if (counted) {
		row("stripped lib+smackload+chsmack+smackaccess", kib(total), "-",
		    "-", "<=80KiB", counted == nsz ? verdict(total / 1024, 80, "") :
		    "incomplete", "")
		nall = split("libsmack.so.1 smackload smackctl chsmack smackaccess smackcipso smackrun", all, " ")
		for (i = 1; i <= nall; i++)
			if (all[i] in sizes)
				row("  " all[i], kib(sizes[all[i]]), "-", "-", "-", "-",
				    "size(1): " field(line["size", all[i]], "text") " text " \
				    field(line["size", all[i]], "data") " data " \
				    field(line["size", all[i]], "bss") " bss")
	}

	for (k in line) {
		split(k, kk, SUBSEP)
		if (kk[1] == "fuzz")
			row("fuzz " kk[2], field(line[k], "execs"), "-", "-", "1e7",
			    field(line[k], "execs") >= 1e7 ? "ok" : "short",
			    field(line[k], "seconds") " s")
	}

	if (nchecks) {
		print ""
		print "correctness checks of the runs:"
		for (i = 1; i <= nchecks; i++)
			print "  " checks[i]
	}
	printf "\n%d figure(s) missed or failed, %d check(s) failed\n",
		missed, failed_checks
}
