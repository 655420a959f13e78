/** What a form's own check gives: the request to send, or the message to show instead. */
export type Checked<T> = { ok: true; request: T } | { ok: false; message: string };
