/*
 * prof_json.c: the -pj schema, read and written.  See prof_json.h.
 *
 * The document GHC writes (rts/ProfilerReportJson.c; formats.md 3.1),
 * read in any key order, with any white space:
 *
 *   {"program": STRING, "arguments": [STRING, ...],
 *    "rts_arguments": [STRING, ...], "end_time": STRING,
 *    "initial_capabilities": UINT, "total_time": NUMBER,
 *    "total_ticks": UINT, "tick_interval": UINT (microseconds),
 *    "total_alloc": UINT (bytes),
 *    "cost_centres": [{"id": UINT, "label": STRING, "module": STRING,
 *                      "src_loc": STRING, "is_caf": true|false}, ...],
 *    "profile": NODE}
 *   NODE := {"id": UINT, "entries": UINT, "alloc": UINT, "ticks": UINT,
 *            "children": [NODE, ...]}
 *   then, optionally, the -hr retainer-set list (formats.md 2.6)
 *
 * Checks: every key above present, once, with its type; node ids
 * defined in cost_centres, cost-centre ids distinct; UINTs exact 64-bit
 * integers.  Keys not above are skipped with one warning (a later GHC
 * may add some).  Nodes nest as deep as the document does: the reader
 * keeps its own stack of open nodes, never the C stack's.
 */
#include "prof_json.h"

#include "alloc.h"
#include "diag.h"
#include "escape.h"
#include "json.h"
#include "num.h"
#include "output.h"
#include "prof_tree.h"
#include "row.h"

#include <stdlib.h>
#include <string.h>

enum { K_PROGRAM, K_ARGUMENTS, K_RTS_ARGUMENTS, K_END_TIME, K_CAPS,
       K_TOTAL_TIME, K_TOTAL_TICKS, K_TICK_INTERVAL, K_TOTAL_ALLOC,
       K_COST_CENTRES, K_PROFILE, K_ESTIMATED, K_WHOLE, K_COUNT };
static const char *const top_keys[K_COUNT] = {
    "program", "arguments", "rts_arguments", "end_time",
    "initial_capabilities", "total_time", "total_ticks", "tick_interval",
    "total_alloc", "cost_centres", "profile",
    "hptools_estimated", /* optional: prof2json's marks, not GHC's */
    "hptools_whole"};

enum { C_ID, C_LABEL, C_MODULE, C_SRC, C_CAF, C_COUNT };
static const char *const cc_keys[C_COUNT] = {"id", "label", "module",
                                             "src_loc", "is_caf"};

enum { N_ID, N_ENTRIES, N_ALLOC, N_TICKS, N_CHILDREN, N_COUNT };
static const char *const node_keys[N_COUNT] = {"id", "entries", "alloc",
                                               "ticks", "children"};

/* An open node of the "profile" tree: reading its members, or inside
 * its "children" array. */
struct frame {
	uint32_t node;
	unsigned seen;   /* its keys so far, one bit each */
	int first, in_children;
};

struct pj {
	struct json_reader j;
	struct prof_report *r;
	int flags;
	int ccs_read;          /* cost_centres done: nodes resolve at once */
	uint64_t *ccid;        /* per node, while unresolved: its "id" */
	size_t ccid_cap;
	size_t *order;         /* indices of r->ccs sorted by id */
	uint32_t *by_id;       /* when ids are small (GHC numbers them
	                        * from 1): by_id[id] is 1 + the index in
	                        * r->ccs, 0 for none; else NULL */
	uint64_t nby_id;
	long *cc_line, *cc_col; /* where each cost centre was defined */
	size_t cc_pos_cap, ccs_cap;
	int unknown_warned;    /* a key not in the schema was skipped */
	int deferred;          /* nodes came before cost_centres */
	struct frame *st;      /* read_profile: the open nodes */
	size_t scap;
};

/* total_time: GHC writes seconds as %11.2f of a non-negative double
 * (rts/ProfilerReportJson.c), digits and a point; a sign or an exponent
 * ("-0.10", "1e400") is an error, not written back as it stands. */
static void check_secs(struct pj *p)
{
	size_t i, dots = 0;
	for (i = 0; i < p->j.len; i++) {
		char c = p->j.text[i];
		if (c == '.' && dots++ == 0 && i > 0 && i + 1 < p->j.len)
			continue;
		if (c < '0' || c > '9')
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "\"total_time\": not seconds in "
			               "decimals: \"%s\"",
			               hpt_quote(0, p->j.text, p->j.len));
	}
}

/* Which of keys[0..n) the member key is, or -1 (warned, skipped). */
static int key_index(struct pj *p, const char *const *keys, int n,
                     unsigned *seen)
{
	int k;
	for (k = 0; k < n; k++)
		if (keys[k][0] == p->j.text[0] && strcmp(keys[k], p->j.text) == 0 &&
		    strlen(keys[k]) == p->j.len)
			break;
	if (k == n) {
		if (p->flags & PROF_JSON_STRICT)
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "key \"%s\" is not in the -pj schema",
			               hpt_quote(0, p->j.text, p->j.len));
		if (!p->unknown_warned)
			hpt_data_warn(json_where(&p->j), json_col(&p->j),
			              "key \"%s\" is not in the -pj schema: "
			              "skipped",
			              hpt_quote(0, p->j.text, p->j.len));
		p->unknown_warned = 1;
		json_skip(&p->j);
		return -1;
	}
	if (*seen & (1u << k))
		hpt_data_error(json_where(&p->j), json_col(&p->j),
		               "key \"%s\" given twice", keys[k]);
	*seen |= 1u << k;
	return k;
}

/* At an object's '}': every one of keys[0..n) was there. */
static void all_keys(struct pj *p, const char *const *keys, int n,
                     unsigned seen)
{
	int k;
	for (k = 0; k < n; k++)
		if (!(seen & (1u << k)))
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "missing key \"%s\"", keys[k]);
}

static void want(struct pj *p, enum json_tok t, const char *key,
                 const char *what)
{
	enum json_tok g = json_next(&p->j);
	if (g != t)
		hpt_data_error(json_where(&p->j), json_col(&p->j),
		               "\"%s\": expected %s, found %s", key, what,
		               json_tok_name(g));
}

static uint64_t get_u64(struct pj *p, const char *key)
{
	uint64_t v;
	int rc;
	want(p, JSON_NUMBER, key, "an unsigned integer");
	rc = hpt_parse_u64(p->j.text, p->j.len, &v);
	if (rc == -1)
		hpt_data_error(json_where(&p->j), json_col(&p->j),
		               "\"%s\": not an unsigned integer: \"%s\"", key,
		               hpt_quote(0, p->j.text, p->j.len));
	if (rc == -2)
		hpt_data_error(json_where(&p->j), json_col(&p->j),
		               "\"%s\": number out of range: \"%s\"", key,
		               hpt_quote(0, p->j.text, p->j.len));
	return v;
}

static uint32_t get_str(struct pj *p, const char *key)
{
	want(p, JSON_STRING, key, "a string");
	return hpt_intern(&p->r->names, p->j.text, p->j.len, NULL);
}

/* An array of strings, as ids in names, into *a (in r, so that it is
 * freed with it whatever happens). */
static void get_strs(struct pj *p, const char *key, uint32_t **a, size_t *n)
{
	size_t cap = 0;
	int first = 1;
	*n = 0;
	want(p, JSON_ARR, key, "an array of strings");
	while (json_element(&p->j, &first)) {
		*a = hpt_xgrow(*a, &cap, *n + 1, sizeof **a);
		(*a)[(*n)++] = get_str(p, key);
	}
}

static void read_cc(struct pj *p)
{
	struct prof_report *r = p->r;
	struct prof_ccdef *c;
	unsigned seen = 0;
	int first = 1, k;
	want(p, JSON_OBJ, "cost_centres", "an object");
	r->ccs = hpt_xgrow(r->ccs, &p->ccs_cap, r->nccs + 1, sizeof *r->ccs);
	p->cc_line = hpt_xgrow(p->cc_line, &p->cc_pos_cap, r->nccs + 1,
	                       sizeof *p->cc_line);
	p->cc_col = hpt_xrealloc(p->cc_col, p->cc_pos_cap * sizeof *p->cc_col);
	c = &r->ccs[r->nccs];
	memset(c, 0, sizeof *c);
	p->cc_line[r->nccs] = p->j.tok_line;
	p->cc_col[r->nccs] = p->j.tok_col;
	while (json_member(&p->j, &first)) {
		switch ((k = key_index(p, cc_keys, C_COUNT, &seen))) {
		case C_ID:
			c->id = get_u64(p, "id");
			break;
		case C_LABEL:
			c->label = get_str(p, "label");
			break;
		case C_MODULE:
			c->module = get_str(p, "module");
			break;
		case C_SRC:
			c->src = get_str(p, "src_loc");
			break;
		case C_CAF: {
			enum json_tok t = json_next(&p->j);
			if (t != JSON_TRUE && t != JSON_FALSE)
				hpt_data_error(json_where(&p->j),
				               json_col(&p->j), "\"is_caf\": "
				               "expected true or false, found %s",
				               json_tok_name(t));
			c->is_caf = t == JSON_TRUE;
			break;
		}
		default:
			break;
		}
	}
	all_keys(p, cc_keys, C_COUNT, seen);
	r->nccs++;
}

static const struct prof_report *sort_r;

static int id_cmp(const void *a, const void *b)
{
	uint64_t x = sort_r->ccs[*(const size_t *)a].id;
	uint64_t y = sort_r->ccs[*(const size_t *)b].id;
	if (x != y)
		return x < y ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* After cost_centres: the table sorted by id, ids checked distinct. */
static void index_ccs(struct pj *p)
{
	struct prof_report *r = p->r;
	size_t i;
	p->order = hpt_xmalloc((r->nccs ? r->nccs : 1) * sizeof *p->order);
	for (i = 0; i < r->nccs; i++)
		p->order[i] = i;
	sort_r = r;
	if (r->nccs)
		qsort(p->order, r->nccs, sizeof *p->order, id_cmp);
	for (i = 1; i < r->nccs; i++)
		if (r->ccs[p->order[i]].id == r->ccs[p->order[i - 1]].id) {
			p->j.tok_line = p->cc_line[p->order[i]];
			p->j.tok_col = p->cc_col[p->order[i]];
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "cost-centre id %llu given twice",
			               (unsigned long long)
			                   r->ccs[p->order[i]].id);
		}
	/* GHC's ids are dense: a table indexed by id saves a binary
	 * search per node */
	if (r->nccs && r->ccs[p->order[r->nccs - 1]].id < 4 * r->nccs + 1024) {
		p->nby_id = r->ccs[p->order[r->nccs - 1]].id + 1;
		p->by_id = hpt_xcalloc((size_t)p->nby_id, sizeof *p->by_id);
		for (i = 0; i < r->nccs; i++)
			p->by_id[r->ccs[i].id] = (uint32_t)i + 1;
	}
	p->ccs_read = 1;
}

/* Node x takes the names of cost centre id; an unknown id is an error
 * at the current position. */
static void resolve(struct pj *p, uint32_t x, uint64_t id)
{
	struct prof_report *r = p->r;
	size_t lo = 0, hi = r->nccs, c;
	if (p->by_id) {
		lo = id < p->nby_id ? p->by_id[id] : 0;
		if (lo == 0)
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "node id %llu is not in cost_centres",
			               (unsigned long long)id);
		c = lo - 1;
	} else {
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (r->ccs[p->order[mid]].id < id)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == r->nccs || r->ccs[p->order[lo]].id != id)
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "node id %llu is not in cost_centres",
			               (unsigned long long)id);
		c = p->order[lo];
	}
	r->cc[x] = (uint32_t)c;
	r->label[x] = r->ccs[c].label;
	r->module[x] = r->ccs[c].module;
	r->src[x] = r->ccs[c].src;
}

/*
 * The "profile" tree.  Each open node is a frame: reading its members,
 * or inside its "children" array.  The loop takes one step of the top
 * frame at a time, so depth is bounded by memory only.  Longer than
 * most functions here because the two frame states and the node's
 * checks belong together.
 */
static void read_profile(struct pj *p)
{
	struct frame *st = p->st;
	size_t sn = 0, cccap = 0;
	struct prof_report *r = p->r;
	uint32_t parent = PROF_NONE;
	want(p, JSON_OBJ, "profile", "a node object ('{')");
	for (;;) {
		struct frame *f;
		uint32_t x = prof_add(r, parent, 0, 0, 0);
		p->ccid = hpt_xgrow(p->ccid, &p->ccid_cap, r->n, sizeof *p->ccid);
		r->cc = hpt_xgrow(r->cc, &cccap, r->n, sizeof *r->cc);
		st = p->st = hpt_xgrow(p->st, &p->scap, sn + 1, sizeof *st);
		f = &st[sn++];
		f->node = x;
		f->seen = 0;
		f->first = 1;
		f->in_children = 0;
		/* step the top frame until a new node opens or all close */
		for (;;) {
			f = &st[sn - 1];
			x = f->node;
			if (f->in_children) {
				if (json_element(&p->j, &f->first)) {
					want(p, JSON_OBJ, "children",
					     "a node object ('{')");
					parent = x;
					break;
				}
				f->in_children = 0;
				f->first = 0;
				continue;
			}
			if (!json_member(&p->j, &f->first)) {
				all_keys(p, node_keys, N_COUNT, f->seen);
				if (p->ccs_read)
					resolve(p, x, p->ccid[x]);
				else
					p->deferred = 1;
				if (--sn == 0)
					return;
				continue;
			}
			switch (key_index(p, node_keys, N_COUNT, &f->seen)) {
			case N_ID:
				p->ccid[x] = get_u64(p, "id");
				break;
			case N_ENTRIES:
				r->entries[x] = get_u64(p, "entries");
				break;
			case N_ALLOC:
				r->ind_alloc[x] = get_u64(p, "alloc");
				break;
			case N_TICKS:
				r->ind_time[x] = get_u64(p, "ticks");
				break;
			case N_CHILDREN:
				want(p, JSON_ARR, "children",
				     "an array of nodes");
				f->in_children = 1;
				f->first = 1;
				break;
			default:
				break;
			}
			/* after "children", the node's other keys resume
			 * with a ',' (json_member with first = 0) */
		}
	}
}

/* The command line the text report prints: "leak +RTS -pj -RTS 200000". */
static char *command_of(const struct prof_report *r)
{
	size_t i, n = 0;
	char *s, *o;
	n += prof_len(r, r->program) + 12;
	for (i = 0; i < r->nrts_args; i++)
		n += prof_len(r, r->rts_args[i]) + 1;
	for (i = 1; i < r->nargs; i++)
		n += prof_len(r, r->args[i]) + 1;
	s = o = hpt_xmalloc(n + 1);
	memcpy(o, prof_name(r, r->program), prof_len(r, r->program));
	o += prof_len(r, r->program);
	memcpy(o, " +RTS", 5);
	o += 5;
	for (i = 0; i < r->nrts_args; i++) {
		*o++ = ' ';
		memcpy(o, prof_name(r, r->rts_args[i]), prof_len(r, r->rts_args[i]));
		o += prof_len(r, r->rts_args[i]);
	}
	memcpy(o, " -RTS", 5);
	o += 5;
	for (i = 1; i < r->nargs; i++) {
		*o++ = ' ';
		memcpy(o, prof_name(r, r->args[i]), prof_len(r, r->args[i]));
		o += prof_len(r, r->args[i]);
	}
	*o = '\0';
	return s;
}

/* Node x is one of the RTS's built-in stacks that the text report hides
 * (rts/ProfilerReport.c, ignoreCCS: GC, SYSTEM, IDLE, ...): a child of
 * the root (the RTS pushes them on MAIN, rts/Profiling.c) whose cost
 * centre is built in and not MAIN.  A built-in cost centre elsewhere
 * (MAIN under L, MAIN under MAIN: never from GHC) is an ordinary node,
 * kept with its costs. */
static int is_builtin(const struct prof_report *r, uint32_t x)
{
	return r->depth[x] == 1 && prof_len(r, r->src[x]) == 10 &&
	       memcmp(prof_name(r, r->src[x]), "<built-in>", 10) == 0 &&
	       !(prof_len(r, r->label[x]) == 4 &&
	         memcmp(prof_name(r, r->label[x]), "MAIN", 4) == 0);
}

/* Does the tree of a text report (or an eventlog) hold a node that the
 * text view of GHC's JSON hides (drop_hidden): a built-in stack, or an
 * empty leaf, as a GHC 7 -P report or a hand-made one has?  Its JSON
 * says so ("hptools_whole"), and is read back whole. */
static int text_has_hidden(const struct prof_report *r)
{
	uint32_t it = r->first_root, x, d;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		if (is_builtin(r, x) ||
		    (d > 0 && r->first_child[x] == PROF_NONE &&
		     r->entries[x] == 0 && r->ind_time[x] == 0 &&
		     r->ind_alloc[x] == 0))
			return 1;
	return 0;
}

/* The document's RTS options ask for every cost centre (-pa).  GHC
 * cannot have written it (-pa and -pj are one RTS setting, the last
 * given wins): prof2json did, from a -pa text report, which shows the
 * built-in stacks and the empty leaves (rts/ProfilerReport.c,
 * ignoreCCS). */
static int asks_all(const struct prof_report *r)
{
	size_t i;
	for (i = 0; i < r->nrts_args; i++)
		if (prof_len(r, r->rts_args[i]) == 3 &&
		    memcmp(prof_name(r, r->rts_args[i]), "-pa", 3) == 0)
			return 1;
	return 0;
}

/* Back to what the -p report showed: the estimated ticks and bytes as
 * tenths of a percent of the totals, figures not exact. */
static void to_tenths(struct prof_report *r)
{
	size_t i;
	/* no totals: prof2json wrote the tenths themselves */
	for (i = 0; i < r->n; i++) {
		if (r->total_ticks)
			r->ind_time[i] = (uint64_t)((double)r->ind_time[i] *
			    1000.0 / (double)r->total_ticks + 0.5);
		if (r->total_alloc)
			r->ind_alloc[i] = (uint64_t)((double)r->ind_alloc[i] *
			    1000.0 / (double)r->total_alloc + 0.5);
	}
	/* what the report lacked (written empty or 0) is unknown again,
	 * not made up: no command, date, time or alloc line */
	if (prof_len(r, r->program) == 0 && r->nargs == 0 &&
	    r->nrts_args == 0) {
		free(r->command);
		r->command = NULL;
	}
	if (r->date && r->date[0] == '\0') {
		free(r->date);
		r->date = NULL;
	}
	if (r->total_ticks == 0 && r->tick_interval == 0)
		r->has_time = 0;
	if (r->total_alloc == 0)
		r->has_alloc = 0;
	r->exact = 0;
	prof_sum(r);
}

/* Leave out the built-in stacks, then, bottom up, the empty leaves, and
 * total what is left (ticks, bytes and seconds): what a text report not
 * made with -pa shows. */
static void drop_hidden(struct prof_report *r)
{
	unsigned char *dead = hpt_xcalloc(r->n ? r->n : 1, 1);
	uint32_t *kids = hpt_xcalloc(r->n ? r->n : 1, sizeof *kids);
	size_t i;
	uint32_t x;
	for (i = 0; i < r->n; i++)
		dead[i] = (r->parent[i] != PROF_NONE && dead[r->parent[i]]) ||
		          is_builtin(r, (uint32_t)i);
	for (i = r->n; i-- > 0;) {
		if (dead[i])
			continue;
		if (kids[i] == 0 && r->parent[i] != PROF_NONE &&
		    r->entries[i] == 0 && r->ind_time[i] == 0 &&
		    r->ind_alloc[i] == 0) {
			dead[i] = 1;
			continue;
		}
		if (r->parent[i] != PROF_NONE)
			kids[r->parent[i]]++;
	}
	prof_compact(r, dead);
	free(dead);
	free(kids);
	prof_sum(r);
	r->total_ticks = r->total_alloc = 0;
	for (x = r->first_root; x != PROF_NONE; x = r->next_sibling[x]) {
		r->total_ticks = prof_add_sum(r, r->total_ticks, r->inh_time[x],
		                              "ticks");
		r->total_alloc = prof_add_sum(r, r->total_alloc,
		                              r->inh_alloc[x], "bytes");
	}
	/* the seconds of the ticks left, as the text report computes them
	 * (rts/ProfilerReport.c: ticks x interval / capabilities); the
	 * JSON's total_time counts the built-in stacks' ticks too */
	if (r->tick_interval > 0) {
		free(r->total_secs);
		r->total_secs = hpt_xasprintf("%.2f", (double)r->total_ticks *
		                              (double)r->tick_interval /
		                              (1e6 * r->processors));
	}
}

/* PROF_JSON_TEXT: the text report's tree (see prof_json.h). */
static void text_view(struct prof_report *r)
{
	uint32_t it, d, x, no = 0;
	if (r->estimated)
		to_tenths(r);
	else if (!asks_all(r) && !r->whole)
		drop_hidden(r);
	prof_sort_counts(r, r->entries, 0);
	it = r->first_root;
	while ((x = prof_next(r, &it, &d)) != PROF_NONE)
		r->no[x] = ++no;
}

/* The value of one of prof2json's marks (key name): true or false, else
 * the error "\"NAME\": expected true or false, found ...". */
static int read_mark(struct pj *p, const char *name)
{
	enum json_tok t = json_next(&p->j);
	if (t != JSON_TRUE && t != JSON_FALSE)
		hpt_data_error(json_where(&p->j), json_col(&p->j),
		               "\"%s\": expected true or false, found %s", name,
		               json_tok_name(t));
	return t == JSON_TRUE;
}

/* What follows the object: the -hr list, kept, or anything else. */
static void after_object(struct pj *p)
{
	struct prof_report *r = p->r;
	const char *s;
	static const char sets[] = "Retainer sets created during profiling:";
	char *line;
	long n;
	size_t cap = 0;
	if (json_at_end(&p->j))
		return;
	json_sync(&p->j);
	if (hpt_input_peek(p->j.in, sizeof sets - 1, &s) < sizeof sets - 1 ||
	    memcmp(s, sets, sizeof sets - 1) != 0) {
		if (p->flags & PROF_JSON_STRICT)
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "text after the JSON object");
		hpt_data_warn(json_where(&p->j), json_col(&p->j),
		              "text after the JSON object: ignored");
		return;
	}
	while ((n = hpt_input_line(p->j.in, &line)) >= 0) {
		r->sets = hpt_xgrow(r->sets, &cap, r->sets_len + (size_t)n + 2, 1);
		memcpy(r->sets + r->sets_len, line, (size_t)n);
		r->sets_len += (size_t)n;
		r->sets[r->sets_len++] = '\n';
		r->sets[r->sets_len] = '\0';
	}
}

/* The top-level object, key by key, then what r needs beyond what the
 * document gives.  Whole because the switch is the schema's top level:
 * one case per key, in GHC's order, each a line or two. */
/* The value of the profile object's member k (key_index) into p's
 * report. */
static void read_member(struct pj *p, int k)
{
	struct prof_report *r = p->r;
	uint64_t v;
	switch (k) {
	case K_PROGRAM:
		r->program = get_str(p, "program");
		break;
	case K_ARGUMENTS:
		get_strs(p, "arguments", &r->args, &r->nargs);
		break;
	case K_RTS_ARGUMENTS:
		get_strs(p, "rts_arguments", &r->rts_args, &r->nrts_args);
		break;
	case K_END_TIME:
		want(p, JSON_STRING, "end_time", "a string");
		r->date = hpt_xmemdup(p->j.text, p->j.len);
		break;
	case K_CAPS:
		r->init_caps = get_u64(p, "initial_capabilities");
		break;
	case K_TOTAL_TIME:
		want(p, JSON_NUMBER, "total_time", "a number");
		check_secs(p);
		r->total_secs = hpt_xmemdup(p->j.text, p->j.len);
		break;
	case K_TOTAL_TICKS:
		r->total_ticks = get_u64(p, "total_ticks");
		break;
	case K_TICK_INTERVAL:
		v = get_u64(p, "tick_interval");
		if (v > UINT32_MAX)
			hpt_data_error(json_where(&p->j), json_col(&p->j),
			               "\"%s\": number out of range: \"%s\"",
			               "tick_interval",
			               hpt_quote(0, p->j.text, p->j.len));
		r->tick_interval = (unsigned)v;
		break;
	case K_TOTAL_ALLOC:
		r->total_alloc = get_u64(p, "total_alloc");
		break;
	case K_COST_CENTRES: {
		int f = 1;
		want(p, JSON_ARR, "cost_centres", "an array");
		while (json_element(&p->j, &f))
			read_cc(p);
		index_ccs(p);
		break;
	}
	case K_PROFILE:
		read_profile(p);
		break;
	case K_ESTIMATED:
		r->estimated = read_mark(p, "hptools_estimated");
		break;
	case K_WHOLE:
		r->whole = read_mark(p, "hptools_whole");
		break;
	default:
		break;
	}
}

/* What a -pj profile is, once read into r: its units and flags, its
 * command line, the numbers of its rows, their links and sums, and
 * with PROF_JSON_TEXT the text view. */
static void finish_report(struct prof_report *r, int flags)
{
	size_t i;
	r->json = 1;
	r->exact = 1;
	r->has_src = 1;
	r->has_time = r->has_alloc = 1;
	memcpy(r->tick_unit, "us", 3);
	r->processors = r->init_caps && r->init_caps <= UINT32_MAX
	                    ? (unsigned)r->init_caps : 1;
	r->command = command_of(r);
	for (i = 0; i < r->n; i++)
		r->no[i] = i + 1;
	prof_link(r, NULL);
	prof_sum(r);
	if (flags & PROF_JSON_TEXT)
		text_view(r);
}

void prof_json_read(struct prof_report *r, struct hpt_input *in, int flags)
{
	struct pj p;
	unsigned seen = 0;
	int first = 1;
	size_t i;
	memset(&p, 0, sizeof p);
	p.r = r;
	p.flags = flags;
	json_open(&p.j, in, flags & PROF_JSON_STRICT);
	r->file = hpt_xstrdup(in->name);
	json_expect(&p.j, JSON_OBJ, "the profile object ('{')");
	while (json_member(&p.j, &first))
		read_member(&p, key_index(&p, top_keys, K_COUNT, &seen));
	all_keys(&p, top_keys, K_ESTIMATED, seen);
	/* a document with the profile before the table: resolve now */
	for (i = 0; p.deferred && i < r->n; i++)
		resolve(&p, (uint32_t)i, p.ccid[i]);
	after_object(&p);
	json_warn_repairs(&p.j);
	json_close(&p.j);
	free(p.ccid);
	free(p.order);
	free(p.by_id);
	free(p.cc_line);
	free(p.cc_col);
	free(p.st);
	finish_report(r, flags);
}

/* ---- the writer ---- */

static void out_name(const struct prof_report *r, uint32_t id)
{
	hpt_out_json_string(prof_name(r, id), prof_len(r, id));
}

/* The words of a .prof command line, split at spaces (GHC joins them
 * with one space and quotes nothing). */
struct words {
	const char **w;
	size_t *len;
	size_t n, cap, lcap;
};

static void split_words(struct words *ws, const char *s)
{
	memset(ws, 0, sizeof *ws);
	while (s && *s) {
		const char *e;
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		for (e = s; *e && *e != ' '; e++)
			;
		ws->w = hpt_xgrow(ws->w, &ws->cap, ws->n + 1, sizeof *ws->w);
		ws->len = hpt_xgrow(ws->len, &ws->lcap, ws->n + 1,
		                    sizeof *ws->len);
		ws->w[ws->n] = s;
		ws->len[ws->n++] = (size_t)(e - s);
		s = e;
	}
}

static int word_is(const struct words *ws, size_t i, const char *w)
{
	return ws->len[i] == strlen(w) && memcmp(ws->w[i], w, ws->len[i]) == 0;
}

/* "program" to "total_alloc" of a report read from text. */
static void head_from_text(const struct prof_report *r)
{
	struct words ws;
	size_t i, rts_lo = 0, rts_hi = 0, args = 1;
	uint64_t caps = 0;
	split_words(&ws, r->command);
	if (ws.n > 1 && word_is(&ws, 1, "+RTS")) {
		rts_lo = rts_hi = 2;
		while (rts_hi < ws.n && !word_is(&ws, rts_hi, "-RTS"))
			rts_hi++;
		args = rts_hi < ws.n ? rts_hi + 1 : rts_hi;
	}
	for (i = rts_lo; i < rts_hi; i++) {
		uint64_t v;
		if (ws.len[i] < 2 || memcmp(ws.w[i], "-N", 2) != 0)
			continue;
		if (ws.len[i] == 2)
			caps = r->processors ? r->processors : 1;
		else if (hpt_parse_u64(ws.w[i] + 2, ws.len[i] - 2, &v) == 0)
			caps = v;
	}
	hpt_out_str("{\n\"program\": ");
	hpt_out_json_string(ws.n ? ws.w[0] : "", ws.n ? ws.len[0] : 0);
	hpt_out_str(",\n\"arguments\": [");
	for (i = 0; i < ws.n; i = i ? i + 1 : args) {
		if (i)
			hpt_out_str(", ");
		hpt_out_json_string(ws.w[i], ws.len[i]);
	}
	hpt_out_str("],\n\"rts_arguments\": [");
	for (i = rts_lo; i < rts_hi; i++) {
		if (i > rts_lo)
			hpt_out_str(", ");
		hpt_out_json_string(ws.w[i], ws.len[i]);
	}
	hpt_out_str("],\n\"end_time\": ");
	hpt_out_json_string(r->date ? r->date : "",
	                    r->date ? strlen(r->date) : 0);
	hpt_out_str(",\n\"initial_capabilities\": ");
	hpt_out_u64(caps);
	free(ws.w);
	free(ws.len);
}

static void head_from_json(const struct prof_report *r)
{
	size_t i;
	hpt_out_str("{\n\"program\": ");
	out_name(r, r->program);
	hpt_out_str(",\n\"arguments\": [");
	for (i = 0; i < r->nargs; i++) {
		if (i)
			hpt_out_str(", ");
		out_name(r, r->args[i]);
	}
	hpt_out_str("],\n\"rts_arguments\": [");
	for (i = 0; i < r->nrts_args; i++) {
		if (i)
			hpt_out_str(", ");
		out_name(r, r->rts_args[i]);
	}
	hpt_out_str("],\n\"end_time\": ");
	hpt_out_json_string(r->date, strlen(r->date));
	hpt_out_str(",\n\"initial_capabilities\": ");
	hpt_out_u64(r->init_caps);
}

/* total_time is %11.2f in GHC: the text, right-aligned in 11, without
 * the leading zeros a hand-edited report may have ("00.30"), which a
 * JSON number cannot have. */
static void out_total_time(const struct prof_report *r)
{
	const char *t = r->total_secs ? r->total_secs : "0.00";
	size_t n;
	while (t[0] == '0' && t[1] >= '0' && t[1] <= '9')
		t++;
	n = strlen(t);
	hpt_out_str(",\n\"total_time\": ");
	if (n < 11)
		hpt_out_spaces(11 - n);
	hpt_out_str(t);
}

static void out_cc(const struct prof_report *r, uint64_t id, uint32_t label,
                   uint32_t module, uint32_t src, int caf, int first)
{
	hpt_out_str(first ? "{\"id\": " : ", {\"id\": ");
	hpt_out_u64(id);
	hpt_out_str(", \"label\": ");
	out_name(r, label);
	hpt_out_str(", \"module\": ");
	out_name(r, module);
	hpt_out_str(", \"src_loc\": ");
	out_name(r, src);
	hpt_out_str(caf ? ", \"is_caf\": true}" : ", \"is_caf\": false}");
}

/* One slot of ids_from_text's table: a (label, module, SRC) triple of
 * name ids and its cost-centre id, 0 while the slot is empty.  The
 * triple is in the slot, so that a look-up reads the slot alone, not
 * the nodes' arrays. */
struct cc_slot {
	uint32_t label, module, src;
	uint32_t id;
};

/* The slot of (l, m, c) in an open-addressed table of nslots (a power
 * of two) slots: the triple's own, or the empty one where it goes.
 * Hashed from the three name ids, so that no bytes are hashed or
 * compared. */
static inline size_t triple_slot(const struct cc_slot *slot,
                                 size_t nslots, uint32_t l, uint32_t m,
                                 uint32_t c)
{
	uint32_t h = l * 0x9e3779b1u ^ m * 0x85ebca77u ^ c * 0xc2b2ae3du;
	size_t k = (h ^ h >> 15) & (nslots - 1);
	for (;; k = (k + 1) & (nslots - 1)) {
		const struct cc_slot *e = &slot[k];
		if (e->id == 0 || (e->label == l && e->module == m &&
		                   e->src == c))
			return k;
	}
}

/* Ids of a report read from text: 1, 2, ... by first appearance of each
 * (label, module, SRC) in the preorder of the n nodes order[0..n); the
 * table is written too.  Returns each node's id less 1 (r->n of them)
 * and sets *ids to a malloc'd array of the ids in order (*ids)[k] = k +
 * 1, *nids of them. */
static uint32_t *ids_from_text(const struct prof_report *r,
                               const uint32_t *order, size_t n,
                               uint64_t **ids, size_t *nids)
{
	uint32_t *id = hpt_xcalloc(r->n ? r->n : 1, sizeof *id), next = 1;
	struct cc_slot *slot;
	size_t nslots = 64, k, j, i;
	slot = hpt_xcalloc(nslots, sizeof *slot);
	for (i = 0; i < n; i++) {
		uint32_t x = order[i];
		uint32_t l = r->label[x], m = r->module[x], c = r->src[x];
		k = triple_slot(slot, nslots, l, m, c);
		if (slot[k].id) {
			id[x] = slot[k].id - 1;
			continue;
		}
		slot[k].label = l;
		slot[k].module = m;
		slot[k].src = c;
		slot[k].id = next;
		id[x] = next - 1;
		out_cc(r, next, l, m, c,
		       prof_len(r, l) == 3 &&
		           memcmp(prof_name(r, l), "CAF", 3) == 0,
		       next == 1);
		if (++next > nslots / 2) {
			/* half full: twice the slots */
			struct cc_slot *old = slot;
			slot = hpt_xcalloc(nslots * 2, sizeof *slot);
			for (j = 0; j < nslots; j++)
				if (old[j].id)
					slot[triple_slot(slot, nslots * 2,
					                 old[j].label,
					                 old[j].module,
					                 old[j].src)] = old[j];
			nslots *= 2;
			free(old);
		}
	}
	free(slot);
	*nids = next - 1;
	*ids = hpt_xmalloc((next - 1 ? next - 1 : 1) * sizeof **ids);
	for (j = 0; j + 1 < next; j++)
		(*ids)[j] = j + 1;
	return id;
}

/* Append the literal l at o (a macro, so that its length is known). */
#define PUT_LIT(o, l) (memcpy((o), (l), sizeof(l) - 1), (o) += sizeof(l) - 1)

/* v in decimal at o, which has room for 20 bytes and row.h's ROW_SLACK;
 * returns its length.  Most counts of a node are 0 (no calls, no ticks,
 * no allocation) or one digit: one byte, without row_u64's copy. */
static inline size_t put_count(char *o, uint64_t v)
{
	if (v < 10) {
		*o = (char)('0' + v);
		return 1;
	}
	return row_u64(o, v);
}

/*
 * The decimal text of each cost centre's id, formatted once: nodes are
 * many more than cost centres (a cost centre is on every stack it is
 * called on), and a node's id is then one 16-byte copy.  Entry k of
 * text holds the digits of id k left-aligned and their count in its
 * last byte, 0 for an id of 16 digits or more, which out_node formats
 * itself.
 */
struct id_texts {
	char (*text)[16];
	const uint64_t *ids; /* ids[k]: the id of entry k */
};

static void id_texts_init(struct id_texts *t, const uint64_t *ids, size_t n)
{
	size_t k;
	t->text = hpt_xmalloc((n ? n : 1) * sizeof *t->text);
	t->ids = ids;
	for (k = 0; k < n; k++) {
		char b[20 + ROW_SLACK];
		size_t len = hpt_fmt_u64_back(b + 20, ids[k]);
		memset(t->text[k], 0, sizeof t->text[k]);
		if (len < 16) {
			memcpy(t->text[k], b + 20 - len, len);
			t->text[k][15] = (char)len;
		}
	}
}

/* The ends of the close nodes before it ("]}\n" each, then ','), and a
 * node's members up to its "children" array's '[', formatted in place
 * in the output buffer (the hot loop of prof2json); its id is entry k
 * of t. */
static inline void out_node(size_t close, const struct id_texts *t,
                            uint32_t k, uint64_t entries, uint64_t alloc,
                            uint64_t ticks)
{
	char *b = hpt_out_space(3 * close + 1 + 4 * 20 + 64 + ROW_SLACK);
	char *o = b;
	size_t i, len = (unsigned char)t->text[k][15];
	for (i = 0; i < close; i++)
		PUT_LIT(o, "]}\n");
	if (close)
		*o++ = ',';
	PUT_LIT(o, "{\"id\": ");
	if (len) {
		memcpy(o, t->text[k], 16);
		o += len;
	} else {
		o += put_count(o, t->ids[k]);
	}
	if ((entries | alloc | ticks) == 0) {
		/* a node with no calls, ticks or allocation (a third to
		 * a half of a real report's nodes): one literal */
		PUT_LIT(o, ", \"entries\": 0, \"alloc\": 0, \"ticks\": 0, "
		           "\"children\": [");
		hpt_out_commit((size_t)(o - b));
		return;
	}
	PUT_LIT(o, ", \"entries\": ");
	o += put_count(o, entries);
	PUT_LIT(o, ", \"alloc\": ");
	o += put_count(o, alloc);
	PUT_LIT(o, ", \"ticks\": ");
	o += put_count(o, ticks);
	PUT_LIT(o, ", \"children\": [");
	hpt_out_commit((size_t)(o - b));
}

void prof_json_write(const struct prof_report *r)
{
	uint64_t *ticks, *bytes;
	uint32_t *id = NULL, *order;
	uint64_t *ids;
	size_t nids;
	struct id_texts t;
	uint32_t d, x, prev = 0;
	size_t i, n = 0;
	int first = 1;
	if (r->first_root == PROF_NONE)
		hpt_data_error(r->file ? r->file : "<stdin>", 0,
		               "no cost-centre tree to write");
	if (r->exact) {
		ticks = r->ind_time;
		bytes = r->ind_alloc;
	} else {
		if (prof_weight_estimated(r, PROF_W_TICKS) ||
		    prof_weight_estimated(r, PROF_W_ALLOC))
			hpt_warn("no totals in the report: ticks and alloc are "
			         "tenths of a percent");
		ticks = prof_self_weights(r, PROF_W_TICKS);
		bytes = prof_self_weights(r, PROF_W_ALLOC);
	}
	if (r->json)
		head_from_json(r);
	else
		head_from_text(r);
	out_total_time(r);
	hpt_out_str(",\n\"total_ticks\": ");
	hpt_out_u64(r->total_ticks);
	hpt_out_str(",\n\"tick_interval\": ");
	hpt_out_u64((uint64_t)r->tick_interval *
	            (strcmp(r->tick_unit, "ms") == 0 ? 1000 : 1));
	hpt_out_str(",\n\"total_alloc\":");
	hpt_out_u64(r->total_alloc);
	hpt_out_str(",\n\"cost_centres\": [\n");
	/* The linked nodes in preorder, walked once for the ids and the
	 * profile both; a node's depth is r->depth. */
	order = hpt_xmalloc((r->n ? r->n : 1) * sizeof *order);
	n = prof_preorder(r, order);
	if (r->json) {
		/* node x's cost centre is r->ccs[r->cc[x]] */
		ids = hpt_xmalloc((r->nccs ? r->nccs : 1) * sizeof *ids);
		for (i = 0; i < r->nccs; i++) {
			out_cc(r, r->ccs[i].id, r->ccs[i].label,
			       r->ccs[i].module, r->ccs[i].src,
			       r->ccs[i].is_caf, i == 0);
			ids[i] = r->ccs[i].id;
		}
		nids = r->nccs;
	} else {
		id = ids_from_text(r, order, n, &ids, &nids);
	}
	id_texts_init(&t, ids, nids);
	hpt_out_str("]\n,\n\"profile\": ");
	/* Preorder: a node opens its "children" array; moving up d levels
	 * closes d + 1 nodes before the next sibling's ','. */
	for (i = 0; i < n; i++) {
		x = order[i];
		d = r->depth[x];
		if (!first && d == 0)
			break; /* a second root: not in the schema */
		out_node(!first && d <= prev ? (size_t)(prev - d) + 1 : 0, &t,
		         r->json ? r->cc[x] : id[x], r->entries[x], bytes[x],
		         ticks[x]);
		first = 0;
		prev = d;
	}
	for (i = 0; i <= prev; i++)
		hpt_out_str("]}\n");
	if (!r->exact || r->estimated)
		hpt_out_str(",\n\"hptools_estimated\": true\n");
	else if (r->whole || (!r->json && text_has_hidden(r)))
		hpt_out_str(",\n\"hptools_whole\": true\n");
	hpt_out_str("}\n");
	if (!r->exact) {
		free(ticks);
		free(bytes);
	}
	free(id);
	free(order);
	free(ids);
	free(t.text);
}
