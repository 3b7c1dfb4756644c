// A classic script, so it runs where module scripts cannot: opened from disk
// (file://) the browser refuses to load the page's modules, and without this
// the page would say "Loading…" forever. It says what to do instead.
(function () {
  if (location.protocol !== 'file:') return;
  var zh = /^zh/i.test(navigator.language || '');
  var status = document.getElementById('catalog-status');
  if (!status) return;
  status.className = 'warning';
  status.removeAttribute('data-i18n');
  status.textContent = zh
    ? '浏览器不允许从本地文件 (file://) 加载此页面的模块。请打开单文件版本 dist/gpuplan.html（由 ./build.sh dist 生成），或运行 ./build.sh serve 后访问它给出的地址。'
    : 'Browsers do not load this page\u2019s modules from a file (file://). Open the single-file build dist/gpuplan.html (made by ./build.sh dist), or run ./build.sh serve and open the address it prints.';
  document.body.dataset.fileProtocol = 'true';
})();
