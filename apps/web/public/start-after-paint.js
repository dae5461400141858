// On a page the server has drawn (decision 0042) the app starts once the browser reports that first
// view painted: a browser that already holds the app's code (a repeat visit) would otherwise run it
// first, and the reader would wait for it to see the page. The server puts this script in place of
// the app's entry and names the entry in `data-entry`.
const entry = document.currentScript.dataset.entry;
const start = () => void import(entry);
const paintsReported = PerformanceObserver.supportedEntryTypes?.includes('paint');
// A page opened in a background tab paints nothing until it is shown: its app starts at once.
if (!paintsReported || document.visibilityState !== 'visible') start();
else {
  new PerformanceObserver((paints, observer) => {
    if (!paints.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}
