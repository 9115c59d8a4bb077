# mkhp.awk: a large .hp made from a real one, deterministically.
#
#   awk -v target=BYTES [-v bands=N] -f bench/mkhp.awk real.hp > big.hp
#
# Writes the header and the first sample (GHC's empty one at time 0) of
# real.hp, then its other samples again and again with their times
# shifted so that they keep increasing, until about BYTES are written,
# then the empty sample GHC writes last.  With bands=N, each sample has
# at least N distinct bands, as the profiles of long-running -hc and -hy
# runs have: every band line is repeated with its cost-centre number
# (or a new one) moved by a multiple of 1000.
function band(line, k,   tab, name, n) {
	if (k == 0)
		return line
	tab = index(line, "\t")
	name = substr(line, 1, tab - 1)
	if (match(name, /^\([0-9]+\)/)) {
		n = substr(name, 2, RLENGTH - 2) + 1000 * k
		name = substr(name, RLENGTH + 1)
	} else
		n = 1000 * k
	return "(" n ")" name substr(line, tab)
}
function sample(t, i,   s, j, k) {
	print "BEGIN_SAMPLE " t
	for (k = 0; k < copies; k++)
		for (j = 1; j <= nb[i]; j++) {
			s = band(line[i, j], k)
			print s
			written += length(s) + 1
		}
	print "END_SAMPLE " t
	written += 2 * length(t) + 26
}
/^BEGIN_SAMPLE/ { ns++; stime[ns] = $2 + 0; nb[ns] = 0; inside = 1; next }
/^END_SAMPLE/ {
	inside = 0
	if (nb[ns] > 0 && (least == 0 || nb[ns] < least))
		least = nb[ns]
	next
}
inside { line[ns, ++nb[ns]] = $0; next }
ns == 0 { print; written += length($0) + 1 }
END {
	if (ns < 3)
		exit 1
	copies = 1
	if (bands + 0 > least)
		copies = int((bands + least - 1) / least)
	sample(sprintf("%.6f", stime[1]), 1)
	span = stime[ns] - stime[2] + (stime[3] - stime[2])
	for (base = 0; written < target; base += span)
		for (i = 2; i < ns && written < target; i++)
			sample(sprintf("%.6f", base + stime[i]), i)
	sample(sprintf("%.6f", base + stime[ns]), ns)
}
