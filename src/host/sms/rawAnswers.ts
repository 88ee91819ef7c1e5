// The XML of the SMS answers this window received, by message id, for "Show raw answer" on the sent
// notification and the Sent SMS history. In memory only (never in globalState) and only the latest few.
const KEEP = 20;
const answers = new Map<string, string>();

export function rememberSmsAnswer(messageId: string, xml: string): void {
  answers.delete(messageId);
  answers.set(messageId, xml);
  for (const key of answers.keys()) {
    if (answers.size <= KEEP) break;
    answers.delete(key);
  }
}

export function smsAnswer(messageId: string): string | undefined {
  return answers.get(messageId);
}
