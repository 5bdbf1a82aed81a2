// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen-audit FILE LINES ENTRIES
 *
 * Writes a kernel log of LINES lines as dmesg prints it, half of them
 * Smack denial records (every other line) and half other kernel lines,
 * for the smackaudit benchmark.  The records fall on ENTRIES distinct
 * subject, object and letters, drawn from a fixed pseudo-random sequence,
 * with Tizen-like labels ("User::Pkg::app0421") and the hooks a workload
 * meets: file opens, signals, datagrams.
 */
#include <stdint.h>
#include <stdio.h>

#include "bench-util.h"

static const char *const hooks[] = {
	"smack_inode_permission", "smack_file_open", "smack_task_kill",
	"smack_socket_sock_rcv_skb",
};
static const char *const letters[] = { "r", "w", "x", "rw", "rx", "wa" };

static uint64_t next(uint64_t *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return *state >> 33;
}

static void record(FILE *out, unsigned long i, unsigned long e)
{
	fprintf(out, "[%6lu.%06lu] audit: type=1400 audit(%lu.%03lu:%lu): "
		"lsm=SMACK fn=%s action=denied subject=\"User::Pkg::app%05lu\" "
		"object=\"User::Pkg::data%03lu\" requested=%s pid=%lu "
		"comm=\"app%lu\" name=\"file%lu\" dev=\"sda1\" ino=%lu\n",
		i / 1000, i % 1000000, 1796578856ul + i / 100, i % 1000, i,
		hooks[e % 4], e / 6, e % 97, letters[e % 6], 1000 + e,
		e % 50, e % 13, 4000 + e);
}

int main(int argc, char **argv)
{
	unsigned long lines, entries, i;
	uint64_t state = 7;
	FILE *out;

	bench_set_name(argv[0]);
	if (argc != 4)
		bench_die("usage: gen-audit FILE LINES ENTRIES");
	lines = bench_parse_count(argv[2]);
	entries = bench_parse_count(argv[3]);
	out = fopen(argv[1], "w");
	if (!out)
		bench_die_errno("%s", argv[1]);
	for (i = 0; i < lines; i++) {
		if (i % 2)
			fprintf(out, "[%6lu.%06lu] usb 1-1: new high-speed USB "
				"device number %lu using ehci-pci\n",
				i / 1000, i % 1000000, i % 128);
		else
			record(out, i, next(&state) % entries);
	}
	if (fclose(out) != 0)
		bench_die_errno("%s", argv[1]);
	return 0;
}
