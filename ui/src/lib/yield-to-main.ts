/**
 * Lets the browser take its turn (a tap, a paint) before the next step of the app's start, so no step
 * holds a phone's main thread for long (Lighthouse's total blocking time, issue 33): the scheduler's
 * `yield` where the browser has it (it resumes before other queued tasks), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
