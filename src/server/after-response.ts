import 'server-only';
import { after } from 'next/server';

/**
 * Runs follow-up work once the response has been sent (Next's `after`), so the caller does not
 * wait for it; the task must catch and log its own failures. Outside a request (an integration test
 * calling a handler directly, a script) there is no response to wait for: the task runs at once
 * and is awaited, so its effect is there when the call returns.
 */
export async function runAfterResponse(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
    return;
  } catch {
    // `after` was called outside a request scope.
  }
  await task();
}
