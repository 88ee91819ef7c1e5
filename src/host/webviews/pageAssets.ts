// The scripts and the stylesheet a panel's page carries in itself (html.ts PageScript), read from the
// extension's files once per window: a panel then costs its page no fetch through the editor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageScript, PageStylesheet } from './html.js';

const texts = new Map<string, string>();

function read(file: string): string {
  let text = texts.get(file);
  if (text === undefined) texts.set(file, (text = readFileSync(file, 'utf8')));
  return text;
}

/** `extensionPath`: the extension's folder; `names`: bundles under dist/webview (html.ts scriptsFor). */
export function pageScripts(extensionPath: string, names: string[]): PageScript[] {
  return names.map((name) => ({ code: read(join(extensionPath, 'dist', 'webview', `${name}.js`)) }));
}

/** The panels' stylesheet, built from media/webview.css beside their bundles (esbuild.mjs). */
export function pageStylesheets(extensionPath: string): PageStylesheet[] {
  return [{ css: read(join(extensionPath, 'dist', 'webview', 'webview.css')) }];
}
