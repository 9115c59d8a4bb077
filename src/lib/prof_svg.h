/*
 * prof_svg.h: a cost-centre tree (prof.h) as a flame graph (proftree
 * -o svg), one standalone SVG 1.1 document through svg.h.
 *
 * What is drawn (1200 pixels wide, 17 pixels a level):
 *   - a title line with the report's command and a line with its date,
 *     totals and what the widths measure (and a warning when they rest
 *     on fewer than 100 ticks), then the colours' legend;
 *   - one box per linked node, the roots side by side along the bottom
 *     across the whole width, each node's children above it, left to
 *     right in the tree's child order (proftree sorts them by the
 *     measure of -w, largest first);
 *   - a box's width is the node's inherited cost by -w (prof_keys,
 *     prof_tree.h: inherited ticks or bytes, or tenths of a percent in
 *     a -p report; entries over the subtree as drawn), as a share of its
 *     parent's width: child width = parent width x child cost / parent
 *     cost (or / the sum of the children's costs, when rounding in a
 *     -p report makes that larger), so the children never stick out;
 *   - the cost centre's label in its box with the box's share of the
 *     whole width ("buildMap 69 %"; the share is dropped first when
 *     room is short), cut by its measured width with "…", and left out
 *     when fewer than 4 characters would remain; a CAF is labelled
 *     MODULE.CAF, as heap profiles name it, an empty label "";
 *   - a tooltip on every box: label, module, SRC, entries, individual
 *     and inherited %time and %alloc (with ticks and bytes in a -P
 *     report);
 *   - a colour by module: the modules drawn, widest first, get eleven
 *     distinct colours (none red), any more modules and MAIN grey; when
 *     only one module besides MAIN is drawn, the colour says instead
 *     the node's individual share of the whole time (allocation with
 *     -w alloc) in five steps, pale to red;
 *   - a footer saying what the widths, labels and tooltips hold;
 *   - a script for browsers (ignored by rsvg-convert and image
 *     viewers, so the picture drawn is the same): a click on a box
 *     zooms to it (it spans the chart, the boxes above widen, its
 *     ancestors stay shaded), on a root or "reset zoom" zooms out;
 *     "search", '/' or Ctrl-F highlights the boxes whose names match
 *     a regular expression and says their share of the whole width.
 * Bounds: a box narrower than a pixel is not drawn, nor anything above
 * it (its cost stays in the parent's width, as the parent's
 * remainder); every box a pixel wide or more is drawn, at any depth,
 * while their labels are at most 800 and their output fits in about
 * 780 KiB, so the document stays under 1 MiB and a browser or
 * rsvg-convert draws it in a fraction of a second whatever the tree.
 * When they do not all fit, the widest are drawn (the lowest first
 * among equal ones; equal boxes at one level all or none), a line
 * under the legend says so, and the children of a box that are left
 * out sit in one dashed box on top of it, as wide as they are
 * together, giving the count of the tree's levels above it and their
 * share ("▲ 99201 levels 100 %"), its tooltip their depths, time and
 * allocation.  The tree is walked in preorder (prof_preorder), never
 * recursively.
 */
#ifndef HPT_PROF_SVG_H
#define HPT_PROF_SVG_H

#include "prof.h"

/* Write the flame graph of r's linked nodes, widths by w, as one output
 * unit. */
void prof_write_svg(const struct prof_report *r, enum prof_weight w);

#endif
