import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RedactingLogger, type LogLevel, type LogSink } from '../../../../src/host/platform/redactingLogger.js';

function capture(): { sink: LogSink; lines: [LogLevel, string][] } {
  const lines: [LogLevel, string][] = [];
  const at =
    (level: LogLevel) =>
    (line: string): void => {
      lines.push([level, line]);
    };
  return { sink: { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

void describe('RedactingLogger', () => {
  void it('redacts the line at every level', () => {
    const { sink, lines } = capture();
    const log = new RedactingLogger(sink);
    const text = 'Signature: abc== to +4915112345678';
    log.trace(text);
    log.debug(text);
    log.info(text);
    log.warn(text);
    log.error(text);
    assert.deepEqual(
      lines,
      (['trace', 'debug', 'info', 'warn', 'error'] as const).map((l) => [l, 'Signature: *** to +4915******78']),
    );
  });

  void it('masks registered secrets, the key id keeping its prefix', () => {
    const { sink, lines } = capture();
    const log = new RedactingLogger(sink);
    log.addSecret('topsecretvalue');
    log.addSecret('AKIDEXAMPLE', 4);
    log.info('loaded AKIDEXAMPLE with topsecretvalue');
    assert.deepEqual(lines, [['info', 'loaded AKID*** with ***']]);
  });

  void it('formats extra arguments and errors itself, so nothing reaches the sink unredacted', () => {
    const { sink, lines } = capture();
    const log = new RedactingLogger(sink);
    log.addSecret('topsecretvalue');
    log.warn('request', { headers: { Authorization: 'Basic QUtJRDp0b3BzZWNyZXQ=', AccessKeyId: 'AKIDEXAMPLE' } });
    log.error(new Error('failed with topsecretvalue'));
    log.error('wrapped:', new Error('to +4915112345678'));
    const [warn, error, wrapped] = lines.map(([, l]) => l);
    assert.match(warn ?? '', /^request \{.*Basic \*\*\*.*AKID\*\*\*/);
    assert.ok(!(warn ?? '').includes('QUtJRDp0b3BzZWNyZXQ='));
    assert.match(error ?? '', /failed with \*\*\*/);
    assert.ok(!(error ?? '').includes('topsecretvalue'));
    assert.match(wrapped ?? '', /^wrapped: Error: to \+4915\*\*\*\*\*\*78/);
  });
});
