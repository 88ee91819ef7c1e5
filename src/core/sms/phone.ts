// Destination numbers: whatever the user typed -> E.164, or a reason they can act on.
// Error messages never repeat the number itself, so they are safe to log.
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import { phoneLib } from '../lazyParts.js';
import { maskPhoneNumber } from '../../shared/redact.js';
import { validationError } from '../errors.js';
import * as l10n from '@vscode/l10n';

const FIELD = 'to';
/** Longer than any formatted phone number; refused before the parser sees it. */
const MAX_INPUT_LENGTH = 64;

function regionOf(defaultRegion: string | undefined): CountryCode | undefined {
  const region = defaultRegion?.trim().toUpperCase();
  if (!region) return undefined;
  if (!phoneLib().isSupportedCountry(region)) {
    throw validationError(
      FIELD,
      l10n.t('the default region "{0}" is not a known ISO country code (setting voiceSms.sms.defaultRegion)', region),
    );
  }
  return region;
}

function describe(p: PhoneNumber): string {
  return p.country ? `${p.country} (+${p.countryCallingCode})` : `+${p.countryCallingCode}`;
}

/**
 * Normalises a destination to E.164 (+<country><number>). National formats need `defaultRegion`
 * (ISO 3166 alpha-2, e.g. 'DE'). The number must be valid for its country, not just the right length.
 * `regionSetting` is where the user sets that region through the door they came in (the editor's setting, or the
 * MCP server's VOICESMS_DEFAULT_REGION).
 */
export function normalizeE164(input: string, defaultRegion?: string, regionSetting = 'voiceSms.sms.defaultRegion'): string {
  let text = input.trim();
  if (text === '') throw validationError(FIELD, l10n.t('enter the destination phone number, e.g. +4915123456789'));
  if (text.length > MAX_INPUT_LENGTH) throw validationError(FIELD, l10n.t('is too long to be a phone number'));
  const region = regionOf(defaultRegion);
  // Without a region, the widespread 00 international prefix is the only reading that makes sense.
  if (region === undefined && text.startsWith('00')) text = '+' + text.slice(2);

  const { ParseError, parsePhoneNumberWithError, validatePhoneNumberLength } = phoneLib();
  let parsed: PhoneNumber;
  try {
    // extract: false — the whole input must be the number, not merely contain one.
    parsed = parsePhoneNumberWithError(text, { defaultCountry: region, extract: false });
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    switch (e.message) {
      case 'INVALID_COUNTRY':
        throw validationError(
          FIELD,
          text.startsWith('+')
            ? l10n.t('the country calling code after "+" does not exist')
            : l10n.t('has no country code; start with + and the country code (e.g. +49...) or set {0}', regionSetting),
        );
      case 'TOO_SHORT':
        throw validationError(FIELD, l10n.t('is too short to be a phone number'));
      case 'TOO_LONG':
        throw validationError(FIELD, l10n.t('is too long to be a phone number'));
      default:
        throw validationError(FIELD, l10n.t('is not a phone number; use digits, optionally starting with +, e.g. +4915123456789'));
    }
  }

  if (parsed.ext) throw validationError(FIELD, l10n.t('must not contain an extension; SMS goes to the number itself'));
  if (!parsed.isValid()) {
    const length = validatePhoneNumberLength(parsed.number);
    if (length === 'TOO_SHORT') throw validationError(FIELD, l10n.t('is too short for {0}', describe(parsed)));
    if (length === 'TOO_LONG') throw validationError(FIELD, l10n.t('is too long for {0}', describe(parsed)));
    throw validationError(FIELD, l10n.t('is not a valid number for {0}; check the digits', describe(parsed)));
  }
  return parsed.number;
}

/** One mask everywhere (log, history, errors): the shared one, so the user never sees two styles. */
export const maskPhone = maskPhoneNumber;
