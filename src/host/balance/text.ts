// The balance's user-facing texts, shared by the Account view and the status bar.
import * as vscode from 'vscode';
import type { BalanceEstimate } from './estimate.js';

export function daysLeftText(est: BalanceEstimate): string {
  const days = est.daysLeft >= 10 ? Math.round(est.daysLeft) : Math.round(est.daysLeft * 10) / 10;
  return vscode.l10n.t("≈ {0} days left at this month's rate", days.toLocaleString(vscode.env.language));
}

/** Why the estimate says what it says (tooltips; README explains it too). */
export function estimateExplanation(est: BalanceEstimate, currency: string | undefined): string {
  const when = (t: number): string => new Date(t).toLocaleString(vscode.env.language);
  const rate = `${Number(est.ratePerDay.toFixed(4)).toLocaleString(vscode.env.language)}${currency ? ` ${currency}` : ''}`;
  return vscode.l10n.t(
    'Estimated from the balance readings this editor took: {0} on {1}, {2} on {3}, so about {4} per day. The service reports no spend, so this only knows what was seen refreshing the balance; a top-up starts the estimate again.',
    est.from.amount,
    when(est.from.at),
    est.to.amount,
    when(est.to.at),
    rate,
  );
}

export function refreshedText(at: number): string {
  return vscode.l10n.t('Last refresh: {0}', new Date(at).toLocaleString(vscode.env.language));
}
