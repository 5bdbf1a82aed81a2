// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit's record parser (utils/smackaudit-record.c): every line of
 * the input through audit_parse_line(), with and without the marker's
 * place found beforehand, then each record into a table of entries, and
 * each entry through what the kernel asks next and an explanation that
 * does not ask the kernel.
 *
 * Invariants: a record has labels of 1 to 255 bytes, letters
 * of "rwxatl" only (none with labels_differ), spans inside its line and
 * values that decode within their length; a malformed line says why and a
 * record does not; both ways of parsing agree; an entry's labels are ones
 * the kernel takes, whole (no NUL within).
 *
 * fuzz-sources: utils/smackaudit-record.c utils/smackaudit-span.c utils/smackaudit-time.c utils/smackaudit-table.c utils/smackaudit-explain.c
 * fuzz-max-len: 8192
 */
#include "fuzz-common.h"
#include "smackaudit.h"

static void check_span(const struct audit_span *s, const char *line,
		       size_t len, bool kmsg)
{
	char *out;

	FUZZ_ASSERT(s->at >= line && s->at + s->len <= line + len);
	out = malloc(s->len + 1);
	if (!out)
		return;
	FUZZ_ASSERT(audit_span_decode(s, kmsg, out) <= s->len);
	free(out);
}

static void check_record(const struct audit_record *r, const char *line,
			 size_t len)
{
	size_t i;

	FUZZ_ASSERT(r->subject_len >= 1 && r->subject_len <= AUDIT_LABEL_MAX);
	FUZZ_ASSERT(r->object_len >= 1 && r->object_len <= AUDIT_LABEL_MAX);
	FUZZ_ASSERT(strlen(r->subject) <= r->subject_len);
	FUZZ_ASSERT(strlen(r->object) <= r->object_len);
	FUZZ_ASSERT((r->access & ~0x3fu) == 0);
	FUZZ_ASSERT(!r->labels_differ || r->access == 0);
	FUZZ_ASSERT(r->ndetails <= AUDIT_DETAILS_MAX);
	if (r->comm.len)
		check_span(&r->comm, line, len, r->kmsg_escapes);
	for (i = 0; i < r->ndetails; i++)
		check_span(&r->details[i].value, line, len, r->kmsg_escapes);
}

static void take_line(struct audit_table *t, const char *line, size_t len)
{
	struct audit_record r, again;
	unsigned long lost;
	const char *why, *why_again;
	enum audit_line kind;
	bool is_new;

	kind = audit_parse_line(line, len, NULL, &r, &lost, &why);
	FUZZ_ASSERT((kind == AUDIT_LINE_BAD) == (why != NULL));
	FUZZ_ASSERT(audit_parse_line(line, len,
				     audit_find_marker(line, line + len, 0),
				     &again, &lost, &why_again) == kind);
	if (kind != AUDIT_LINE_RECORD)
		return;
	check_record(&r, line, len);
	FUZZ_ASSERT(strcmp(r.subject, again.subject) == 0 &&
		    r.access == again.access && r.time_ms == again.time_ms);
	errno = 0;
	if (!audit_table_add(t, &r, &is_new) && errno == EINVAL)
		FUZZ_ASSERT(smack_label_validate(r.subject, NULL) !=
			    (ssize_t)r.subject_len ||
			    smack_label_validate(r.object, NULL) !=
			    (ssize_t)r.object_len);
}

static void check_entries(struct audit_table *t)
{
	struct audit_entry **e = audit_table_sorted(t);
	struct audit_explanation why;
	struct audit_next next;
	size_t i, k;

	for (i = 0; e && i < audit_table_count(t); i++) {
		FUZZ_ASSERT(smack_label_validate(e[i]->subject, NULL) ==
			    (ssize_t)e[i]->subject_len);
		FUZZ_ASSERT(smack_label_validate(e[i]->object, NULL) ==
			    (ssize_t)e[i]->object_len);
		for (k = 0; audit_next(e[i], ~0u, &k, &next);)
			FUZZ_ASSERT(next.letters && next.why);
		if (audit_explain(NULL, e[i], &why)) {
			FUZZ_ASSERT(why.text != NULL);
			audit_explanation_release(&why);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size, *nl;
	struct audit_table *t = audit_table_new();

	if (!t)
		return 0;
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		take_line(t, p, (size_t)(nl - p));
	}
	check_entries(t);
	audit_table_free(t);
	return 0;
}
