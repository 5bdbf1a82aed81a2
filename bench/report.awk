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
		check_result[role] = $4
		checks[++nchecks] = sprintf("%-24s %s", role, $4)
		if ($4 != "ok")
			failed_checks++
		next
	}
	if (fig == "variant") {
		variants[++nvariants] = role
		variant_kind[role] = round
		if (field($0, "BENCH_RULES") != "")
			rules_of["load:" role] = field($0, "BENCH_RULES")
		next
	}
	if (role == "n" && field($0, "rules") != "")
		rules_of[fig] = field($0, "rules")
	if (role == "n") {
		ops[fig] = field($0, "queries") + field($0, "runs")
		next
	}
	key = fig SUBSEP role
	if (fig ~ /^size-(small|multi|lld|static|static-multi)$/)
		has_small = 1
	ns = field($0, "ns")
	if (ns != "") {
		n[key]++
		sum[key] += ns
		at[key, round] = ns
		if (!(key in lo) || ns < lo[key]) lo[key] = ns
		rounds[fig] = round > rounds[fig] ? round : rounds[fig]
	}
	if (field($0, "allowed") != "")
		allowed[key] = field($0, "allowed")
	cpu = field($0, "user_ms") + field($0, "sys_ms")
	if (field($0, "user_ms") != "" && (!((key) in cpu_lo) ||
					   cpu < cpu_lo[key]))
		cpu_lo[key] = cpu
	flt = field($0, "minflt")
	if (flt != "" && (!(key in flt_lo) || flt + 0 < flt_lo[key]))
		flt_lo[key] = flt + 0
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

# A time given in ms, in a readable unit.
function ms(v) {
	if (v >= 100)
		return sprintf("%.0f ms", v)
	if (v >= 1)
		return sprintf("%.1f ms", v)
	return sprintf("%.1f us", v * 1000)
}

# Inserts v into the sorted q[1..k]; returns the new k.
function insert_sorted(q, k, v,    i) {
	for (i = ++k; i > 1 && q[i - 1] > v; i--)
		q[i] = q[i - 1]
	q[i] = v
	return k
}

# The median time of KEY's runs (ns).
function median_time(key,    kk, r, k, q) {
	split(key, kk, SUBSEP)
	k = 0
	for (r = 1; r <= rounds[kk[1]]; r++)
		if ((key, r) in at)
			k = insert_sorted(q, k, at[key, r])
	return k ? median(q, k) : 0
}

# The ratios of single rounds of FIG's tool over its floor, sorted into
# q[1..k]; returns k.
function round_ratios(fig, tool, floor, q,    r, k) {
	k = 0
	for (r = 1; r <= rounds[fig]; r++)
		if (((fig, tool, r) in at) && ((fig, floor, r) in at))
			k = insert_sorted(q, k,
					  at[fig, tool, r] / at[fig, floor, r])
	return k
}

function median(q, k) {
	if (k % 2)
		return q[(k + 1) / 2]
	return (q[k / 2] + q[k / 2 + 1]) / 2
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

# "FAILED (exit N)" when a run of KEY failed, else OTHERWISE.
function failed_or(key, otherwise) {
	if (status[key] > 0)
		return "FAILED (exit " status[key] ")"
	return otherwise
}

# The time of KEY's best run (or the mean of its runs), per operation
# when its figure has a count ("FIGURE n - queries=N" or "runs=N").
function per_op(key, v,    kk) {
	split(key, kk, SUBSEP)
	if (ops[kk[1]])
		return ms(v / ops[kk[1]])
	return ms(v)
}

function best_of(key) {
	if (!n[key])
		return "-"
	return per_op(key, lo[key] / 1e6)
}

function ms_of(key) {
	if (!n[key])
		return "-"
	return per_op(key, mean_ms(key))
}

# One timed figure: tool against floor; a limit of 0 has no target.  The
# machine is shared, so other work only ever adds time to a run: the
# figure is the best run of each side, and its ratio the best tool run over
# the best floor run.  The median and the spread of the single rounds'
# ratios (tool and floor run next to each other) follow in parentheses.
# A target is met only when both the best-run ratio and the median are
# within it: on a busy host one lucky run, or one slow floor run, must
# not pass a figure.  CHECK names the correctness check of the tool's
# result.
function timed(name, fig, tool, floor, limit, check,    kt, kf, q, k, m,
	       target, res, extra, med) {
	kt = fig SUBSEP tool; kf = fig SUBSEP floor
	target = "-"
	if (limit)
		target = "<=" limit "x"
	k = round_ratios(fig, tool, floor, q)
	if (!k) {
		row(name, best_of(kt), best_of(kf), "-", target,
		    failed_or(kt, "not measured"), "")
		return ""
	}
	m = lo[kt] / lo[kf]
	med = median(q, k)
	extra = sprintf("rounds: median %.2fx, %.2f-%.2f; %d+%d runs",
			med, q[1], q[k], n[kt], n[kf])
	res = failed_or(kt, "-")
	if (limit)
		res = verdict(m > med ? m : med, limit, kt)
	if (check != "" && check_result[check] != "ok" && res !~ /^FAILED/)
		res = "WRONG RESULT"
	row(name, best_of(kt), best_of(kf), sprintf("%.2fx", m), target, res,
	    extra)
	return m
}

function mib(kb) {
	return sprintf("%.2f MiB", kb / 1024)
}

function kib(b) {
	return sprintf("%.1f KiB", b / 1024)
}

function rss_row(    k, kf, q, res) {
	k = "load" SUBSEP "tool"; kf = "load" SUBSEP "floor"
	q = "-"
	if (n[k] && peak[kf])
		q = sprintf("%.2fx", peak[k] / peak[kf])
	res = "not measured"
	if (n[k])
		res = verdict(peak[k] / 1024, 3, k)
	row("smackload peak RSS", n[k] ? mib(peak[k]) : "-",
	    n[kf] ? mib(peak[kf]) : "-", q, "<=3MiB", res, "")
}

# A reload's timings KT against the full load KFULL: rl_q, the ratio of
# the best runs ("-" when either is missing), rl_qm the medians' ratio as
# a note, rl_res the verdict on the larger of the two against 0.35x, or
# a wrong result when the check RESULT_KEY did not say ok.
function reload_judged(kt, kfull, result_key,    q) {
	rl_q = "-"; rl_qm = ""
	rl_res = failed_or(kt, "not measured")
	if (n[kt] && n[kfull]) {
		q = lo[kt] / lo[kfull]
		rl_qm = median_time(kt) / median_time(kfull)
		rl_res = verdict(q > rl_qm ? q : rl_qm, 0.35, kt)
		rl_q = sprintf("%.2fx", q)
		rl_qm = sprintf("medians %.2fx; ", rl_qm)
	}
	if (check_result[result_key] != "ok" && rl_res !~ /^FAILED/)
		rl_res = "WRONG RESULT"
}

# Reload: against a full load, the floor of the load phase (best runs;
# the target is judged on the larger of that and the ratio of the two
# sides' median runs, as in timed()).
function reload_rows(    kt, kf, kfull, q) {
	kt = "reload" SUBSEP "tool"; kf = "reload" SUBSEP "floor"
	kfull = "load" SUBSEP "floor"
	if (!n[kt] && !n[kf] && !status[kt])
		return
	reload_judged(kt, kfull, "reload-result")
	row("smackctl reload, 1% changed", best_of(kt), best_of(kfull), rl_q,
	    "<=0.35x", rl_res, rl_qm "against a full load: the floor of smackload")
	q = "-"
	if (n[kf] && n[kfull])
		q = sprintf("%.2fx", lo[kf] / lo[kfull])
	if (n[kf])
		row("  floor: read load2 + write diff", best_of(kf),
		    best_of(kfull), q, "-", "-",
		    "the least a reload costs, against a full load")
	timed("  reload against its floor", "reload", "tool", "floor", 0,
	      "reload-result")
	part_row("  floor part: read load2", "reload-read" SUBSEP "floor",
		 kfull)
	part_row("  floor part: write the diff", "reload-write" SUBSEP "floor",
		 kfull)
}

# A part of a floor, against a full load.
function part_row(name, key, kfull,    q) {
	if (!n[key])
		return
	q = "-"
	if (n[kfull])
		q = sprintf("%.2fx", lo[key] / lo[kfull])
	row(name, best_of(key), best_of(kfull), q, "-", "-",
	    "against a full load")
}

function probe_rows(    kp, res) {
	kp = "probe" SUBSEP "reload"
	if (kp in line) {
		res = "MISSED"
		if (field(line[kp], "probes") > 0 &&
		    field(line[kp], "denied") == 0)
			res = failed_or("reload" SUBSEP "probed", "ok")
		if (res == "ok" && check_result["reload-result"] != "ok")
			res = "WRONG RESULT"
		row("  denials while reloading", field(line[kp], "denied"),
		    "-", "-", "0", res, field(line[kp], "probes") \
		    " probes over " n["reload", "probed"] " reloads")
	}
	kp = "probe" SUBSEP "clear-load"
	if (kp in line)
		row("  denials, clear then load", field(line[kp], "denied"),
		    "-", "-", "-", "-", "upstream's way: denied for " \
		    field(line[kp], "longest_denied_ms") \
		    " ms; shows the prober works")
}

# The CPU time (user and system) of FIG's best runs, tool over floor: on a
# busy host, waiting for a CPU adds to the wall time of either side, not
# to this.
function cpu_row(name, fig,    kt, kf) {
	kt = fig SUBSEP "tool"; kf = fig SUBSEP "floor"
	if (!(kt in cpu_lo) || !(kf in cpu_lo) || !cpu_lo[kf])
		return
	row(name, ms(cpu_lo[kt]), ms(cpu_lo[kf]),
	    sprintf("%.2fx", cpu_lo[kt] / cpu_lo[kf]), "-", "-",
	    "user+system, best runs")
}

# A peak RSS that must stay flat: of KBIG's run against KSMALL's, within
# 256 KiB.
function flat_rss_row(name, kbig, ksmall, extra,    res) {
	res = "MISSED"
	if (peak[kbig] - peak[ksmall] <= 256)
		res = "ok"
	row(name, mib(peak[kbig]), mib(peak[ksmall]),
	    sprintf("%.2fx", peak[kbig] / peak[ksmall]), "flat",
	    failed_or(kbig, res), extra)
}

# smackaudit's: flat from 100,000 to 1,000,000 lines of the same 1,000
# entries (it keeps entries, not records), and what 100,000 entries cost.
function audit_rss_row(    ks, kl, kw) {
	ks = "smackaudit-rss" SUBSEP "100k"; kl = "smackaudit-rss" SUBSEP "1m"
	kw = "smackaudit-rss" SUBSEP "1m-wide"
	if ((ks in line) && (kl in line))
		flat_rss_row("smackaudit peak RSS 1M vs 100k lines", kl, ks,
			     "1,000 entries; with 100,000 entries: " \
			     (kw in line ? mib(peak[kw]) : "-"))
}

function chsmack_rss_row(    kb, ks) {
	kb = "set" SUBSEP "tool"; ks = "set-small" SUBSEP "tool"
	if (n[kb] && n[ks])
		flat_rss_row("chsmack peak RSS 100k vs 1k files", kb, ks,
			     "list: " mib(peak["list", "tool"]) " vs " \
			     mib(peak["list-small", "tool"]))
}

# Sizes, measured on the host: kind "size" for the build being
# benchmarked, "size-small" for the same sources configured with
# --enable-small (the embedded profile, which the target is about),
# "size-multi" for that profile with the three tools in the multi-call
# program, "size-lld" for that linked by ld.lld, "size-static" for the
# profile with --disable-shared, and "size-static-multi" for that with the
# three tools in the multi-call program.  CORE names the files the target
# counts, EXTRA says what they are.
function size_rows(kind, title, target, core, extra,    k, kk, sizes, c,
		   all, i, nsz, nall, total, loaded, counted, res, l) {
	for (k in line) {
		split(k, kk, SUBSEP)
		if (kk[1] == kind)
			sizes[kk[2]] = field(line[k], "stripped")
	}
	nsz = split(core, c, " ")
	for (i = 1; i <= nsz; i++)
		if (c[i] in sizes) {
			total += sizes[c[i]]
			l = line[kind, c[i]]
			loaded += field(l, "text") + field(l, "data")
			counted++
		}
	if (!counted)
		return
	res = "-"
	if (target && counted == nsz)
		res = verdict(total / 1024, 80, "")
	else if (target)
		res = "incomplete"
	extra = (extra == "" ? "" : extra "; ") "size(1) text+data " kib(loaded)
	row(title, kib(total), "-", "-", target ? "<=80KiB" : "-", res, extra)
	nall = split("libsmack.so.1 smack-utils smackload smackctl chsmack " \
		     "smackaccess smackcipso smackrun", all, " ")
	for (i = 1; i <= nall; i++) {
		if (!(all[i] in sizes))
			continue
		l = line[kind, all[i]]
		row("  " all[i], kib(sizes[all[i]]), "-", "-", "-", "-",
		    "size(1): " field(l, "text") " text " field(l, "data") \
		    " data " field(l, "bss") " bss")
	}
}

# The reload of variant V against its full load, as reload_rows() does.
function variant_reload(v,    kt, kfull) {
	kt = "reload:" v SUBSEP "tool"; kfull = "load:" v SUBSEP "floor"
	if (!n[kt] && !status[kt])
		return
	reload_judged(kt, kfull, "reload-result:" v)
	row("  reload, 1% changed", best_of(kt), best_of(kfull), rl_q, "<=0.35x",
	    rl_res, rl_qm "against a full load")
	kt = "reload:" v SUBSEP "floor"
	if (n[kt] && n[kfull])
		row("    its floor: read load2 + write", best_of(kt),
		    best_of(kfull), sprintf("%.2fx", lo[kt] / lo[kfull]), "-",
		    "-", "medians " sprintf("%.2fx", median_time(kt) / \
		    median_time(kfull)) "; the least a reload costs")
}

# Peak RSS of variant V's smackload in bytes a rule: at each size of the
# scaling table no more than at the size before (5 % allowed).
function variant_rss(v,    k, kf, bpr, res, target, rules, extra) {
	k = "load:" v SUBSEP "tool"; kf = "load:" v SUBSEP "floor"
	rules = rules_of["load:" v]
	# Only the boot phase ran: its smackload's.
	if (!n[k]) {
		k = "boot:" v SUBSEP "smackload"; kf = "boot:" v SUBSEP "floor"
	}
	if (!n[k] || !rules)
		return
	bpr = peak[k] * 1024 / rules
	res = "-"; target = "-"
	extra = "bytes a rule; the floor's peak beside"
	if (variant_kind[v] == "scale") {
		target = "no more"
		res = prev_bpr == "" || bpr <= prev_bpr * 1.05 ? "ok" : "MISSED"
		if (prev_rules != "" && rules > prev_rules)
			extra = extra sprintf("; %.1f B a rule more than at %d",
			    (peak[k] - prev_peak) * 1024 / (rules - prev_rules),
			    prev_rules)
		prev_bpr = bpr; prev_rules = rules; prev_peak = peak[k]
	}
	if (k in flt_lo)
		extra = extra "; page faults " flt_lo[k] " vs " flt_lo[kf]
	row("  smackload peak RSS", mib(peak[k]), mib(peak[kf]),
	    sprintf("%.0f B/r", bpr), target, res, extra)
}

# chsmack's peak RSS at each size against the smallest size's: flat.
function variant_chsmack_rss(v,    k) {
	k = "set:" v SUBSEP "tool"
	if (!n[k])
		return
	if (first_set == "")
		first_set = k
	flat_rss_row("  chsmack set peak RSS", k, first_set, "against the " \
		     "smallest size; list: " mib(peak["list:" v, "tool"]))
}

function variant_rows(    i, v) {
	for (i = 1; i <= nvariants; i++) {
		v = variants[i]
		print ""
		print "# " variant_kind[v] " " v ": " rules_of["load:" v] \
		      " rules" ((("set:" v, "tool") in n) ? ", as many files" : "")
		timed("smackload, " v, "load:" v, "tool", "floor", 1.10,
		      "smackload-result:" v)
		variant_rss(v)
		variant_reload(v)
		timed("  smackctl apply at boot", "boot:" v, "tool", "floor",
		      1.10, "boot-tool:" v)
		timed("  smackload at boot", "boot:" v, "smackload", "floor", 0,
		      "boot-smackload:" v)
		if (("set:" v, "tool") in n) {
			timed("  chsmack -r set", "set:" v, "tool", "floor",
			      1.05, "chsmack-set:" v)
			timed("  chsmack -r list", "list:" v, "tool", "floor",
			      1.2, "chsmack-list:" v)
			variant_chsmack_rss(v)
		}
	}
}

function fuzz_rows(    k, kk, res) {
	for (k in line) {
		split(k, kk, SUBSEP)
		if (kk[1] != "fuzz")
			continue
		res = "short"
		if (field(line[k], "execs") >= 1e7)
			res = "ok"
		if (field(line[k], "result") !~ /^(ok|OK|pass|PASS)/ &&
		    field(line[k], "result") != "")
			res = "FAILED (" field(line[k], "result") ")"
		row("fuzz " kk[2], field(line[k], "execs"), "-", "-", "1e7",
		    res, field(line[k], "seconds") " s")
	}
}

END {
	shared_core = "libsmack.so.1 smackload chsmack smackaccess"
	if (("access", "tool") in allowed) {
		res = "ok"
		if (allowed["access", "tool"] != allowed["access", "floor"]) {
			res = "FAILED"
			failed_checks++
		}
		check_result["have-access-answers"] = res
		checks[++nchecks] = sprintf("%-24s %s", "have-access-answers",
		    res)
	}
	for (i = 1; i <= nnotes; i++)
		print "# " notes[i]
	printf "%-34s %11s %11s %7s %8s  %s\n", "figure", "tool", "floor",
		"ratio", "target", "result"

	timed("smackload, 100k rules", "load", "tool", "floor", 1.10,
	      "smackload-result")
	rss_row()
	timed("smackctl apply at boot, 100k", "boot", "tool", "floor", 0,
	      "boot-tool")
	timed("  smackload at boot, 100k", "boot", "smackload", "floor", 0,
	      "boot-smackload")
	reload_rows()
	probe_rows()

	timed("chsmack -r set, 100k files", "set", "tool", "floor", 1.05,
	      "chsmack-set")
	timed("chsmack -r list, 100k files", "list", "tool", "floor", 1.2,
	      "chsmack-list")
	chsmack_rss_row()

	timed("smack_have_access, per query", "access", "tool", "floor", 1.05,
	      "have-access-answers")
	timed("smackaccess, per run", "smackaccess", "tool", "floor", 0,
	      "smackaccess-answer")
	timed("smackaccess -f, tree vs kernel", "offline", "tool", "floor",
	      0.10, "offline-answers")

	timed("smackaudit, 1M lines (grep -c)", "smackaudit", "tool", "floor",
	      3, "smackaudit-result")
	cpu_row("  CPU time", "smackaudit")
	timed("smackctl lint vs check, 100k", "lint", "tool", "floor", 2,
	      "lint-result")
	cpu_row("  CPU time", "lint")
	timed("  wide: 20k long labels, typos", "lint-wide", "tool", "floor",
	      2, "lint-wide-result")
	cpu_row("  CPU time", "lint-wide")
	audit_rss_row()

	size_rows("size", "stripped lib+load+chsmack+access", !has_small,
		  shared_core, "")
	size_rows("size-small", "  same, configure --enable-small", 0,
		  shared_core, "each tool a program of its own")
	size_rows("size-multi", "  same, 3 tools in smack-utils", 1,
		  "libsmack.so.1 smack-utils",
		  "--enable-multicall=chsmack,smackload,smackaccess")
	size_rows("size-lld", "  same, linked by ld.lld", 1,
		  "libsmack.so.1 smack-utils", "LDFLAGS=-fuse-ld=lld, no LTO; " \
		  "lld keeps no version node parents")
	size_rows("size-static", "  --enable-small --disable-shared", 1,
		  "smackload chsmack smackaccess", "static tools, no " \
		  "libsmack.so on the device: load+chsmack+access")
	size_rows("size-static-multi", "  same, 3 tools in smack-utils", 1,
		  "smack-utils", "static, no libsmack.so on the device")
	fuzz_rows()
	variant_rows()

	if (nchecks) {
		print ""
		print "correctness checks of the runs:"
		for (i = 1; i <= nchecks; i++)
			print "  " checks[i]
	}
	printf "\n%d figure(s) missed or failed, %d check(s) failed\n",
		missed, failed_checks
}
