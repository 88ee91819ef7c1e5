// The escapes and look-alikes issue 50 found passing the mask, read one at a time (src/shared/spelledText.ts):
// HTML's named references of ASCII characters (`&sol;`), JavaScript's `\x2f`, quoted-printable `=2F` with its soft
// line breaks, and combining marks between a secret's letters. Names are checked against an HTML decoder of its own
// (the entities package), not against the product's table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KnownSecrets } from '../../../src/shared/redact.js';
import { decode, literal, type EscapeKind } from '../../../src/shared/spelledText.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const entities = require('entities') as { encodeHTML: (text: string) => string; decodeHTML: (text: string) => string };

const read = (text: string, kind: EscapeKind): string => decode(literal(text), kind).text;

/** HTML names of ASCII characters besides the one the encoder writes (the WHATWG list has several for some). */
const OTHER_NAMES = ['QUOT', 'AMP', 'LT', 'GT', 'midast', 'lbrack', 'rbrack', 'lbrace', 'rbrace', 'verbar', 'VerticalLine'];
const MORE_NAMES = ['UnderBar', 'DiacriticalGrave', 'NonBreakingSpace', 'Tab', 'NewLine'];

void describe('spelledText: the escapes of issue 50', () => {
  void it("HTML's named reference of every ASCII character that has one, and the no-break space", () => {
    let named = 0;
    for (let cp = 0; cp < 0x80; cp++) {
      const c = String.fromCharCode(cp);
      const ref = entities.encodeHTML(c);
      if (!/^&[A-Za-z]+;$/.test(ref)) continue;
      named += 1;
      assert.equal(read(`x${ref}y`, 'xml'), `x${c}y`, ref);
      assert.equal(read(`x${ref}y`, 'any'), `x${c}y`, ref);
    }
    assert.ok(named >= 30, `only ${named} ASCII characters have a name`);
    for (const name of [...OTHER_NAMES, ...MORE_NAMES, 'nbsp']) {
      const ref = `&${name};`;
      assert.notEqual(entities.decodeHTML(ref), ref, `${ref} is no HTML name`);
      assert.equal(read(ref, 'xml'), entities.decodeHTML(ref), ref);
    }
    // No `;`, or a name HTML does not give an ASCII character: as written.
    for (const text of ['&sol', '&soll;', '&eacute;', '&;', `&${'a'.repeat(40)};`]) assert.equal(read(text, 'xml'), text);
  });

  void it('\\xHH escapes, upper and lower case; anything else after \\x stays', () => {
    assert.equal(read('a\\x2fb\\x2Fc\\x7e', 'json'), 'a/b/c~');
    assert.equal(read('a\\x2fb', 'any'), 'a/b');
    assert.equal(read('\\x2 \\xZZ \\x', 'json'), '\\x2 \\xZZ \\x');
  });

  void it('quoted-printable: =XX bytes read as UTF-8, soft line breaks stand for nothing, a lone = stays', () => {
    assert.equal(read('a=2Fb=2fc', 'qp'), 'a/b/c');
    assert.equal(read('caf=C3=A9', 'qp'), 'café');
    assert.equal(read('ab=\r\ncd=\nef', 'qp'), 'abcdef');
    assert.equal(read('x= y =Z2 =2', 'qp'), 'x= y =Z2 =2');
    // Its `=` is also every `key=value`'s: a value that begins with two hex digits keeps them in the readings beside
    // (base64 5a2XICAgIDA+ percent-encoded: `=5a` read as a byte in the only reading would hide it).
    const known = new KnownSecrets();
    known.addCredentials('AKIDQP', '字    0>');
    assert.equal(known.apply('token=5a2XICAgIDA%2B&next=1 and =2F=C3=A9'), 'token=***&next=1 and =2F=C3=A9');
  });

  void it('combining marks between letters hide nothing, and the mask covers them', () => {
    const known = new KnownSecrets();
    known.add('secret!');
    const marked = Array.from('secret!').join('\u0301') + '\u0301';
    assert.equal(known.apply(`x ${marked} y`), 'x *** y');
  });
});
