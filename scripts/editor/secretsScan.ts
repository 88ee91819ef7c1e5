// After the e2e run: scans everything the editor wrote (user data with its logs and global/workspace
// storage, HOME, the workspace with its exports, code-server's log, the test results with clipboard
// captures) for the secret, the basic credential, any Signature and any full destination number.
// Allowed only where they belong: SecretStorage entries (`secret://…` rows) and the SMS records the
// extension keeps for resend and Copy as cURL (its globalState/workspaceState keys below).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export interface Needle {
  label: string;
  value: string;
}

export interface Finding {
  file: string;
  /** The storage key, for a row of a state database. */
  key?: string;
  label: string;
}

/** Extension state keys that may hold a full destination number (never a secret). */
const SMS_RECORD_KEYS = /^voiceSms\.(smsHistory\..*|smsDraft|smsLastSent)$/;
/** A Signature header value: base64 of an HMAC-SHA256 (44 characters). */
const SIGNATURE = /\bSignature\b["']?\s*[:=]\s*["']?[A-Za-z0-9+/]{43}=/;
const BINARY = /\.(png|jpe?g|gif|webp|woff2?|ttf|vsix|zip|gz|node|wasm)$/i;

/** The needles for a credential pair: the secret and its basic form (base64 of id:secret). */
export function credentialNeedles(accessKeyId: string, secretAccessKey: string): Needle[] {
  return [
    { label: 'secret access key', value: secretAccessKey },
    { label: 'basic credential', value: Buffer.from(`${accessKeyId}:${secretAccessKey}`).toString('base64') },
  ];
}

function findingsIn(text: string, needles: readonly Needle[]): string[] {
  const found = needles.filter((n) => n.value !== '' && text.includes(n.value)).map((n) => n.label);
  if (SIGNATURE.test(text)) found.push('Signature');
  return found;
}

function* files(dir: string, skip: readonly string[]): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (skip.includes(full)) continue;
    let st;
    try {
      st = statSync(full);
    } catch {
      continue;
    }
    if (st.isDirectory()) yield* files(full, skip);
    else if (st.isFile()) yield full;
  }
}

/** Rows of a VS Code state database, each scanned on its own so secret rows can be allowed. */
function scanStateDb(file: string, needles: readonly Needle[]): Finding[] {
  const out: Finding[] = [];
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('SELECT key, value FROM ItemTable').all() as { key: string; value: unknown }[];
    for (const { key, value } of rows) {
      if (key.startsWith('secret://')) continue; // SecretStorage
      let text = typeof value === 'string' ? value : Buffer.from(value as Uint8Array).toString('utf8');
      // An extension's state is one JSON object per extension: drop its SMS records, scan the rest.
      try {
        const parsed = JSON.parse(text) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          const rest = Object.fromEntries(Object.entries(parsed).filter(([k]) => !SMS_RECORD_KEYS.test(k)));
          text = JSON.stringify(rest);
        }
      } catch {
        // not JSON: scanned as it is
      }
      for (const label of findingsIn(text, needles)) out.push({ file, key, label });
    }
  } finally {
    db.close();
  }
  return out;
}

/** Scans every file under `roots` (minus `skip`); returns what was found where. */
export function scanForSecrets(roots: readonly string[], needles: readonly Needle[], skip: readonly string[] = []): Finding[] {
  const out: Finding[] = [];
  for (const root of roots) {
    for (const file of files(root, skip)) {
      // Binary assets, and SQLite's side files (their rows are read through the database itself).
      if (BINARY.test(file) || /-(wal|shm|journal)$/.test(file)) continue;
      const buf = readFileSync(file);
      if (buf.subarray(0, 16).toString('latin1').startsWith('SQLite format 3')) {
        try {
          out.push(...scanStateDb(file, needles));
          continue;
        } catch {
          // not a state database (or locked): scanned as bytes below
        }
      }
      for (const label of findingsIn(buf.toString('utf8'), needles)) out.push({ file, label });
    }
  }
  return out;
}
