// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen-policy [-s SHAPE] [-n RULES] TAG DIR
 *
 * Writes the benchmark's generated policy into DIR, with every label
 * starting with TAG and a dot (give each run its own TAG of the same
 * length: the policies then have exactly the same shape on disjoint
 * labels).  With the default RULES, 100,000:
 *
 *   policy.rules   100,000 rules; 6,000 of them give a pair that an
 *                  earlier rule named a new access, so the file describes
 *                  94,000 distinct pairs
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
 * Another RULES scales every count but the probes.  SHAPE is one of
 *
 *   default   subjects and objects from the same labels, as many as make a
 *             pair space ten times RULES (1,000 for 100,000 rules),
 *             "TAG.app0421", accesses of up to seven letters
 *   long      the same labels, of 8 to 40 characters (24 on average, as
 *             Tizen's "User::Pkg::org.example.app"), accesses any of the
 *             63 sets of "rwxatl"
 *   l255      the same labels, each of 255 characters, the most a label has
 *   fewsub    RULES / 5,000 subjects, each with rules to many of
 *             RULES / 10 objects (20 and 10,000 for 100,000 rules)
 *   manysub   the other way round: many subjects, each with rules to a
 *             few objects
 *
 * The pseudo-random sequence is fixed, so every run writes the same shape.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-util.h"

#define N_PROBES	256
#define MAX_ACCESSES	64

static const char *const default_accesses[] = {
	"r", "rx", "rw", "rwx", "rwxa", "rwxat", "rwxatl", "rl", "wa", "x",
	"rwxatlb", "a", "rwa", "rt",
};

/* One rule line; acc indexes the policy's accesses. */
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
	uint32_t n_rules, n_distinct, n_rechanged, n_removed, n_added;
	uint32_t n_subjects, n_objects, n_labels;
	uint64_t n_pairs;		/* subject * n_objects + object */
	char **labels;
	const char *accesses[MAX_ACCESSES];
	uint8_t n_accesses;
	struct rule *rules;
	struct addition *added;
	/* Per pair: access + 1 in the merged state (0: none), the number of
	 * lines naming it, its last line, and whether the change touches it. */
	uint8_t *merged;
	uint8_t *lines;
	uint32_t *last;
	uint8_t *touched;
	uint8_t *changed_acc;	/* access + 1 after the change */
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

static uint8_t other_access(const struct policy *p, uint8_t acc)
{
	uint8_t next = rng_below(p->n_accesses - 1);

	return next >= acc ? next + 1 : next;
}

static uint32_t subject_of(const struct policy *p, uint32_t pair)
{
	return pair / p->n_objects;
}

static uint32_t object_of(const struct policy *p, uint32_t pair)
{
	return pair % p->n_objects;
}

static uint32_t unused_pair(const struct policy *p)
{
	uint32_t pair, s, o;

	do {
		s = rng_below(p->n_subjects);
		o = rng_below(p->n_objects);
		pair = s * p->n_objects + o;
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
 * named before, spread evenly so that exactly n_rules - n_distinct lines
 * override an earlier one. */
static void generate_rules(struct policy *p, uint32_t *seen)
{
	uint32_t i, n_seen = 0, n_over = 0, pair;
	const uint32_t n_overrides = p->n_rules - p->n_distinct;

	for (i = 0; i < p->n_rules; i++) {
		uint32_t left_new = p->n_distinct - n_seen;
		uint32_t left_over = n_overrides - n_over;

		if (n_seen && rng_below(left_new + left_over) < left_over) {
			do
				pair = seen[rng_below(n_seen)];
			while (p->lines[pair] > 1);
			add_line(p, i, pair,
				 other_access(p, p->merged[pair] - 1));
			n_over++;
		} else {
			pair = unused_pair(p);
			add_line(p, i, pair, rng_below(p->n_accesses));
			seen[n_seen++] = pair;
		}
	}
}

static int by_position(const void *a, const void *b)
{
	const struct addition *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

/* A final rule line that the change has not touched yet. */
static uint32_t untouched_final(const struct policy *p, int named_once)
{
	uint32_t i;

	for (;;) {
		i = rng_below(p->n_rules);
		if (p->touched[p->rules[i].pair] ||
		    p->last[p->rules[i].pair] != i)
			continue;
		if (!named_once || p->lines[p->rules[i].pair] == 1)
			return i;
	}
}

/* The 1 % change for changed.rules and diff.rules. */
static void generate_change(struct policy *p)
{
	uint32_t n, i, pair;

	memcpy(p->changed_acc, p->merged, p->n_pairs);
	for (n = 0; n < p->n_rechanged; n++) {
		i = untouched_final(p, 0);
		pair = p->rules[i].pair;
		p->rules[i].acc = other_access(p, p->rules[i].acc);
		p->changed_acc[pair] = p->rules[i].acc + 1;
		p->touched[pair] = 1;
	}
	for (n = 0; n < p->n_removed; n++) {
		i = untouched_final(p, 1);
		pair = p->rules[i].pair;
		p->rules[i].removed = 1;
		p->changed_acc[pair] = 0;
		p->touched[pair] = 1;
	}
	for (n = 0; n < p->n_added; n++) {
		pair = unused_pair(p);
		p->lines[pair] = 1;	/* keeps unused_pair() off it */
		p->touched[pair] = 1;
		p->added[n].pair = pair;
		p->added[n].at = rng_below(p->n_rules + 1);
		p->added[n].acc = rng_below(p->n_accesses);
		p->changed_acc[pair] = p->added[n].acc + 1;
	}
	qsort(p->added, p->n_added, sizeof(p->added[0]), by_position);
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
	fputs(p->labels[subject_of(p, pair)], f);
	putc(' ', f);
	fputs(p->labels[object_of(p, pair)], f);
	putc(' ', f);
	fputs(access, f);
	putc('\n', f);
}

static void write_policy(const struct policy *p, const char *dir)
{
	FILE *f = create(dir, "policy.rules");
	FILE *m = create(dir, "merged.rules");
	uint32_t i, pair;

	/* policy.rules holds the original accesses: undo the change. */
	for (i = 0; i < p->n_rules; i++) {
		pair = p->rules[i].pair;
		if (p->last[pair] == i) {
			put_rule(f, p, pair, p->accesses[p->merged[pair] - 1]);
			put_rule(m, p, pair, p->accesses[p->merged[pair] - 1]);
		} else {
			put_rule(f, p, pair, p->accesses[p->rules[i].acc]);
		}
	}
	finish(f, "policy.rules");
	finish(m, "merged.rules");
}

static void write_changed(const struct policy *p, const char *dir)
{
	FILE *f = create(dir, "changed.rules");
	uint32_t i, a = 0;

	for (i = 0; i <= p->n_rules; i++) {
		for (; a < p->n_added && p->added[a].at == i; a++)
			put_rule(f, p, p->added[a].pair,
				 p->accesses[p->added[a].acc]);
		if (i < p->n_rules && !p->rules[i].removed)
			put_rule(f, p, p->rules[i].pair,
				 p->accesses[p->rules[i].acc]);
	}
	finish(f, "changed.rules");
}

/* The access of a pair in one state (+ 1, 0 for none) as a rule does. */
static const char *access_or_none(const struct policy *p, uint8_t acc)
{
	return acc ? p->accesses[acc - 1] : "-";
}

static void write_diff_and_probes(const struct policy *p, const char *dir)
{
	FILE *d = create(dir, "diff.rules");
	FILE *u = create(dir, "undiff.rules");
	FILE *probe = create(dir, "probe.rules");
	uint32_t pair, n = 0;

	for (pair = 0; pair < p->n_pairs; pair++) {
		if (!p->touched[pair])
			continue;
		put_rule(d, p, pair, access_or_none(p, p->changed_acc[pair]));
		put_rule(u, p, pair, access_or_none(p, p->merged[pair]));
	}
	while (n < N_PROBES) {
		pair = p->rules[rng_below(p->n_rules)].pair;
		if (p->touched[pair])
			continue;
		put_rule(probe, p, pair, p->accesses[p->merged[pair] - 1]);
		n++;
	}
	finish(d, "diff.rules");
	finish(u, "undiff.rules");
	finish(probe, "probe.rules");
}

static void *zalloc(size_t n, size_t size)
{
	void *v = calloc(n ? n : 1, size);

	if (!v)
		bench_die_errno("out of memory");
	return v;
}

static char *label_string(const char *s, size_t len)
{
	char *l = zalloc(len + 1, 1);

	memcpy(l, s, len);
	return l;
}

/* "TAG.app0421": the default shape's labels, and the few- and
 * many-subject shapes'. */
static char *app_label(const char *tag, uint32_t i, uint32_t n)
{
	char buf[64];
	int width = n > 10000 ? 6 : n > 1000 ? 5 : 4;

	snprintf(buf, sizeof(buf), "%s.app%0*u", tag, width, i);
	return label_string(buf, strlen(buf));
}

/* "TAG." then words of a Tizen-like package name, then label i's number
 * in base 36: LEN characters in all. */
static char *long_label(const char *tag, uint32_t i, size_t len)
{
	static const char words[] =
		"User::Pkg::org.example.app.service.widget.view.data.sync."
		"Shared::System::Run::Tool::notification.provider.calendar."
		"contacts.gallery.settings.keyboard.browser.messages.media";
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char buf[256];
	size_t used = strlen(tag), k;

	memcpy(buf, tag, used);
	buf[used++] = '.';
	for (k = 0; used < len - 3; k++)
		buf[used++] = words[(i * 7 + k) % (sizeof(words) - 1)];
	buf[used++] = digits[i / 1296 % 36];
	buf[used++] = digits[i / 36 % 36];
	buf[used++] = digits[i % 36];
	return label_string(buf, len);
}

/* The 63 non-empty sets of "rwxatl", in that order of letters. */
static void all_accesses(struct policy *p)
{
	static char sets[63][7];
	static const char letters[] = "rwxatl";
	unsigned m, b, k;

	for (m = 1; m < 64; m++) {
		for (b = 0, k = 0; b < 6; b++)
			if (m & 1u << b)
				sets[m - 1][k++] = letters[b];
		p->accesses[m - 1] = sets[m - 1];
	}
	p->n_accesses = 63;
}

static void default_accesses_of(struct policy *p)
{
	size_t i, n = sizeof(default_accesses) / sizeof(default_accesses[0]);

	for (i = 0; i < n; i++)
		p->accesses[i] = default_accesses[i];
	p->n_accesses = n;
}

static uint32_t isqrt(uint64_t v)
{
	uint64_t r = 1;

	while ((r + 1) * (r + 1) <= v)
		r++;
	return r;
}

/* The labels and accesses of SHAPE, for p->n_rules rules. */
static void make_shape(struct policy *p, const char *shape)
{
	uint32_t i, n = isqrt((uint64_t)p->n_rules * 10);

	p->n_subjects = p->n_objects = n;
	if (!strcmp(shape, "fewsub") || !strcmp(shape, "manysub")) {
		p->n_subjects = p->n_rules / 5000 > 2 ? p->n_rules / 5000 : 2;
		p->n_objects = p->n_rules / 10;
		if (!strcmp(shape, "manysub")) {
			p->n_objects = p->n_subjects;
			p->n_subjects = p->n_rules / 10;
		}
	} else if (strcmp(shape, "default") && strcmp(shape, "long") &&
		   strcmp(shape, "l255")) {
		bench_die("unknown shape '%s'", shape);
	}
	p->n_labels = p->n_subjects > p->n_objects ? p->n_subjects :
						      p->n_objects;
	if (p->n_labels > 36 * 36 * 36)
		bench_die("too many labels for shape '%s'", shape);
	p->labels = zalloc(p->n_labels, sizeof(*p->labels));
	for (i = 0; i < p->n_labels; i++) {
		if (!strcmp(shape, "long"))
			p->labels[i] = long_label(p->tag, i,
						  8 + rng_below(33));
		else if (!strcmp(shape, "l255"))
			p->labels[i] = long_label(p->tag, i, 255);
		else
			p->labels[i] = app_label(p->tag, i, p->n_labels);
	}
	if (!strcmp(shape, "long"))
		all_accesses(p);
	else
		default_accesses_of(p);
}

static void allocate(struct policy *p)
{
	p->n_distinct = (uint32_t)((uint64_t)p->n_rules * 94 / 100);
	p->n_rechanged = p->n_rules * 6 / 1000;
	p->n_removed = p->n_added = p->n_rules / 500;
	p->n_pairs = (uint64_t)p->n_subjects * p->n_objects;
	if (p->n_pairs > UINT32_MAX || p->n_pairs < 2 * (uint64_t)p->n_rules)
		bench_die("the shape's pairs do not fit its rules");
	p->rules = zalloc(p->n_rules, sizeof(*p->rules));
	p->added = zalloc(p->n_added, sizeof(*p->added));
	p->merged = zalloc(p->n_pairs, 1);
	p->lines = zalloc(p->n_pairs, 1);
	p->last = zalloc(p->n_pairs, sizeof(*p->last));
	p->touched = zalloc(p->n_pairs, 1);
	p->changed_acc = zalloc(p->n_pairs, 1);
}

int main(int argc, char **argv)
{
	struct policy p = { .n_rules = 100000 };
	const char *shape = "default";
	uint32_t *seen;
	int c;

	bench_set_name(argv[0]);
	while ((c = getopt(argc, argv, "s:n:")) != -1) {
		if (c == 's')
			shape = optarg;
		else if (c == 'n')
			p.n_rules = bench_parse_count(optarg);
		else
			bench_die("usage: gen-policy [-s SHAPE] [-n RULES] TAG DIR");
	}
	if (argc - optind != 2 || p.n_rules < 1000)
		bench_die("usage: gen-policy [-s SHAPE] [-n RULES >= 1000] TAG DIR");
	p.tag = argv[optind];
	make_shape(&p, shape);
	allocate(&p);
	seen = zalloc(p.n_distinct, sizeof(*seen));
	generate_rules(&p, seen);
	generate_change(&p);
	write_policy(&p, argv[optind + 1]);
	write_changed(&p, argv[optind + 1]);
	write_diff_and_probes(&p, argv[optind + 1]);
	return 0;
}
