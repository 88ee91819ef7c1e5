// Every "are you sure?" a command asks before something a command link could otherwise trigger:
// deleting credentials or a profile, replacing a profile, clearing the SMS history, writing a file
// to a path given as an argument. Arguments never skip the question: a `command:` link carries
// arguments too. Only tests answer it without a dialog, through activate()'s test API, which an
// installed extension does not return (testApiAllowed) and no command or URI can reach.
import * as vscode from 'vscode';

export interface ConfirmationAsked {
  message: string;
  detail: string;
  buttons: readonly string[];
}

export class Confirmations {
  private readonly answers: (string | undefined)[] = [];
  private readonly log: ConfirmationAsked[] = [];

  /** Test API only: the next question is answered with `button` (undefined: dismissed) instead of a dialog. */
  answerNext(button: string | undefined): void {
    this.answers.push(button);
  }

  /** Test API only: drops answers no question used (a command that failed before asking). */
  clearAnswers(): void {
    this.answers.length = 0;
  }

  /** Test API only: the questions asked so far, oldest first. */
  asked(): readonly ConfirmationAsked[] {
    return this.log;
  }

  /** A modal warning; resolves to the chosen button, or undefined when dismissed. */
  async ask(message: string, detail: string, ...buttons: string[]): Promise<string | undefined> {
    this.log.push({ message, detail, buttons });
    if (this.log.length > 50) this.log.shift();
    if (this.answers.length > 0) {
      const answer = this.answers.shift();
      return answer !== undefined && buttons.includes(answer) ? answer : undefined;
    }
    return vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
  }
}
