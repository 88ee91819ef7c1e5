// Trimming a repeated trailing character without a regular expression: `/=+$/` is tried at every `=` of a
// long run and costs quadratic time on text that ends otherwise (eslint regexp/no-super-linear-move).

/** `text` without the run of `char` at its end. */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}
