// A tool's own refusal (no account, over the hourly cap, not confirmed…): a kind the model can act on and
// one sentence. toolError() keeps both; other errors are worded there.
export class ToolRefusal extends Error {
  override readonly name = 'ToolRefusal';
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}
