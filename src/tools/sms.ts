// The SMS checks, once for every door (the palette, the chat tool, the MCP tool), before anyone is asked:
// sender (a valid id and, when the profile lists sender ids, one of them), destination (E.164, national numbers
// read with the default region), and the text within the door's segment limit. Refused by length first: a huge text must cost nothing (the counting is not
// linear). Throws an SmsRefusal (kind 'validation', with the field and the figures, so a door can word it
// its own way: the palette names its setting) or the core's VoiceSmsError('validation') naming its field.
import * as l10n from '@vscode/l10n';
import type { BodyAnalysis, CoreModuleLike } from './context.js';
import { ToolRefusal } from './refusal.js';
import { quoted, quotedList } from './text/dataText.js';

export interface CheckedSms {
  from: string;
  /** E.164. */
  to: string;
  body: string;
  analysis: BodyAnalysis;
}

export type SmsField = 'from' | 'to' | 'body';

/** What was wrong, with the figures a door needs to say it in its own words. */
export type SmsProblem =
  | { kind: 'missingFrom' }
  | { kind: 'unknownFrom'; from: string; known: readonly string[] }
  | { kind: 'tooLong'; length: number; maxSegments: number; max: number }
  | { kind: 'tooManySegments'; segments: number; encoding: string; maxSegments: number };

/** A refused field; `message` is the tools' wording. */
export class SmsRefusal extends ToolRefusal {
  constructor(
    readonly field: SmsField,
    readonly problem: SmsProblem,
    message: string,
  ) {
    super('validation', message);
  }
}

/** The text's checks alone (the palette's body step runs them as the user types). */
export function checkSmsBody(core: CoreModuleLike, body: string, maxSegments: number): BodyAnalysis {
  const max = core.maxBodyUnits(maxSegments);
  if (body.length > max) {
    throw new SmsRefusal(
      'body',
      { kind: 'tooLong', length: body.length, maxSegments, max },
      l10n.t('The message text has {0} characters; {1} segments hold at most {2}. Shorten it.', body.length, maxSegments, max),
    );
  }
  const analysis = core.analyzeBody(body, maxSegments);
  if (analysis.segments > maxSegments) {
    throw new SmsRefusal(
      'body',
      { kind: 'tooManySegments', segments: analysis.segments, encoding: analysis.encoding, maxSegments },
      l10n.t('The message needs {0} segments ({1}); the limit is {2}. Shorten it.', analysis.segments, analysis.encoding, maxSegments),
    );
  }
  return analysis;
}

export function checkSms(
  core: CoreModuleLike,
  input: { from: string | undefined; to: string; body: string },
  rules: {
    region?: string | undefined;
    maxSegments: number;
    regionSetting?: string;
    /** The profile's sender ids: a sender not among them is refused (none listed: any valid id goes). */
    senderIds?: readonly string[];
  },
): CheckedSms {
  if (input.from === undefined || input.from.trim() === '') {
    throw new SmsRefusal(
      'from',
      { kind: 'missingFrom' },
      l10n.t('Not sent: "from" is missing and the profile has no sender ID. Pass a sender ID the account may use.'),
    );
  }
  const from = core.validateId('from', input.from.trim());
  const known = rules.senderIds ?? [];
  // Before anyone is asked to confirm a message the service could only refuse.
  if (known.length > 0 && !known.includes(from)) {
    throw new SmsRefusal(
      'from',
      { kind: 'unknownFrom', from, known },
      l10n.t(
        'Not sent: {0} is not one of the sender IDs of this profile ({1}). Pass one of them as "from".',
        quoted(from, 80),
        quotedList(known),
      ),
    );
  }
  const to = core.normalizeE164(input.to, rules.region, rules.regionSetting);
  return { from, to, body: input.body, analysis: checkSmsBody(core, input.body, rules.maxSegments) };
}
