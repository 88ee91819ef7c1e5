// Validation of everything that ends up in a request address, done before any request is made, so a
// bad id is reported as the user's input rather than as a confusing 404 from some other path.
import { trimTrailing } from '../../shared/trim.js';
import { idProblem, MAX_ID_LENGTH } from '../../shared/idRules.js';
import { describeCharacter, firstInvisible } from '../../shared/invisibleChars.js';
import { validationError } from '../errors.js';
import { daysInMonth, splitMonthId } from './month.js';
import * as l10n from '@vscode/l10n';

/** Returns the trimmed id, or throws validationError(field) saying what to fix (the rules: shared/idRules.ts). */
export function validateId(field: string, value: string): string {
  switch (idProblem(value)) {
    case 'empty':
      throw validationError(field, l10n.t('must not be empty'));
    case 'tooLong':
      throw validationError(field, l10n.t('must be at most {0} characters', MAX_ID_LENGTH));
    case 'slash':
      throw validationError(field, l10n.t('must not contain "/"'));
    case 'control':
      throw validationError(field, l10n.t('must not contain control characters'));
    case 'surrogate':
      throw validationError(field, l10n.t('contains an incomplete Unicode character'));
    case 'invisible':
      throw validationError(
        field,
        l10n.t('contains {0}, an invisible character; remove it', describeCharacter(firstInvisible(value.trim()) ?? '')),
      );
    case 'dots':
      throw validationError(field, l10n.t('must not be "." or ".."'));
    case undefined:
      return value.trim();
  }
}

/** Validates, then percent-encodes for use as one path segment or form value. */
export function encodeId(field: string, value: string): string {
  return encodeURIComponent(validateId(field, value));
}

/** YYYYMM with a month 01-12; returns the trimmed value. */
export function validateMonthId(value: string): string {
  const id = value.trim();
  splitMonthId(id);
  return id;
}

const DATE_ID = /^\d{4}-?\d{2}-?\d{2}$/;

/** YYYYMMDD (or YYYY-MM-DD) naming a real calendar day; returns YYYYMMDD. */
export function validateDateId(value: string): string {
  const v = value.trim();
  // Dashes must be both present or both absent: 2024-0601 is a typo, not a date.
  const dashed = v.length === 10;
  if ((v.length !== 8 && !dashed) || !DATE_ID.test(v)) {
    throw validationError('dateId', l10n.t('expected YYYYMMDD or YYYY-MM-DD, e.g. 20240615'));
  }
  // Cut by position, not by a match's groups: every day of every month view read passes here.
  const monthId = dashed ? v.slice(0, 4) + v.slice(5, 7) : v.slice(0, 6);
  const d = v.slice(dashed ? 8 : 6);
  let days: number;
  try {
    days = daysInMonth(monthId);
  } catch {
    throw validationError('dateId', l10n.t('{0} is not a real calendar date', v));
  }
  const day = Number(d);
  if (day < 1 || day > days) throw validationError('dateId', l10n.t('{0} is not a real calendar date', v));
  return monthId + d;
}

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** True for localhost, 127.0.0.0/8 and [::1] as a WHATWG URL spells its hostname. */
export function isLoopbackHost(hostname: string): boolean {
  // WHATWG URL has already normalised IPv4 forms (127.1 -> 127.0.0.1) and lower-cased names.
  return LOOPBACK_NAMES.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * The service base URL. https is required, except that loopback hosts (127.0.0.0/8, ::1, localhost) may use
 * http. No credentials, query or fragment. The returned URL's pathname always ends with exactly one '/', so
 * `new URL('v1/message/sms', base)` keeps any path prefix.
 */
export function validateBaseUrl(value: string): URL {
  const raw = value.trim();
  if (raw === '') throw validationError('baseUrl', l10n.t('must not be empty'));
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError('baseUrl', l10n.t('is not an absolute URL; expected e.g. https://api.example.com'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw validationError('baseUrl', l10n.t('must start with https://'));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw validationError('baseUrl', l10n.t('must use https:// (plain http:// is allowed only for localhost, 127.x.x.x and [::1])'));
  }
  if (url.username !== '' || url.password !== '') {
    throw validationError('baseUrl', l10n.t('must not contain a user name or password; credentials belong in the profile secrets'));
  }
  // Checked on the raw text too: a bare trailing '?' or '#' leaves url.search/hash empty.
  if (url.search !== '' || raw.includes('?')) throw validationError('baseUrl', l10n.t('must not contain a query (?...)'));
  if (url.hash !== '' || raw.includes('#')) throw validationError('baseUrl', l10n.t('must not contain a fragment (#...)'));
  url.pathname = trimTrailing(url.pathname, '/') + '/';
  return url;
}
