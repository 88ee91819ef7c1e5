// The send tool's checks, before anyone is asked: sender, destination (E.164, national numbers read with
// the default region), and the text within the door's segment limit. Refused by length first: a huge
// text must cost nothing (the counting is not linear). Throws a ToolRefusal('validation') or the core's
// VoiceSmsError('validation'), each with its sentence.
import * as l10n from '@vscode/l10n';
import type { BodyAnalysis, CoreModuleLike } from './context.js';
import { ToolRefusal } from './refusal.js';

export interface CheckedSms {
  from: string;
  /** E.164. */
  to: string;
  body: string;
  analysis: BodyAnalysis;
}

export function checkSms(
  core: CoreModuleLike,
  input: { from: string | undefined; to: string; body: string },
  rules: { region?: string | undefined; maxSegments: number },
): CheckedSms {
  if (input.from === undefined || input.from.trim() === '') {
    throw new ToolRefusal(
      'validation',
      l10n.t('Not sent: "from" is missing and the profile has no sender ID. Pass a sender ID the account may use.'),
    );
  }
  const from = core.validateId('from', input.from.trim());
  const to = core.normalizeE164(input.to, rules.region);
  const max = core.maxBodyUnits(rules.maxSegments);
  if (input.body.length > max) {
    throw new ToolRefusal(
      'validation',
      l10n.t('The message text has {0} characters; {1} segments hold at most {2}. Shorten it.', input.body.length, rules.maxSegments, max),
    );
  }
  const analysis = core.analyzeBody(input.body, rules.maxSegments);
  if (analysis.segments > rules.maxSegments) {
    throw new ToolRefusal(
      'validation',
      l10n.t(
        'The message needs {0} segments ({1}); the limit is {2}. Shorten it.',
        analysis.segments,
        analysis.encoding,
        rules.maxSegments,
      ),
    );
  }
  return { from, to, body: input.body, analysis };
}
