// The SMS text as the confirmation quotes it: every character that will be sent, nothing hidden.
// A model or a command link may have written the text, so what a dialog would not draw (line
// breaks that push the rest out of view, zero-width and bidirectional controls, private-use and
// unassigned code points, spaces other than the plain one) is spelled out as a code point. The text
// stays one paragraph, so at most 10 segments fit the modal without scrolling past a hidden tail.
// No vscode import: unit-tested in plain Node.

/** One character class, no quantifier: linear on any input. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|[^\P{Zs} ]/gu;

/** The mark a line break is shown as: the text keeps its lines readable without taking their room. */
export const LINE_BREAK_MARK = '⏎';

function codePoint(c: string): string {
  return `⟨U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** `body` with every character visible: "\n" as ⏎, anything a dialog would not draw as ⟨U+XXXX⟩. */
export function visibleSmsText(body: string): string {
  return body.replace(/\n/g, LINE_BREAK_MARK).replace(INVISIBLE, codePoint);
}
