// A tiny XML writer: the simulator controls element order and indentation exactly (the month view must look
// like the spec's sample), and every text and attribute value is escaped here, in one place.

export interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: XmlElement[];
}

/** An element with text content, child elements, or nothing (rendered `<name/>`). */
export function el(name: string, content?: string | number | XmlElement[], attrs?: Record<string, string>): XmlElement {
  const node: XmlElement = { name };
  if (attrs) node.attrs = attrs;
  if (Array.isArray(content)) node.children = content;
  else if (content !== undefined) node.text = String(content);
  return node;
}

// Characters XML 1.0 cannot carry at all (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/U+FFFF).
// Ids echoed in error messages come from percent-decoded paths, so they may contain anything.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function renderInto(node: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.children && node.children.length > 0) {
    out.push(`${pad}<${node.name}${attrs}>`);
    for (const child of node.children) renderInto(child, depth + 1, out);
    out.push(`${pad}</${node.name}>`);
  } else if (node.text !== undefined && node.text !== '') {
    out.push(`${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
  } else {
    out.push(`${pad}<${node.name}${attrs}/>`);
  }
}

/** The whole document: declaration, then the root indented by two spaces per level, ending in a newline. */
export function renderXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  renderInto(root, 0, out);
  return out.join('\n') + '\n';
}
