// Every registered value found in one left-to-right pass over a text (an Aho–Corasick automaton): the cost of a
// search is the text's length, whatever the number of values. With a few profiles stored, dozens of values (each
// credential in its base64, hex and joined forms) were each looked for with indexOf, one pass per value per reading.
// No regular expression; no allocation per character.

/** ASCII columns of the transition table; other characters follow the trie edges and failure links. */
const ASCII = 128;
/**
 * Up to this many values, a search first asks the text for each one natively (`includes`, which skips ahead by the
 * value's length and is linear even when the value is absent): most texts hold none, and the automaton's step per
 * character, about ten times the cost for an ordinary month view, is then not taken. More values: the automaton alone.
 * Only values that hold no other are asked: a text without `YmVu…M` holds neither `YmVu…MA` nor `YmVu…MA==`.
 */
const ASKED_ONE_BY_ONE = 64;

export class Automaton {
  /** node * ASCII + code → next node, every failure already followed. */
  private readonly table: Int32Array;
  /** Edges for characters beyond ASCII, as in the trie (no failure followed). */
  private readonly wide: Array<Map<number, number> | undefined>;
  private readonly fail: Int32Array;
  /** The values that end at a node, its failure chain's included; undefined when none. */
  private readonly outputs: Array<number[] | undefined>;
  /** 1 where a node has outputs: the search reads a byte per character, not an array of lists. */
  private readonly ends: Uint8Array;
  /** The values no other value is part of: a text holding none of them holds no value at all. */
  private readonly asked: readonly string[];

  constructor(readonly values: readonly string[]) {
    const ascii: number[][] = [[]];
    const wide: Array<Map<number, number> | undefined> = [undefined];
    const ends: Array<number[] | undefined> = [undefined];
    values.forEach((value, index) => {
      let node = 0;
      for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        let next = c < ASCII ? ascii[node]![c] : wide[node]?.get(c);
        if (next === undefined) {
          next = ascii.length;
          ascii.push([]);
          wide.push(undefined);
          ends.push(undefined);
          if (c < ASCII) ascii[node]![c] = next;
          else (wide[node] ??= new Map()).set(c, next);
        }
        node = next;
      }
      (ends[node] ??= []).push(index);
    });
    const count = ascii.length;
    this.table = new Int32Array(count * ASCII);
    this.fail = new Int32Array(count);
    this.wide = wide;
    this.outputs = ends;
    // Breadth first: a node's failure (and so its row of the table) is known before its children's.
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      const f = this.fail[node]!;
      for (let c = 0; c < ASCII; c++) {
        const child = ascii[node]![c];
        if (child === undefined) {
          this.table[node * ASCII + c] = node === 0 ? 0 : this.table[f * ASCII + c]!;
          continue;
        }
        this.table[node * ASCII + c] = child;
        this.fail[child] = node === 0 ? 0 : this.table[f * ASCII + c]!;
        queue.push(child);
      }
      for (const [c, child] of wide[node] ?? []) {
        this.fail[child] = node === 0 ? 0 : this.step(f, c);
        queue.push(child);
      }
      const inherited = node === 0 ? undefined : this.outputs[f];
      if (inherited) this.outputs[node] = [...(this.outputs[node] ?? []), ...inherited];
    }
    this.ends = new Uint8Array(count);
    for (let node = 0; node < count; node++) if (this.outputs[node] !== undefined) this.ends[node] = 1;
    // Once per set (a few dozen values of a few dozen characters), not per search. Each is asked from its first capital
    // letter on (when 16 characters or more are left): a text without that part does not hold the value, and a needle
    // that begins with a letter ordinary text seldom holds is found (or not) in a fraction of the time: `includes`
    // stops at every occurrence of the needle's first character (a core of base64 beginning with `i` cost 6x).
    const minimal = values.filter(
      (value, i) => !values.some((other, j) => j !== i && other.length < value.length && value.includes(other)),
    );
    this.asked = [...new Set(minimal.map(anchor))];
  }

  private step(node: number, c: number): number {
    if (c < ASCII) return this.table[node * ASCII + c]!;
    for (let n = node; ; n = this.fail[n]!) {
      const next = this.wide[n]?.get(c);
      if (next !== undefined) return next;
      if (n === 0) return 0;
    }
  }

  /** Calls `found(end, value)` for every occurrence, overlapping ones too: `values[value]` ends just before `end`. */
  search(text: string, found: (end: number, value: number) => void): void {
    if (this.asked.length <= ASKED_ONE_BY_ONE && !this.asked.some((value) => text.includes(value))) return;
    const { table, ends } = this;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      node = c < ASCII ? table[node * ASCII + c]! : this.step(node, c);
      if (ends[node] === 1) for (const v of this.outputs[node] ?? []) found(i + 1, v);
    }
  }
}

/** `value` from its first capital letter on, when at least 16 characters are left; else `value` itself. */
function anchor(value: string): string {
  for (let i = 0; i + 16 <= value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return value.slice(i);
  }
  return value;
}
