// The <gpu-plan> widget's module Worker (docs/EMBED.md): the engine and
// everything the widget computes run here, in a realm of its own, so a host
// page that patches built-ins (Array methods, Intl.NumberFormat, accessors on
// Object.prototype) cannot change an answer. Each message is
// `{ id, attributes }`; each reply `{ id, view }` (www/js/widget-view.js).
// After an engine trap and restart it posts `{ restarted: true }` so every
// widget redraws.
import { onRestart, widgetView } from './widget-view.js';

onRestart(() => postMessage({ restarted: true }));

addEventListener('message', async (event) => {
  const { id, attributes } = event.data ?? {};
  postMessage({ id, view: await widgetView(attributes ?? {}) });
});

// The element waits for this before it trusts the worker: a worker whose
// module cannot load (CSP, CORS) never says it.
postMessage({ ready: true });
