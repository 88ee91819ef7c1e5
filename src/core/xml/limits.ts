// How much markup one answer may carry. Parsing costs time per element on the editor's shared thread; the
// service's real answers have a few thousand tags at most (31 days of counters, a day's activity rows).

/** Most `<` (tags, comments, CDATA openers) accepted in one answer: about 10,000 elements. */
export const MAX_MARKUP = 20_000;
