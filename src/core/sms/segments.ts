// How an SMS body will travel: GSM-7 when every character is in the 3GPP TS 23.038 default alphabet
// (extension-table characters take two septets), otherwise UCS-2 (UTF-16 code units, so most emoji take two).
// A single message holds 160 septets / 70 units; concatenated parts lose room to the User Data Header and
// hold 153 / 67. The counting itself is sms-segments-calculator's; tests pin its answers to the standard.
import { SegmentedMessage } from 'sms-segments-calculator';
import { validationError } from '../errors.js';
import * as l10n from '@vscode/l10n';

export interface BodyAnalysis {
  encoding: 'GSM-7' | 'UCS-2';
  /** User-perceived characters (grapheme clusters). */
  characters: number;
  /** GSM-7 septets or UCS-2 16-bit units. */
  units: number;
  segments: number;
  /** Capacity of one segment in units: 160/70 for a single message, 153/67 once it is split. */
  perSegment: number;
  /** Units still free in the last segment before another one is needed. */
  remainingInSegment: number;
}

const CAPACITY = {
  'GSM-7': { single: 160, multi: 153, bits: 7 },
  'UCS-2': { single: 70, multi: 67, bits: 16 },
} as const;

/** Encoding and segment count of a body; throws validationError('body') when it is empty or only whitespace. */
export function analyzeBody(body: string): BodyAnalysis {
  if (body.trim() === '') throw validationError('body', l10n.t('the message text is empty'));
  const message = new SegmentedMessage(body, 'auto', false);
  const encoding = message.encodingName;
  const capacity = CAPACITY[encoding];
  const units = message.encodedChars.reduce((sum, c) => sum + c.codeUnits.length, 0);
  const segments = message.segmentsCount;
  const last = message.segments[message.segments.length - 1];
  // The calculator never splits a two-unit character across segments, so the free room of the last
  // segment is the honest "remaining" figure rather than segments * perSegment - units.
  const remainingInSegment = last ? Math.floor(last.freeSizeInBits() / capacity.bits) : capacity.single;
  return {
    encoding,
    characters: message.graphemes.length,
    units,
    segments,
    perSegment: segments > 1 ? capacity.multi : capacity.single,
    remainingInSegment,
  };
}
