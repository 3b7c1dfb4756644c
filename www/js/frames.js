// Waiting for the browser to paint.

/** After the next frame is painted, or a tenth of a second where frames do not come (a page in the background). */
export function afterNextFrame() {
  return new Promise((ok) => {
    setTimeout(ok, 100);
    requestAnimationFrame(() => setTimeout(ok, 0));
  });
}
