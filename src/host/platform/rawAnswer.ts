// "Show raw answer": the exact XML the service sent, in a read-only editor in XML mode (Save As
// works). Served by a content provider under its own scheme, so the document is never dirty and
// never asks to be saved; known secrets are masked in case a service ever echoes the request.
import * as vscode from 'vscode';

const RAW_ANSWER_SCHEME = 'voice-sms-raw';
const KEEP = 20;

export class RawAnswers implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  private counter = 0;

  constructor(private readonly mask: (text: string) => string) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(RAW_ANSWER_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** Opens `xml` in a new tab named `name`.xml; every call gets its own document (answers differ over time). */
  async show(name: string, xml: string): Promise<vscode.TextDocument> {
    this.counter += 1;
    const safe = name.replace(/[^\w.-]+/g, '-');
    const uri = vscode.Uri.from({ scheme: RAW_ANSWER_SCHEME, path: `/${this.counter}/${safe}.xml` });
    this.texts.set(uri.toString(), this.mask(xml));
    // Kept past closing (the editor may ask again on reopen), but only the latest few.
    for (const key of this.texts.keys()) {
      if (this.texts.size <= KEEP) break;
      this.texts.delete(key);
    }
    const doc = await vscode.workspace.openTextDocument(uri);
    const typed = doc.languageId === 'xml' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'xml');
    await vscode.window.showTextDocument(typed, { preview: false });
    return typed;
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
