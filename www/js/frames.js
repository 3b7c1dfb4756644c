// Waiting for the browser to paint.

/**
 * Runs `task` when the page is next idle, at most `timeoutMs` later; after the next frame where
 * there are no idle callbacks (Safari).
 */
export function whenIdle(task, timeoutMs = 300) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else afterNextFrame().then(task);
}

/** After the next frame is painted, or a tenth of a second where frames do not come (a page in the background). */
export function afterNextFrame() {
  return new Promise((ok) => {
    setTimeout(ok, 100);
    requestAnimationFrame(() => setTimeout(ok, 0));
  });
}
