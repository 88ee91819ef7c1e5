// What a live update (a newer reading of what a panel shows, see `monthUpdate` in src/panels/monthView/protocol.ts) does to a page:
// the elements on show are changed in place — so scroll position, focus and the chart's canvas stay — the figures
// that changed are marked for a moment (the `is-updated` class; media/webview.css fades it, or only shows it under
// reduced motion), and one short sentence says what changed in a polite live region.
import { h } from './dom.js';

const UPDATED_CLASS = 'is-updated';
/** How long a changed figure stays marked. */
const MARK_MS = 3000;

/**
 * Makes `old` show what `fresh` (the same part drawn anew, never inserted) shows, keeping `old`'s elements wherever
 * both have the same shape; where they do not, `old` takes `fresh`'s children. Only the class and title attributes
 * are copied: what scripts set on the page (a row's tabindex, aria-live) stays. Each element whose own text changed is
 * added to `changed` (absent: changes are not collected, e.g. the response details).
 */
export function syncInPlace(old: Element, fresh: Element, changed?: Element[]): void {
  const marked = old.classList.contains(UPDATED_CLASS);
  if (old.className !== fresh.className) old.className = fresh.className;
  if (marked) old.classList.add(UPDATED_CLASS);
  const title = fresh.getAttribute('title');
  if (title === null) old.removeAttribute('title');
  else if (old.getAttribute('title') !== title) old.setAttribute('title', title);
  const was = old.childNodes;
  const now = fresh.childNodes;
  const sameShape =
    was.length === now.length &&
    [...was].every((n, i) => {
      const f = now[i];
      return f !== undefined && n.nodeType === f.nodeType && n.nodeName === f.nodeName;
    });
  if (!sameShape) {
    if (old.textContent !== fresh.textContent) changed?.push(old);
    old.replaceChildren(...now);
    return;
  }
  let textChanged = false;
  [...was].forEach((n, i) => {
    const f = now[i]!;
    if (n instanceof Element && f instanceof Element) syncInPlace(n, f, changed);
    else if (n.nodeValue !== f.nodeValue) {
      n.nodeValue = f.nodeValue;
      textChanged = true;
    }
  });
  if (textChanged) changed?.push(old);
}

/** The marks of the latest update: a newer update or MARK_MS later removes them. */
export class UpdateMarks {
  private marked: Element[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  mark(elements: readonly Element[]): void {
    this.clear();
    for (const el of elements) el.classList.add(UPDATED_CLASS);
    this.marked = [...elements];
    if (this.marked.length > 0) this.timer = setTimeout(() => this.clear(), MARK_MS);
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    for (const el of this.marked) el.classList.remove(UPDATED_CLASS);
    this.marked = [];
  }
}

/**
 * A visually hidden polite live region for the sentence an update says. The panel body is a live region too (it
 * says a new phase: loading, data, error); the parts an update changes in place are set `aria-live="off"` by
 * quiet() so that their figures are not read out one by one beside this sentence.
 */
export class UpdateAnnouncer {
  readonly element = h('p', {
    className: 'visually-hidden live-announcer',
    attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' },
  });
  private pending: ReturnType<typeof setTimeout> | undefined;

  say(text: string): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.pending = undefined;
    if (this.element.textContent !== text) {
      this.element.textContent = text;
      return;
    }
    // The same sentence again (the same change twice): emptied first, or a screen reader would not repeat it.
    this.element.textContent = '';
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.element.textContent = text;
    }, 100);
  }

  clear(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.pending = undefined;
    this.element.textContent = '';
  }
}

/** Takes `parts` out of the body's live region before they change in place (see UpdateAnnouncer). */
export function quiet(...parts: (Element | null)[]): void {
  for (const p of parts) p?.setAttribute('aria-live', 'off');
}
