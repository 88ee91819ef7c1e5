// How much markup one answer may carry. Parsing costs time per element and per attribute on the editor's shared
// thread; the service's real answers have a few thousand tags at most (31 days of counters, a day's activity rows)
// and one attribute per day (dateID). Both caps are checked by the linear scan (scan.ts) before the parser runs,
// so a crowded answer is refused in milliseconds instead of blocking the extension host (issue 33: 90,000
// attributes in 1 MB took 590 ms to parse and 158 ms more at the answer boundary). Named in docs/service.md.

/** Most `<` (tags, comments, CDATA openers) accepted in one answer: about 10,000 elements. */
export const MAX_MARKUP = 20_000;

/** Most attributes accepted in one answer, on one element or spread over many: at most about 40 ms of parsing. */
export const MAX_ATTRIBUTES = 5_000;
