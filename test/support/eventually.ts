/**
 * Reads until `check` holds, for what runs on its own clock (webhooks, the workflow), failing with
 * the last value after `ms`. Polls every 100 ms: bounded, never a fixed sleep.
 */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`condition not reached; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
