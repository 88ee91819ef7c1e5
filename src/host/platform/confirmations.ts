// Every "are you sure?" a command asks before something a command link could otherwise trigger:
// deleting credentials or a profile, replacing a profile, clearing the SMS history, writing a file
// to a path given as an argument. Arguments never skip the question: a `command:` link carries
// arguments too. Also the non-modal questions a notification asks (resume a watch, an alert's buttons).
// Only tests answer them without the editor, through activate()'s test API, which an installed extension
// does not return (testApiAllowed) and no command or URI can reach.
import * as vscode from 'vscode';

export interface ConfirmationAsked {
  message: string;
  detail: string;
  buttons: readonly string[];
}

/** A queued answer: given now, or later by the test (answerLater), so a test can look at the time before it. */
type Answer = string | undefined | Promise<string | undefined>;

const LOG_KEPT = 50;

export class Confirmations {
  private readonly answers: Answer[] = [];
  /** The last questions (a window keeps no more than LOG_KEPT), and how many were asked in all. */
  private readonly log: ConfirmationAsked[] = [];
  private total = 0;

  /** Test API only: the next question is answered with `button` (undefined: dismissed) instead of a dialog. */
  answerNext(button: string | undefined): void {
    this.answers.push(button);
  }

  /** Test API only: the next question waits for the answer the returned function gives (undefined: dismissed). */
  answerLater(): (button: string | undefined) => void {
    let give: (button: string | undefined) => void = () => undefined;
    this.answers.push(new Promise<string | undefined>((resolve) => (give = resolve)));
    return give;
  }

  /** Test API only: drops answers no question used (a command that failed before asking). */
  clearAnswers(): void {
    this.answers.length = 0;
  }

  /**
   * Test API only: the questions asked so far, oldest first, indexed from the window's first question — `length` is
   * how many were asked in all, so a test's "asked since" stays right after earlier suites asked many; entries older
   * than the last LOG_KEPT are holes.
   */
  asked(): readonly ConfirmationAsked[] {
    const out = new Array<ConfirmationAsked>(this.total);
    this.log.forEach((q, i) => (out[this.total - this.log.length + i] = q));
    return out;
  }

  /** A modal warning; resolves to the chosen button, or undefined when dismissed. */
  async ask(message: string, detail: string, ...buttons: string[]): Promise<string | undefined> {
    const answered = this.answered(message, detail, buttons);
    if (answered) return answered;
    return vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
  }

  /** A notification (not modal): resolves to the chosen button, or undefined when it is closed. */
  async notify(severity: 'info' | 'warning', message: string, ...buttons: string[]): Promise<string | undefined> {
    const answered = this.answered(message, '', buttons);
    if (answered) return answered;
    return severity === 'warning'
      ? vscode.window.showWarningMessage(message, ...buttons)
      : vscode.window.showInformationMessage(message, ...buttons);
  }

  /** Logs the question; the test's queued answer, if there is one. */
  private answered(message: string, detail: string, buttons: string[]): Promise<string | undefined> | undefined {
    this.log.push({ message, detail, buttons });
    this.total++;
    if (this.log.length > LOG_KEPT) this.log.shift();
    if (this.answers.length === 0) return undefined;
    const answer = this.answers.shift();
    return Promise.resolve(answer).then((a) => (a !== undefined && buttons.includes(a) ? a : undefined));
  }
}
