// Text a door draws as Markdown (an MCP client's elicitation, the editor's chat confirmation) shown exactly as it
// is: a fenced code block, whose fence is longer than any run of backticks in the text, so nothing inside is read
// as markup — no link, no emphasis, no backslash escape undone, no character reference decoded, no HTML. A
// client that shows plain text shows the same lines between two fences. No vscode import: both doors use it.

/** `text` (already one character per visible mark: visibleSmsText) as a fenced code block that shows it as it is. */
export function verbatimBlock(text: string): string {
  let longest = 0;
  // One quantifier over one character: linear.
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}
