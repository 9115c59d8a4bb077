/* prof.h: the .prof reader and writer (stub; see issue 3). */
#ifndef HPT_PROF_H
#define HPT_PROF_H
struct prof_report;
#endif
