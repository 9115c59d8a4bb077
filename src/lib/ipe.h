/*
 * ipe.h: the info-table provenance (IPE) table and the cost-centre
 * table of a run, the databases that hpcat -o ipe and -o cc write as
 * TSV (ipe_tsv.h) and that hpcat -I reads back to name the bands of a
 * heap profile by info table (-hi, whose band names are the bare
 * info-table addresses).
 *
 * Where the entries come from: GHC's rts/eventlog/EventLog.c posts one
 * IPE event (169, GHC 9.2 and later, for code built with
 * -finfo-table-map) per info table and one HEAP_PROF_COST_CENTRE event
 * (161) per cost centre (formats.md 4.3, 4.6); ev_ipe.h reads them,
 * ipe_tsv.h reads the TSV form back.  An info table's id is its address
 * (INFO_PTR_TO_STRUCT), the very number a -hi band names in "0x" and
 * lowercase hex; a cost centre's id is GHC's cc->ccID (not the no. of
 * a .prof, which numbers stacks).
 *
 * Every string is bytes with a length (anything but NUL in an event;
 * anything in a TSV field once unescaped).  Entries stay in the order
 * they were added; an id is looked up in O(1) on average.
 */
#ifndef HPT_IPE_H
#define HPT_IPE_H

#include <stddef.h>
#include <stdint.h>

#include "intern.h"

/* The six string fields of an info table, in the order of the IPE
 * event and of the -o ipe columns after the id. */
enum {
	IPE_NAME,    /* the table's symbol: "sat_s1TF_info", "Circle_con_info" */
	IPE_DESC,    /* the closure type's number as decimal text: "16" */
	IPE_TYPE,    /* the Haskell type, spaces and all: "Int -> Int" */
	IPE_LABEL,   /* the binding it belongs to: "shapes", "main.m" */
	IPE_MODULE,  /* "Main" */
	IPE_SRC,     /* "Ipe.hs:18:13-64"; "" where GHC wrote a bare ":" */
	IPE_NFIELDS
};

/* The three string fields of a cost centre. */
enum { IPE_CC_LABEL, IPE_CC_MODULE, IPE_CC_SRC, IPE_CC_NFIELDS };

struct ipe_entry {
	uint64_t id;             /* the info table's address */
	uint32_t f[IPE_NFIELDS]; /* ids in the table's strings */
};

struct ipe_cc {
	uint32_t id;             /* GHC's cost-centre id */
	uint32_t f[IPE_CC_NFIELDS]; /* ids in the table's strings */
	int is_caf;
};

struct ipe_table {
	struct hpt_intern s;     /* every string of both tables */
	struct ipe_entry *ipe;   /* the info tables, in order of addition */
	size_t nipe, ipe_cap;
	struct ipe_cc *cc;       /* the cost centres, in order of addition */
	size_t ncc, cc_cap;
	/* the offset (bytes) + 1 where the last eventlog read into the
	 * table was cut off (ev_ipe_read; 0: it was whole) */
	uint64_t cut_at;
	/* private: the ids, as 8 (ipe) or 4 (cc) big-endian bytes, whose
	 * intern ids are the entries' indexes */
	struct hpt_intern ipe_ids, cc_ids;
};

/* An empty table. */
void ipe_table_init(struct ipe_table *t);
/* Free everything the table holds. */
void ipe_table_free(struct ipe_table *t);

/*
 * Add the info table id with the fields f[IPE_NAME..IPE_SRC] (n[i]
 * bytes each).  Returns 1 when added; 0 when the id is there already
 * (nothing changes).  Either way *index (if not NULL) is the id's
 * entry.
 */
int ipe_add(struct ipe_table *t, uint64_t id, const char *const *f,
            const size_t *n, size_t *index);
/* Add the cost centre id (fields f[IPE_CC_LABEL..IPE_CC_SRC]), as
 * ipe_add. */
int ipe_cc_add(struct ipe_table *t, uint32_t id, const char *const *f,
               const size_t *n, int is_caf, size_t *index);
/* Non-zero when entry i holds exactly the fields f (n bytes each): a
 * re-posted definition rather than another one. */
int ipe_same(const struct ipe_table *t, size_t i, const char *const *f,
             const size_t *n);
int ipe_cc_same(const struct ipe_table *t, size_t i, const char *const *f,
                const size_t *n, int is_caf);

/* The entry of info table id, or -1. */
long ipe_find(const struct ipe_table *t, uint64_t id);

/* Field k of info-table entry i: bytes and length. */
#define ipe_str(t, i, k) ((t)->s.name[(t)->ipe[i].f[k]])
#define ipe_len(t, i, k) ((t)->s.len[(t)->ipe[i].f[k]])
#define ipe_cc_str(t, i, k) ((t)->s.name[(t)->cc[i].f[k]])
#define ipe_cc_len(t, i, k) ((t)->s.len[(t)->cc[i].f[k]])

/*
 * The name of closure type number desc (n bytes of decimal text, as
 * an IPE event's closure description), from GHC's
 * rts/include/rts/storage/ClosureTypes.h, whose numbers have stayed the
 * same since before GHC 9.2 (IPE's first version), later versions only
 * adding types at the end (CONTINUATION 64 in 9.6, ANN_FRAME 65):
 * "CONSTR_1_0", "FUN_STATIC", "THUNK", ...  NULL for text that is not
 * such a number.
 */
const char *ipe_closure_type(const char *desc, size_t n);

/*
 * The address of a -hi band name (the n bytes at s): "0x" and 1 to 16
 * lowercase hex digits, as GHC's printf("%p") writes it on glibc
 * (formats.md 1.5).  Returns 1 with *id set, else 0.
 */
int ipe_band_id(const char *s, size_t n, uint64_t *id);

/*
 * The readable band name of info-table entry i, into *buf (grown as
 * needed, *cap bytes; NUL-terminated), returning its length:
 *
 *   WHAT{KIND::TYPE}@SRC#ADDR
 *
 * WHAT is MODULE.LABEL (the table name without "_info" when the label
 * is empty), KIND the closure type's name (the number when unknown),
 * TYPE the type (left out with its "::" when empty), SRC the source
 * location (left out with its "@" when empty), ADDR the band's
 * address as GHC names it ("0x40b640"), so that two info tables with
 * the same description stay two bands.  The name holds no white space
 * (hp2ps splits names there) and no NUL (a .hp line cannot hold one; a
 * TSV field can): NUL counts as white space, and every run of white
 * space in a field is
 * dropped when a character beside it is one of - = > , % (so
 * "Int -> Int" becomes "Int->Int", "(Int, String)" "(Int,String)",
 * "Double %1 -> Shape" "Double%1->Shape"), and becomes one "_"
 * elsewhere ("Map Int String" becomes "Map_Int_String", "IO ()"
 * "IO_()").
 */
size_t ipe_band_name(const struct ipe_table *t, size_t i, char **buf,
                     size_t *cap);

#endif
