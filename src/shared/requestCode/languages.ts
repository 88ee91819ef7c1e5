// The languages of "Copy Request as Code", in one place: each a writer over the core's described request
// (plan.ts), the name the messages use, and the editor language a copied snippet opens as. Adding one here
// offers it everywhere (the command's argument, its quick pick, the tests that run every snippet).
import { formatCurl } from './curl.js';
import { formatNode } from './node.js';
import type { CodeSource } from './plan.js';
import { formatPython } from './python.js';

export interface CodeLanguageSpec {
  id: string;
  /** What the quick pick and the messages call it (a proper name: not translated). */
  name: string;
  /** The editor's language id for a copied snippet opened as an untitled document. */
  editorLanguage: string;
  write(req: CodeSource): string;
}

export const CODE_LANGUAGES = [
  { id: 'sh', name: 'cURL', editorLanguage: 'shellscript', write: formatCurl },
  { id: 'node', name: 'Node.js', editorLanguage: 'javascript', write: formatNode },
  { id: 'python', name: 'Python', editorLanguage: 'python', write: formatPython },
] as const satisfies readonly CodeLanguageSpec[];

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id'];

export function isCodeLanguage(v: unknown): v is CodeLanguage {
  return CODE_LANGUAGES.some((l) => l.id === v);
}

export function codeLanguage(id: CodeLanguage): CodeLanguageSpec {
  const spec = CODE_LANGUAGES.find((l) => l.id === id);
  if (!spec) throw new Error(`Unknown language ${id}`);
  return spec;
}

/** The languages with `first` (the last one used) in front, the others in their usual order. */
export function languagesInPickOrder(first: string | undefined): CodeLanguageSpec[] {
  return [...CODE_LANGUAGES].sort((a, b) => Number(b.id === first) - Number(a.id === first));
}
