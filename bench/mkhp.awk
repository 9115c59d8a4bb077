# mkhp.awk: build a big .hp from a real one, deterministically.
# Usage: awk -v target=BYTES -f mkhp.awk real.hp > big.hp
# Repeats the samples of the input (header once) with times shifted so
# they keep increasing, until about target bytes are written.
function flush_copy(   i, t) {
	for (i = 1; i <= ns; i++) {
		t = sprintf("%.6f", base + stime[i])
		printf "BEGIN_SAMPLE %s\n%sEND_SAMPLE %s\n", t, body[i], t
		written += blen[i] + 2 * (length(t) + 13)
	}
	base += last + 0.1
}
/^BEGIN_SAMPLE/ { ns++; stime[ns] = $2 + 0; last = $2 + 0; inside = 1; next }
/^END_SAMPLE/ { inside = 0; next }
inside { body[ns] = body[ns] $0 "\n"; blen[ns] += length($0) + 1; next }
!inside && ns == 0 { print; written += length($0) + 1 }
END {
	if (ns == 0) exit 1
	while (written < target) flush_copy()
}
