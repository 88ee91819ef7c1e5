// How an SMS body will travel: GSM-7 when every character is in the 3GPP TS 23.038 default alphabet
// (extension-table characters take two septets), otherwise UCS-2 (UTF-16 code units, so most emoji take two).
// A single message holds 160 septets / 70 units; concatenated parts lose room to the User Data Header and
// hold 153 / 67. The counting itself is sms-segments-calculator's; tests pin its answers to the standard.
import { segmentsLib } from '../lazyParts.js';
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

/** The most segments anything here analyses: the maximum of the `sms.maxSegments` setting. */
export const MAX_SEGMENTS = 10;

/**
 * The most UTF-16 code units `maxSegments` segments can ever carry (GSM-7 at one septet per code unit is
 * the roomiest case: 160 alone, 153 per part once split). Longer text needs more segments, whatever it holds.
 */
export function maxBodyUnits(maxSegments: number): number {
  return maxSegments <= 1 ? CAPACITY['GSM-7'].single : Math.floor(maxSegments) * CAPACITY['GSM-7'].multi;
}

/**
 * Encoding and segment count of a body; throws validationError('body') when it is empty or only whitespace,
 * or when it is longer than `maxSegments` segments could hold. That length check comes first and costs
 * nothing: the counting below grows faster than the text (a 1 MB paste would stall the thread for minutes).
 */
export function analyzeBody(body: string, maxSegments = MAX_SEGMENTS): BodyAnalysis {
  const limit = Math.min(maxSegments, MAX_SEGMENTS);
  if (body.length > maxBodyUnits(limit)) {
    throw validationError('body', l10n.t('is too long: {0} characters cannot fit in {1} segments', body.length, limit));
  }
  if (body.trim() === '') throw validationError('body', l10n.t('the message text is empty'));
  const message = new (segmentsLib().SegmentedMessage)(body, 'auto', false);
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
