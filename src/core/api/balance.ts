// The balance's answer (operations.ts `balance`). The payload is not documented: the raw result is kept, and
// an amount with a currency is recognised when it has an obvious shape, never required.
import { isRecord, textOf } from '../xml/parser.js';
import { fieldOf, recordsOf } from './find.js';

export interface Balance {
  /** Exactly as sent (a decimal string), so no precision is lost. */
  amount: string;
  currency?: string;
}

const AMOUNT_NAMES = ['amount', 'balance', 'value', 'availableBalance', 'available', 'credit'] as const;
const CURRENCY_NAMES = ['currency', 'currencyCode', 'unit'] as const;
const DECIMAL = /^[-+]?\d+(?:[.,]\d+)?$/;
const CURRENCY = /^(?:[A-Za-z]{3}|[^\s\w])$/u;

function currencyOf(node: unknown): string | undefined {
  if (!isRecord(node)) return undefined;
  const c = textOf(fieldOf(node, CURRENCY_NAMES))?.trim();
  return c && CURRENCY.test(c) ? c : undefined;
}

/** Finds `{ amount, currency? }` in shapes like <amount>12.50</amount><currency>EUR</currency> or <balance currency="EUR">12.50</balance>. */
export function findBalance(result: unknown): Balance | undefined {
  const direct = textOf(result)?.trim();
  if (direct && DECIMAL.test(direct)) return { amount: direct };
  for (const record of recordsOf(result)) {
    const node = fieldOf(record, AMOUNT_NAMES);
    const amount = textOf(node)?.trim();
    if (amount === undefined || !DECIMAL.test(amount)) continue;
    // The currency may sit on the amount element itself or beside it.
    const currency = currencyOf(node) ?? currencyOf(record);
    return currency === undefined ? { amount } : { amount, currency };
  }
  return undefined;
}
