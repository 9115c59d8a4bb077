/*
 * num.c: exact number parsing and formatting.  See num.h.
 */
#include "num.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"

size_t hpt_fmt_u64(char *p, uint64_t v)
{
	static const uint64_t pow10[] = {
	    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
	    100000000u, 1000000000u, 10000000000u, 100000000000u,
	    1000000000000u, 10000000000000u, 100000000000000u,
	    1000000000000000u, 10000000000000000u, 100000000000000000u,
	    1000000000000000000u, 10000000000000000000u};
	size_t n;
	if (v < 10) {
		*p = (char)('0' + v);
		return 1;
	}
	/* The number of digits without a loop: from the number of bits
	 * (times log10 2, as 1233 / 4096), one more where v reaches the
	 * next power of ten; this runs for every value of every sample an
	 * eventlog gives.  Then the digits from the right, four at a
	 * time. */
#if defined(__GNUC__)
	n = ((size_t)(64 - __builtin_clzll(v)) * 1233) >> 12;
	n += v >= pow10[n];
#else
	for (n = 1; n < 20 && v >= pow10[n]; n++)
		;
#endif
	hpt_fmt_u64_back(p + n, v);
	return n;
}

int hpt_parse_u64(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;
	if (n == 0)
		return -1;
	if (n < 20) {
		/* Cannot overflow: the common case, without the checks. */
		for (i = 0; i < n; i++) {
			unsigned d = (unsigned)(unsigned char)s[i] - '0';
			if (d > 9)
				return -1;
			x = x * 10 + d;
		}
		*v = x;
		return 0;
	}
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			return -1;
		if (x > (UINT64_MAX - d) / 10)
			return -2;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

char *hpt_dec_add(const char *a, const char *b)
{
	const char *pa = strchr(a, '.'), *pb = strchr(b, '.');
	size_t ia = pa ? (size_t)(pa - a) : strlen(a);
	size_t ib = pb ? (size_t)(pb - b) : strlen(b);
	size_t fa = pa ? strlen(pa + 1) : 0, fb = pb ? strlen(pb + 1) : 0;
	size_t ni = (ia > ib ? ia : ib) + 1, nf = fa > fb ? fa : fb;
	size_t len = ni + (nf ? nf + 1 : 0), k, o;
	char *r = hpt_xmalloc(len + 1);
	int carry = 0;
	/* Fill from the right: fraction digits, then the point, then the
	 * integer digits, with one spare place for a carry. */
	o = len;
	r[o] = '\0';
	for (k = nf; k-- > 0;) {
		int d = (k < fa ? pa[1 + k] - '0' : 0) +
		        (k < fb ? pb[1 + k] - '0' : 0) + carry;
		carry = d >= 10;
		r[--o] = (char)('0' + d % 10);
	}
	if (nf)
		r[--o] = '.';
	for (k = 0; k < ni; k++) {
		int d = (k < ia ? a[ia - 1 - k] - '0' : 0) +
		        (k < ib ? b[ib - 1 - k] - '0' : 0) + carry;
		carry = d >= 10;
		r[--o] = (char)('0' + d % 10);
	}
	/* Drop leading zeros of the integer part, keeping one digit. */
	for (k = 0; k + 1 < ni && r[k] == '0'; k++)
		;
	if (k)
		memmove(r, r + k, len - k + 1);
	return r;
}

/* The integer part of a decimal without its leading zeros: *n digits
 * from the returned pointer; the fraction (without its '.') in *f. */
static const char *dec_parts(const char *a, size_t *n, const char **f)
{
	const char *p = strchr(a, '.');
	size_t i = p ? (size_t)(p - a) : strlen(a);
	*f = p ? p + 1 : a + i;
	while (i > 0 && *a == '0') {
		a++;
		i--;
	}
	*n = i;
	return a;
}

int hpt_dec_cmp(const char *a, const char *b)
{
	const char *fa, *fb;
	size_t na, nb;
	int c;
	a = dec_parts(a, &na, &fa);
	b = dec_parts(b, &nb, &fb);
	if (na != nb)
		return na < nb ? -1 : 1;
	if ((c = memcmp(a, b, na)) != 0)
		return c;
	/* The fractions, the shorter one padded with zeros. */
	while (*fa || *fb) {
		int da = *fa ? *fa++ : '0', db = *fb ? *fb++ : '0';
		if (da != db)
			return da < db ? -1 : 1;
	}
	return 0;
}

char *hpt_dec_sub(const char *a, const char *b)
{
	const char *pa = strchr(a, '.'), *pb = strchr(b, '.');
	size_t ia = pa ? (size_t)(pa - a) : strlen(a);
	size_t ib = pb ? (size_t)(pb - b) : strlen(b);
	size_t fa = pa ? strlen(pa + 1) : 0, fb = pb ? strlen(pb + 1) : 0;
	size_t ni = ia > ib ? ia : ib, nf = fa > fb ? fa : fb;
	size_t len = ni + (nf ? nf + 1 : 0), k, o;
	char *r = hpt_xmalloc(len + 1);
	int borrow = 0;
	if (hpt_dec_cmp(a, b) < 0) {
		/* a - a: zero, with the decimals promised */
		b = a;
		pb = pa;
		ib = ia;
		fb = fa;
	}
	/* From the right, as hpt_dec_add, borrowing instead of carrying. */
	o = len;
	r[o] = '\0';
	for (k = nf; k-- > 0;) {
		int d = (k < fa ? pa[1 + k] - '0' : 0) -
		        (k < fb ? pb[1 + k] - '0' : 0) - borrow;
		borrow = d < 0;
		r[--o] = (char)('0' + (d + 10) % 10);
	}
	if (nf)
		r[--o] = '.';
	for (k = 0; k < ni; k++) {
		int d = (k < ia ? a[ia - 1 - k] - '0' : 0) -
		        (k < ib ? b[ib - 1 - k] - '0' : 0) - borrow;
		borrow = d < 0;
		r[--o] = (char)('0' + (d + 10) % 10);
	}
	for (k = 0; k + 1 < ni && r[k] == '0'; k++)
		;
	if (k)
		memmove(r, r + k, len - k + 1);
	return r;
}

/* What printf("%.*f", prec, d) writes, without printf where the result
 * is sure: d * 10^prec is computed with an error under two units in its
 * last place, so unless its fraction lies that close to one half, its
 * rounding to an integer is the rounding of the exact binary value that
 * printf does.  Hot: proftree prints four percentages per row. */
void hpt_fmt_double(char *buf, size_t size, double d, int prec)
{
	static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	                             1e7, 1e8, 1e9};
	double y, frac;
	uint64_t q, ip, fp;
	size_t o = 0, k;
	int neg = signbit(d) != 0;
	if (neg)
		d = -d;
	if (prec < 0 || prec > 9 || !(d < 1e9) || size < 32)
		goto slow;
	y = d * p10[prec]; /* below 1e18, so below 2^63 */
	q = (uint64_t)y;   /* floor(y) */
	frac = y - (double)q; /* exact below 2^53, 0 above */
	if (fabs(frac - 0.5) <= y * 0x1p-50 + 0x1p-60)
		goto slow; /* too close to call */
	q += frac > 0.5;
	ip = q / (uint64_t)p10[prec];
	fp = q % (uint64_t)p10[prec];
	if (neg)
		buf[o++] = '-';
	o += hpt_fmt_u64(buf + o, ip);
	if (prec > 0) {
		buf[o++] = '.';
		for (k = (size_t)prec; k-- > 0;) {
			buf[o + k] = (char)('0' + fp % 10);
			fp /= 10;
		}
		o += (size_t)prec;
	}
	buf[o] = '\0';
	return;
slow:
	/* No setlocale() anywhere in hptools, so printf uses '.'. */
	snprintf(buf, size, "%.*f", prec, neg ? -d : d);
}

/* hpt_fmt_double's method (same test for a rounding too close to call,
 * same printf when it is), writing at p with no size check and no NUL.
 * The integer part is d's (one conversion, and one correction when the
 * rounding carries into it, as 9.999 does into "10.00") instead of a
 * division of the scaled value by 10^prec: that is what makes it the
 * faster of the two; the digits are the same (q is the same integer,
 * split into the same quotient and remainder). */
size_t hpt_fmt_fixed(char *p, double d, int prec)
{
	static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	                             1e7, 1e8, 1e9};
	char b[HPT_FIXED_MAX + 1];
	double y, frac;
	uint64_t q, ip, fp, scale;
	size_t o = 0;
	int neg = signbit(d) != 0;
	if (neg)
		d = -d;
	if (prec < 0 || prec > 9 || !(d < 1e9))
		goto slow;
	y = d * p10[prec];
	q = (uint64_t)y;
	frac = y - (double)q;
	if (fabs(frac - 0.5) <= y * 0x1p-50 + 0x1p-60)
		goto slow;
	q += frac > 0.5;
	/* Here y < 2^49 (a larger y fails the test above), so ip * scale
	 * <= y is exact and q - ip * scale is below 2 * scale. */
	scale = (uint64_t)p10[prec];
	ip = (uint64_t)d;
	fp = q - ip * scale;
	if (fp >= scale) {
		ip++;
		fp -= scale;
	}
	if (neg)
		p[o++] = '-';
	o += hpt_fmt_u64(p + o, ip);
	if (prec > 0) {
		/* the decimals with their leading zeros: those of scale +
		 * fp after its leading '1', which the point replaces */
		hpt_fmt_u64(p + o, scale + fp);
		p[o] = '.';
		o += (size_t)prec + 1;
	}
	return o;
slow:
	hpt_fmt_double(b, sizeof b, neg ? -d : d, prec);
	o = strlen(b);
	memcpy(p, b, o);
	return o;
}

/* What printf("%.*f", prec, x) writes for every double x within a
 * relative 2^-51 of num / den, found from the integers alone: returns
 * 1 with *ipp the integer part, *fpp the prec decimals as an integer
 * and *scalep 10^prec, or 0 when the integers cannot tell.  x * 10^prec is within X * 2^-51 of X = num /
 * den * 10^prec, which is below 2^40 here: less than 2^-11 away.  When
 * X's fraction is further than that from one half, x * 10^prec rounds
 * as X does: X's integer part, plus one if its fraction is above one
 * half. */
static inline int quot_parts(uint64_t num, uint64_t den, int prec, uint64_t *ipp,
                      uint64_t *fpp, uint64_t *scalep)
{
	static const uint64_t p10[] = {1u, 10u, 100u, 1000u, 10000u, 100000u,
	                               1000000u, 10000000u, 100000000u,
	                               1000000000u};
	uint64_t scale, ip, fp, r, half_gap;
	if (den == 0 || prec < 0 || prec > 9)
		return 0;
	scale = p10[prec];
	if (den > UINT64_MAX / scale)
		return 0;
	ip = num / den;
	r = num % den;
	if (ip >= ((uint64_t)1 << 40) / scale)
		return 0;
	fp = r * scale / den;      /* below scale */
	r = r * scale % den;       /* X's fraction is r / den */
	half_gap = r > den - r ? r - (den - r) : (den - r) - r;
	if (half_gap <= (den >> 10) + 1)
		return 0;          /* |r / den - 1/2| not surely above 2^-11 */
	if (r > den - r && ++fp == scale) {
		fp = 0;
		ip++;
	}
	*ipp = ip;
	*fpp = fp;
	*scalep = scale;
	return 1;
}

/* num / den with prec decimals (quot_parts) at p (room for 32 bytes);
 * returns the number of bytes, or 0 when the integers cannot tell. */
static size_t quot_fixed(char *p, uint64_t num, uint64_t den, int prec)
{
	uint64_t scale, ip, fp;
	size_t o;
	if (!quot_parts(num, den, prec, &ip, &fp, &scale))
		return 0;
	o = hpt_fmt_u64(p, ip);
	if (prec > 0) {
		/* the decimals with their leading zeros, as in
		 * hpt_fmt_fixed */
		hpt_fmt_u64(p + o, scale + fp);
		p[o] = '.';
		o += (size_t)prec + 1;
	}
	return o;
}

/* Zero is common (most cost centres have no ticks) and needs no
 * arithmetic.  Otherwise x is within 2^-51 of 100 * v / tot, as
 * quot_fixed asks: v and tot convert exactly, and the product and
 * quotient round once each. */
size_t hpt_fmt_pct(char *p, uint64_t v, uint64_t tot, double x, int prec)
{
	const uint64_t exact = (uint64_t)1 << 53;
	size_t n = 0;
	if (v == 0 && x == 0.0 && !signbit(x) && prec >= 0 && prec <= 9) {
		memcpy(p, "0.000000000", prec ? (size_t)prec + 2 : 1);
		return prec ? (size_t)prec + 2 : 1;
	}
	if (v < exact / 100 && tot < exact)
		n = quot_fixed(p, 100 * v, tot, prec);
	return n ? n : hpt_fmt_fixed(p, x, prec);
}

/* The two digits of 0..99, for the formatters below. */
static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930"
    "31323334353637383940414243444546474849505152535455565758596061"
    "6263646566676869707172737475767778798081828384858687888990919293"
    "949596979899";

/* From the right, each pair of digits one 2-byte copy from the table:
 * two at a time in 64-bit arithmetic while the value needs it, then
 * four at a time in 32-bit arithmetic (a division by 10000, then one by
 * 100 of the remainder: cheaper than two steps of the division by 100
 * of the whole), then the last one to four digits. */
size_t hpt_fmt_u64_back(char *end, uint64_t v)
{
	char *p = end;
	uint32_t w, r, hi;
	while (v > UINT32_MAX) {
		p -= 2;
		memcpy(p, digit_pairs + (v % 100) * 2, 2);
		v /= 100;
	}
	w = (uint32_t)v;
	while (w >= 10000) {
		r = w % 10000;
		w /= 10000;
		hi = r / 100;
		p -= 4;
		memcpy(p, digit_pairs + hi * 2, 2);
		memcpy(p + 2, digit_pairs + (r - hi * 100) * 2, 2);
	}
	if (w >= 100) {
		hi = w / 100;
		p -= 2;
		memcpy(p, digit_pairs + (w - hi * 100) * 2, 2);
		w = hi;
	}
	if (w >= 10) {
		p -= 2;
		memcpy(p, digit_pairs + w * 2, 2);
	} else {
		*--p = (char)('0' + w);
	}
	return (size_t)(end - p);
}

/* quot_fixed's test and rounding (see there: the same integers, so the
 * same cases it cannot tell), but the digits are written from the
 * right with the pairs table, with no count of them first and no
 * second pass for the decimals' leading zeros. */
size_t hpt_fmt_quot_back(char *end, uint64_t num, uint64_t den, int prec)
{
	uint64_t scale, ip, fp;
	char *p = end;
	int k;
	if (!quot_parts(num, den, prec, &ip, &fp, &scale))
		return 0;
	/* the decimals, leading zeros included: prec digits of fp */
	for (k = prec; k >= 2; k -= 2) {
		unsigned d = (unsigned)(fp % 100) * 2;
		fp /= 100;
		*--p = digit_pairs[d + 1];
		*--p = digit_pairs[d];
	}
	if (k == 1)
		*--p = (char)('0' + fp);
	if (prec > 0)
		*--p = '.';
	return (size_t)(end - p) + hpt_fmt_u64_back(p, ip);
}

void hpt_bytes_text(char *buf, double bytes)
{
	static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB",
	                                   "EiB", "ZiB", "YiB"};
	double v = bytes < 0 ? -bytes : bytes;
	const char *sign = bytes <= -0.5 ? "-" : "";
	int u = -1;
	if (v < 1023.5) {
		snprintf(buf, 32, "%s%.0f B", sign, v);
		return;
	}
	/* the unit whose one-decimal figure stays below 1024; from 1023.5
	 * to 1023.95 bytes, which "%.0f B" would show as 1024 B, 1.0 KiB */
	do {
		v /= 1024;
		u++;
	} while (u < 7 && v >= 1023.95);
	snprintf(buf, 32, "%s%.1f %s", sign, v, unit[u]);
}
