// The steps of "Send Test SMS": sender (the profile's sender ids, recently used first, or a new one),
// destination (any format, shown back as E.164 while typing), body (characters, encoding and
// segments live in the title; refused above sms.maxSegments). The checks are the tool core's checkSms
// (src/tools/sms.ts), the one the chat and MCP tools run too; this file only words its refusals the
// palette's way (the field's name first, the setting named) as an SmsFieldError for the step to reopen.
import * as vscode from 'vscode';
import { validateId } from '../../core/model/ids.js';
import type { BodyAnalysis } from '../../core/index.js';
import { checkSms as checkSmsCore, checkSmsBody, SmsRefusal, type CheckedSms } from '../../tools/sms.js';
import type { CoreModule } from '../bundles/coreLoader.js';
import { errorMessage } from '../platform/errors.js';
import { pickStep, type InputStep, type PickItem, type Step } from '../quickInput/multiStep.js';
import { isVoiceSmsError } from '../../core/errors.js';
import { quoted, quotedList } from '../../tools/text/dataText.js';
import { SmsFieldError, smsFieldOf, type SmsField } from './smsField.js';

export interface SmsForm {
  from: string;
  /** The user chose "another sender id" in the pick. */
  customFrom: boolean;
  to: string;
  body: string;
}

export interface SmsRules {
  core: CoreModule;
  /** ISO country for national-format numbers, or undefined. */
  region: string | undefined;
  maxSegments: number;
  /** The profile's sender ids; a sender not among them is refused before the confirmation (none: any valid id). */
  senderIds?: readonly string[];
}

export type { CheckedSms };

/** The core's "Invalid to: …" reads badly in a dialog; name the field the way the user saw it. */
export function explain(e: unknown): string {
  const field = smsFieldOf(e);
  const why = isVoiceSmsError(e, 'validation') ? e.details.reason : undefined;
  if (!field || why === undefined) return errorMessage(e);
  const label =
    field === 'from' ? vscode.l10n.t('Sender ID') : field === 'to' ? vscode.l10n.t('Destination number') : vscode.l10n.t('Message text');
  // "is too short…", "contains U+202E…" read on from the field's name; anything else follows a colon.
  return /^(is|has|must|does|contains)\b/.test(why) ? `${label} ${why}` : `${label}: ${why}`;
}

/** The failure of one field's check, as the message the step shows plus the field it belongs to. */
function fieldFailure(field: SmsField, e: unknown): SmsFieldError {
  return new SmsFieldError(field, explain(e));
}

function checkFrom(value: string): string {
  try {
    return validateId('from', value);
  } catch (e) {
    throw fieldFailure('from', e);
  }
}

function checkTo(rules: SmsRules, value: string): string {
  try {
    return rules.core.normalizeE164(value, rules.region);
  } catch (e) {
    throw fieldFailure('to', e);
  }
}

function checkBody(rules: SmsRules, value: string): BodyAnalysis {
  try {
    return checkSmsBody(rules.core, value, rules.maxSegments);
  } catch (e) {
    throw paletteFailure(e, '', 'body');
  }
}

/**
 * The core's refusal as the palette words it: a missing sender as the sender step says it, the text's
 * limits naming the setting, a core validation error after the field's label. Anything else unchanged.
 */
export function paletteFailure(e: unknown, from: string, fallback?: SmsField): unknown {
  if (e instanceof SmsRefusal) {
    const p = e.problem;
    switch (p.kind) {
      case 'missingFrom':
        try {
          validateId('from', from);
        } catch (err) {
          return fieldFailure('from', err);
        }
        return new SmsFieldError('from', e.message);
      case 'unknownFrom':
        return new SmsFieldError(
          'from',
          vscode.l10n.t(
            "Sender ID {0} is not one of the sender IDs of this profile ({1}). Pick one of them, or add it to the profile's senderIds in the setting voiceSms.profiles.",
            quoted(p.from, 80),
            quotedList(p.known),
          ),
        );
      case 'tooLong':
        return new SmsFieldError(
          'body',
          vscode.l10n.t(
            'The message text has {0} characters; {1} segments hold at most {2} (setting voiceSms.sms.maxSegments). Shorten it.',
            p.length,
            p.maxSegments,
            p.max,
          ),
        );
      case 'tooManySegments':
        return new SmsFieldError(
          'body',
          vscode.l10n.t(
            'The message needs {0} segments ({1}); the limit is {2} (setting voiceSms.sms.maxSegments). Shorten it.',
            p.segments,
            p.encoding,
            p.maxSegments,
          ),
        );
    }
  }
  const field = smsFieldOf(e) ?? fallback;
  return field ? fieldFailure(field, e) : e;
}

/** Everything checked before anything is sent or confirmed (the tool core's checkSms); throws the message the UI shows. */
export function checkSms(rules: SmsRules, input: { from: string; to: string; body: string }): CheckedSms {
  try {
    return checkSmsCore(rules.core, input, rules);
  } catch (e) {
    throw paletteFailure(e, input.from);
  }
}

export function describeBody(a: BodyAnalysis): string {
  return a.segments === 1
    ? vscode.l10n.t('{0} characters · {1} · 1 segment', a.characters, a.encoding)
    : vscode.l10n.t('{0} characters · {1} · {2} segments', a.characters, a.encoding, a.segments);
}

const CUSTOM = Symbol('custom sender');

export function smsSteps(
  title: string,
  rules: SmsRules,
  senders: { recent: string[]; profile: string[] },
  draftNote: string | undefined,
): Step<SmsForm>[] {
  const sender = pickStep<SmsForm, string | typeof CUSTOM>({
    id: 'from',
    placeholder: () => draftNote ?? vscode.l10n.t('Sender identity'),
    items: (s) => {
      const seen = new Set<string>();
      const items: PickItem<string | typeof CUSTOM>[] = [];
      const add = (id: string, description: string): void => {
        if (seen.has(id)) return;
        seen.add(id);
        items.push({ label: id, description, value: id, picked: id === s.from });
      };
      if (s.from && !s.customFrom) add(s.from, vscode.l10n.t('from your draft'));
      for (const id of senders.recent) add(id, vscode.l10n.t('recently used'));
      for (const id of senders.profile) add(id, vscode.l10n.t('profile sender ID'));
      items.push({ label: `$(edit) ${vscode.l10n.t('Enter another sender ID…')}`, value: CUSTOM, alwaysShow: true });
      return items;
    },
    apply: (value, s) => {
      s.customFrom = value === CUSTOM;
      if (value !== CUSTOM) s.from = value;
    },
  });

  const customSender: InputStep<SmsForm> = {
    kind: 'input',
    id: 'customFrom',
    skip: (s) => !s.customFrom,
    prompt: () => vscode.l10n.t('Sender ID (a registered alphanumeric sender or a number)'),
    placeholder: () => 'VSTK-TEST',
    value: (s) => s.from,
    validate: (v) => failure(() => checkFrom(v)),
    apply: (v, s) => {
      s.from = v.trim();
    },
  };

  const destination: InputStep<SmsForm> = {
    kind: 'input',
    id: 'to',
    prompt: () => toPrompt(rules),
    placeholder: () => (rules.region ? vscode.l10n.t('e.g. 0151 23456789 or +49 151 23456789') : '+4915123456789'),
    value: (s) => s.to,
    validate: (v) => failure(() => checkTo(rules, v)),
    live: (v) => {
      try {
        return { prompt: vscode.l10n.t('Will be sent to {0}', checkTo(rules, v)) };
      } catch {
        return { prompt: toPrompt(rules) };
      }
    },
    apply: (v, s) => {
      s.to = v.trim();
    },
  };

  const body: InputStep<SmsForm> = {
    kind: 'input',
    id: 'body',
    prompt: () => vscode.l10n.t('Message text (up to {0} segments)', rules.maxSegments),
    placeholder: () => vscode.l10n.t('Test message from Voice & SMS Toolkit'),
    value: (s) => s.body,
    validate: (v) => failure(() => checkBody(rules, v)),
    // Counting is bounded (10 segments at most) but not free: recount once typing pauses.
    liveDelayMs: 150,
    live: (v) => {
      try {
        return {
          title: vscode.l10n.t({
            message: '{0} — {1}',
            args: [title, describeBody(rules.core.analyzeBody(v))],
            comment: ['Step title, then the live analysis of the message text'],
          }),
        };
      } catch {
        return { title };
      }
    },
    apply: (v, s) => {
      s.body = v;
    },
  };

  return [sender, customSender, destination, body];
}

function toPrompt(rules: SmsRules): string {
  return rules.region
    ? vscode.l10n.t('Destination number (national numbers are read as {0})', rules.region)
    : vscode.l10n.t('Destination number in international format (+ and country code)');
}

function failure(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (e) {
    return errorMessage(e);
  }
}
