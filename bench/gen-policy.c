// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen-policy TAG DIR
 *
 * Writes the benchmark's generated policy into DIR, with every label
 * starting with TAG (give each run its own TAG of the same length: the
 * policies then have exactly the same shape on disjoint labels):
 *
 *   policy.rules   100,000 rules over 1,000 labels; 6,000 of them give a
 *                  pair that an earlier rule named a new access, so the
 *                  file describes 94,000 distinct pairs
 *   merged.rules   those 94,000 pairs with their final access, once each
 *                  (what the floor writes)
 *   changed.rules  policy.rules with 1 % of its rules changed: 600 final
 *                  rules get another access, 200 pairs named once vanish,
 *                  200 new pairs appear
 *   diff.rules     the 1,000 rules that turn merged into changed ("-" for a
 *                  vanished pair): what a reload must write
 *   undiff.rules   the 1,000 rules that turn changed back into merged
 *   probe.rules    256 pairs that the change leaves alone, with their
 *                  access, for the prober that must never see a denial
 *
 * The pseudo-random sequence is fixed, so every run writes the same shape.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-util.h"

#define N_LABELS	1000
#define N_PAIRS		(N_LABELS * N_LABELS)
#define N_RULES		100000
#define N_DISTINCT	94000
#define N_RECHANGED	600
#define N_REMOVED	200
#define N_ADDED		200
#define N_PROBES	256

static const char *const accesses[] = {
	"r", "rx", "rw", "rwx", "rwxa", "rwxat", "rwxatl", "rl", "wa", "x",
	"rwxatlb", "a", "rwa", "rt",
};
#define N_ACCESSES (sizeof(accesses) / sizeof(accesses[0]))

/* One rule line; acc indexes accesses[]. */
struct rule {
	uint32_t pair;
	uint8_t acc;
	uint8_t removed;	/* left out of changed.rules */
};

/* One added rule of changed.rules, placed before line 'at'. */
struct addition {
	uint32_t at;
	uint32_t pair;
	uint8_t acc;
};

struct policy {
	const char *tag;
	struct rule rules[N_RULES];
	struct addition added[N_ADDED];
	/* Per pair: access + 1 in the merged state (0: none), the number of
	 * lines naming it, its last line, and whether the change touches it. */
	uint8_t merged[N_PAIRS];
	uint8_t lines[N_PAIRS];
	uint32_t last[N_PAIRS];
	uint8_t touched[N_PAIRS];
	uint8_t changed_acc[N_PAIRS];	/* access + 1 after the change */
};

static uint64_t rng_state = 0x5eed5eed5eed5eedull;

/* xorshift64*: fast, and the same sequence everywhere. */
static uint32_t rng_below(uint32_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32) % n;
}

static uint8_t other_access(uint8_t acc)
{
	uint8_t next = rng_below(N_ACCESSES - 1);

	return next >= acc ? next + 1 : next;
}

static uint32_t unused_pair(const struct policy *p)
{
	uint32_t pair, s, o;

	do {
		s = rng_below(N_LABELS);
		o = rng_below(N_LABELS);
		pair = s * N_LABELS + o;
	} while (s == o || p->lines[pair]);
	return pair;
}

static void add_line(struct policy *p, uint32_t i, uint32_t pair, uint8_t acc)
{
	p->rules[i].pair = pair;
	p->rules[i].acc = acc;
	p->lines[pair]++;
	p->last[pair] = i;
	p->merged[pair] = acc + 1;
}

/* The original policy: new pairs, and now and then a new access for a pair
 * named before, spread evenly so that exactly N_RULES - N_DISTINCT lines
 * override an earlier one. */
static void generate_rules(struct policy *p, uint32_t *seen)
{
	uint32_t i, n_seen = 0, n_over = 0, pair;
	const uint32_t n_overrides = N_RULES - N_DISTINCT;

	for (i = 0; i < N_RULES; i++) {
		uint32_t left_new = N_DISTINCT - n_seen;
		uint32_t left_over = n_overrides - n_over;

		if (n_seen && rng_below(left_new + left_over) < left_over) {
			do
				pair = seen[rng_below(n_seen)];
			while (p->lines[pair] > 1);
			add_line(p, i, pair, other_access(p->merged[pair] - 1));
			n_over++;
		} else {
			pair = unused_pair(p);
			add_line(p, i, pair, rng_below(N_ACCESSES));
			seen[n_seen++] = pair;
		}
	}
}

static int by_position(const void *a, const void *b)
{
	const struct addition *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

/* The 1 % change for changed.rules and diff.rules. */
static void generate_change(struct policy *p)
{
	uint32_t n, i, pair;

	memcpy(p->changed_acc, p->merged, sizeof(p->merged));
	for (n = 0; n < N_RECHANGED; n++) {
		do
			i = rng_below(N_RULES);
		while (p->last[p->rules[i].pair] != i ||
		       p->touched[p->rules[i].pair]);
		pair = p->rules[i].pair;
		p->rules[i].acc = other_access(p->rules[i].acc);
		p->changed_acc[pair] = p->rules[i].acc + 1;
		p->touched[pair] = 1;
	}
	for (n = 0; n < N_REMOVED; n++) {
		do
			i = rng_below(N_RULES);
		while (p->lines[p->rules[i].pair] != 1 ||
		       p->touched[p->rules[i].pair]);
		pair = p->rules[i].pair;
		p->rules[i].removed = 1;
		p->changed_acc[pair] = 0;
		p->touched[pair] = 1;
	}
	for (n = 0; n < N_ADDED; n++) {
		pair = unused_pair(p);
		p->lines[pair] = 1;	/* keeps unused_pair() off it */
		p->touched[pair] = 1;
		p->added[n].pair = pair;
		p->added[n].at = rng_below(N_RULES + 1);
		p->added[n].acc = rng_below(N_ACCESSES);
		p->changed_acc[pair] = p->added[n].acc + 1;
	}
	qsort(p->added, N_ADDED, sizeof(p->added[0]), by_position);
}

static FILE *create(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		bench_die("%s/%s: path too long", dir, name);
	f = fopen(path, "w");
	if (!f)
		bench_die_errno("%s", path);
	return f;
}

static void finish(FILE *f, const char *name)
{
	if (ferror(f) || fclose(f) != 0)
		bench_die("writing %s failed", name);
}

static void put_rule(FILE *f, const struct policy *p, uint32_t pair,
		     const char *access)
{
	fprintf(f, "%s.app%04u %s.app%04u %s\n", p->tag, pair / N_LABELS,
		p->tag, pair % N_LABELS, access);
}

static void write_policy(const struct policy *p, const char *dir)
{
	FILE *f = create(dir, "policy.rules");
	FILE *m = create(dir, "merged.rules");
	uint32_t i, pair;

	/* policy.rules holds the original accesses: undo the change. */
	for (i = 0; i < N_RULES; i++) {
		pair = p->rules[i].pair;
		if (p->last[pair] == i) {
			put_rule(f, p, pair, accesses[p->merged[pair] - 1]);
			put_rule(m, p, pair, accesses[p->merged[pair] - 1]);
		} else {
			put_rule(f, p, pair, accesses[p->rules[i].acc]);
		}
	}
	finish(f, "policy.rules");
	finish(m, "merged.rules");
}

static void write_changed(const struct policy *p, const char *dir)
{
	FILE *f = create(dir, "changed.rules");
	uint32_t i, a = 0;

	for (i = 0; i <= N_RULES; i++) {
		for (; a < N_ADDED && p->added[a].at == i; a++)
			put_rule(f, p, p->added[a].pair,
				 accesses[p->added[a].acc]);
		if (i < N_RULES && !p->rules[i].removed)
			put_rule(f, p, p->rules[i].pair,
				 accesses[p->rules[i].acc]);
	}
	finish(f, "changed.rules");
}

/* The access of a pair in one state (+ 1, 0 for none) as a rule does. */
static const char *access_or_none(uint8_t acc)
{
	return acc ? accesses[acc - 1] : "-";
}

static void write_diff_and_probes(const struct policy *p, const char *dir)
{
	FILE *d = create(dir, "diff.rules");
	FILE *u = create(dir, "undiff.rules");
	FILE *probe = create(dir, "probe.rules");
	uint32_t pair, n = 0;

	for (pair = 0; pair < N_PAIRS; pair++) {
		if (!p->touched[pair])
			continue;
		put_rule(d, p, pair, access_or_none(p->changed_acc[pair]));
		put_rule(u, p, pair, access_or_none(p->merged[pair]));
	}
	while (n < N_PROBES) {
		pair = p->rules[rng_below(N_RULES)].pair;
		if (p->touched[pair])
			continue;
		put_rule(probe, p, pair, accesses[p->merged[pair] - 1]);
		n++;
	}
	finish(d, "diff.rules");
	finish(u, "undiff.rules");
	finish(probe, "probe.rules");
}

int main(int argc, char **argv)
{
	struct policy *p;
	uint32_t *seen;

	bench_set_name(argv[0]);
	if (argc != 3)
		bench_die("usage: gen-policy TAG DIR");
	p = calloc(1, sizeof(*p));
	seen = calloc(N_DISTINCT, sizeof(*seen));
	if (!p || !seen)
		bench_die_errno("out of memory");
	p->tag = argv[1];
	generate_rules(p, seen);
	generate_change(p);
	write_policy(p, argv[2]);
	write_changed(p, argv[2]);
	write_diff_and_probes(p, argv[2]);
	free(seen);
	free(p);
	return 0;
}
