// The answer boundary searches an answer once (issue 41): the parsed strings of a body it has just scrubbed are not
// searched again when the parser only cut that body into pieces, or decoded references the body's scrub read under.
// What the parser makes itself is still searched: text it joins around a comment, CDATA section, instruction or child
// element, and names. Every case is checked for the secret itself, whichever way the set reads (a secret without an
// escape's lead, read every family at once and three layers deep; one holding `%`, read one family per layer).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerBoundary } from '../../../../src/core/boundary.js';
import type { HttpResponse } from '../../../../src/core/http/transport.js';
import { parseEnvelope } from '../../../../src/core/xml/envelope.js';
import { KnownSecrets } from '../../../../src/shared/redact.js';

const PLAIN = { accessKeyId: 'AKIDONCE0001', secretAccessKey: 'onceSecretAccessKey/0042' };
const LEADS = { accessKeyId: 'AKIDONCE0002', secretAccessKey: 'once%Secret&Key\\0042' };

function answer(message: string, result = ''): HttpResponse {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?><response><status><code>500</code><message>${message}</message>` +
    `<timestamp>2024-06-15 14:03:27:481 +0000</timestamp></status><service><provider>P</provider><id>vvoice</id>` +
    `<version>2.10</version></service><result>${result}</result></response>`;
  return { status: 500, statusText: '', headers: {}, body, bytes: body.length };
}

/** Every string of the parsed envelope, values and names. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (v !== null && typeof v === 'object') {
    for (const [k, c] of Object.entries(v)) {
      out.push(k);
      strings(c, out);
    }
  }
  return out;
}

/** The boundary's parse of `res` as the client makes it, with the characters its secret sets were asked to search. */
function throughBoundary(creds: typeof PLAIN, res: HttpResponse): { strings: string[]; searched: number } {
  const host = new KnownSecrets();
  host.addCredentials('AKIDHOSTPROFILE1', 'hostProfileSecret/0000');
  const boundary = new AnswerBoundary(creds, { apply: (t) => host.apply(t), holds: (c) => host.holds(c), known: () => host });
  let searched = 0;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, called with its own `this`
  const apply = KnownSecrets.prototype.apply;
  KnownSecrets.prototype.apply = function (this: KnownSecrets, text: string) {
    searched += text.length;
    return apply.call(this, text);
  };
  try {
    const clean = boundary.response(res, []);
    const env = boundary.envelope(parseEnvelope(clean.body), clean);
    return { strings: strings(env), searched };
  } finally {
    KnownSecrets.prototype.apply = apply;
  }
}

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const percentAll = (s: string): string => [...new TextEncoder().encode(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

void describe('answer boundary: an answer is searched once', () => {
  void it('does not search the strings of a plain 1 MB answer again (the old boundary searched 2 MB)', () => {
    const message = 'The upstream service could not complete the request. '.repeat(19_000);
    const res = answer(message);
    const { searched } = throughBoundary(PLAIN, res);
    assert.ok(searched < res.body.length * 1.1, `searched ${searched} characters of a ${res.body.length}-character answer`);
  });

  void it('does not search thousands of escaped values again when no secret holds a lead (the old boundary: twice)', () => {
    const res = answer(
      'see notes',
      '<notes>' + '<note>caf%C3%A9 &amp;#x41; said \\u0022ok\\u0022 &#x25;41</note>'.repeat(5_000) + '</notes>',
    );
    const { searched } = throughBoundary(PLAIN, res);
    assert.ok(searched < res.body.length * 1.1, `searched ${searched} characters of a ${res.body.length}-character answer`);
  });

  void it("does not search an answer again for comments between tags (a gateway's note, a pretty-printer's)", () => {
    const month = '<monthView><calls>' + '\n  <!-- day -->\n  <date dateID="20240601"><call_legs>1</call_legs></date>'.repeat(2_000);
    const res = answer('OK', `${month}\n</calls></monthView>`);
    const body = res.body.replace('<response>', '<!-- served by a gateway -->\n<response>\n  <!-- note -->');
    const commented = { ...res, body: `\uFEFF${body}` };
    const { searched } = throughBoundary(PLAIN, commented);
    assert.ok(searched < commented.body.length * 1.1, `searched ${searched} characters of a ${commented.body.length}-character answer`);
  });

  void it('searches again where a comment has text beside it (the parser joins the two sides)', () => {
    const res = answer(`text<!-- c --> more ${'and more '.repeat(2_000)}`);
    const { searched } = throughBoundary(PLAIN, res);
    assert.ok(searched > res.body.length * 1.5, `searched ${searched} characters of a ${res.body.length}-character answer`);
  });

  void it('masks a secret holding a line break where the answer ends its lines with \\r\\n (the parser makes them \\n)', () => {
    const creds = { accessKeyId: 'AKIDONCE0003', secretAccessKey: 'once\nSecretAccessKey/0042' };
    const body = throughBoundary(creds, answer(creds.secretAccessKey.replace('\n', '\r\n'))).strings.join('\n');
    assert.ok(!body.includes(creds.secretAccessKey), body.slice(0, 300));
  });

  for (const creds of [PLAIN, LEADS]) {
    const secret = creds.secretAccessKey;
    const half = secret.length >> 1;
    const [head, tail] = [xml(secret.slice(0, half)), xml(secret.slice(half))];
    const cases: Record<string, HttpResponse> = {
      'as written': answer(xml(secret)),
      'percent-encoded twice under a reference': answer(percentAll(percentAll(secret)).replace(/%/g, '&#x25;')),
      'JSON inside percent under references': answer(
        percentAll([...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')).replace(/%/g, '&#37;'),
      ),
      'joined around a comment': answer(`${head}<!-- x -->${tail}`),
      'joined around CDATA': answer(`${head}<![CDATA[${secret.slice(half, half + 2)}]]>${xml(secret.slice(half + 2))}`),
      'joined around an instruction': answer(`${head}<?pi x?>${tail}`),
      'joined around a child (status message)': answer(`${head}<i/>${tail}`),
      'joined around a child (result)': answer('x', `<note>${head}<b>1</b>${tail}</note>`),
    };
    for (const [name, res] of Object.entries(cases)) {
      void it(`masks a secret ${name} (${creds === PLAIN ? 'no lead in any secret' : 'a secret holding % & \\'})`, () => {
        const body = throughBoundary(creds, res).strings.join('\n');
        assert.ok(!body.includes(secret), `${name}: ${body.slice(0, 300)}`);
        assert.ok(!body.includes(secret.slice(0, 12)), `${name}: ${body.slice(0, 300)}`);
      });
    }
  }
});
