import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeExcerpt } from '../../../../src/core/http/excerpt.js';

void describe('sanitizeExcerpt', () => {
  void it('turns an HTML 502 page into one short line of its text', () => {
    const page = `<!DOCTYPE html>
<html><head><title>502</title><style>body { color: red }</style><script>alert("x")</script></head>
<body>
  <h1>502   Bad&nbsp;Gateway</h1>
  <!-- upstream: 10.0.0.7 -->
  <p>The proxy could not reach the upstream &amp; gave up.</p>
</body></html>`;
    assert.equal(sanitizeExcerpt(page), '502 Bad Gateway The proxy could not reach the upstream & gave up.');
  });

  void it('caps the excerpt at 200 characters with an ellipsis', () => {
    const out = sanitizeExcerpt(`<p>${'word '.repeat(100)}</p>`);
    assert.ok(out.length <= 200, String(out.length));
    assert.ok(out.endsWith('…'));
  });

  void it('removes control characters and keeps plain text as it is', () => {
    assert.equal(sanitizeExcerpt('Service\u0000 down\u001b[31m\r\n for maintenance'), 'Service down [31m for maintenance');
    assert.equal(sanitizeExcerpt(''), '');
  });

  void it('does not turn numeric references into control characters', () => {
    assert.equal(sanitizeExcerpt('a&#0;b&#x7;c&#233;'), 'a b c\u00e9');
  });
});
