// The one rule for characters nobody can see, used alike by the id checks (an id may not hold one: it would look
// like another id in every dialog, tree and confirmation) and by the secret mask (spelledText.ts drops them before
// it looks for a credential, so none can hide one): every default-ignorable code point (bidirectional controls
// such as U+202E, zero-width spaces and joiners, the combining grapheme joiner, variation selectors, tags), the
// Hangul fillers named again (U+115F, U+1160, U+3164, U+FFA0: default-ignorable in the Unicode data, named so that
// an engine with older data still drops them), the other format characters, and the line and paragraph separators.
// Pure: no vscode, no DOM.

/** One character of the rule (one class, no quantifier, no `g`: linear, and `test` keeps no state). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\p{Cf}\p{Zl}\p{Zp}]/u;

/** True when `c` (one character) is invisible by the rule. */
export function isInvisible(c: string): boolean {
  return INVISIBLE.test(c);
}

/** The first invisible character of `text`, or undefined when every character can be seen. */
export function firstInvisible(text: string): string | undefined {
  return INVISIBLE.exec(text)?.[0];
}

// The Unicode names of the ones a paste or a crafted link most likely carries; others are named by code point.
// A plain object, not a Map: bundles that never name a character (the webviews, activation) drop it whole.
const NAMES: Readonly<Record<number, string>> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
};

/** "U+202E RIGHT-TO-LEFT OVERRIDE", or "U+E0041" for a character without a name here. */
export function describeCharacter(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = (Object.hasOwn(NAMES, cp) ? NAMES[cp] : undefined) ?? variationSelectorName(cp);
  return name === undefined ? code : `${code} ${name}`;
}

function variationSelectorName(cp: number): string | undefined {
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return `VARIATION SELECTOR-${cp - 0xe0100 + 17}`;
  return undefined;
}
