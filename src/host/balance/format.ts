// How a balance reads everywhere (Account view, status bar, refreshBalance's return value). Pure, so
// the rules are unit-tested: the service's currency string is shown as sent, formatted with
// Intl.NumberFormat only when it is an ISO 4217 code the runtime knows.
import type { Balance } from '../../core/index.js';

const ISO_CODE = /^[A-Z]{3}$/;

function isKnownCurrency(code: string): boolean {
  if (!ISO_CODE.test(code)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

/** Digits after the decimal separator in the service's string ("12.5" -> 1). */
function decimalsOf(amount: string): number {
  const m = /[.,](\d+)$/.exec(amount);
  return m?.[1]?.length ?? 0;
}

/**
 * "123.45 EUR" for { amount: "123.45", currency: "EUR" }. The number is grouped and rounded the
 * currency's way (never losing digits the service sent); the code follows the number so the text is
 * the same in every locale's word order. Unknown currencies ("€", "credits") and amounts that are not
 * plain decimals are shown exactly as received.
 */
export function formatBalance(balance: Balance, locale = 'en'): string {
  const { amount, currency } = balance;
  const value = Number(amount);
  if (currency === undefined) return amount;
  if (!Number.isFinite(value) || !/^[-+]?\d+(?:\.\d+)?$/.test(amount) || !isKnownCurrency(currency)) return `${amount} ${currency}`;
  const standard = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const digits = Math.min(20, Math.max(standard, decimalsOf(amount)));
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: standard, maximumFractionDigits: digits }).format(value);
  return `${number} ${currency}`;
}

/** The amount as a number, or undefined when the service's string is not a plain decimal. */
export function amountOf(balance: Balance | undefined): number | undefined {
  if (!balance) return undefined;
  const normalised = balance.amount.replace(',', '.');
  if (!/^[-+]?\d+(?:\.\d+)?$/.test(normalised)) return undefined;
  return Number(normalised);
}

/** Low at or below the threshold (settings: voiceSms.lowBalanceThreshold); unknown amounts are never low. */
export function isLow(balance: Balance | undefined, threshold: number): boolean {
  const value = amountOf(balance);
  return value !== undefined && value <= threshold;
}
