/**
 * The account service. GET /v1/account/{ACCNT}/balance (spec endpoint 3; payload not shown there, so this one is invented):
 *   <result><balance><accountId>ACC-DEMO</accountId><amount>123.45</amount><currency>EUR</currency>
 *   <updated>2026-11-22T06:03:02.123Z</updated></balance></result>
 * The amount is a decimal string with two places; it drops by the SMS price for every segment sent, so the
 * demo shows change; live calls (liveTraffic.ts, while the demo's watch runs) are charged too. `updated` is ISO 8601 UTC: the start of the simulator or the last charge.
 *
 * Refusals: 404 for an unknown account.
 */
import { errorAnswer, okAnswer, shown, type Answer } from '../answer.js';
import { formatCents } from '../state.js';
import { el } from '../xml.js';
import type { HandlerContext, Service } from './context.js';

function handleBalance(ctx: HandlerContext): Answer {
  const id = ctx.serviceId;
  const accountId = ctx.params['accountId'] ?? '';
  const balance = ctx.state.balanceOf(accountId, ctx.now);
  if (!balance) return errorAnswer(404, `Account "${shown(accountId)}" not found.`, id, ctx.now);
  return okAnswer(id, ctx.now, [
    el('balance', [
      el('accountId', accountId),
      el('amount', formatCents(balance.cents)),
      el('currency', ctx.state.world.currency),
      el('updated', new Date(balance.updated).toISOString()),
    ]),
  ]);
}

export const ACCOUNT: Service<'balance'> = { id: 'account', handlers: { balance: handleBalance } };
