/**
 * What the page script imports on the first click of a dialog button: one small module that loads
 * the dialog's own. Every page carries the chunk list of each import() it makes (docs/BENCHMARKS.md
 * "JavaScript per page"), and the popup's list, about twenty chunks, would take the no-island pages past their
 * 4 KB budget; this module carries it instead, and the browser fetches it only when asked. The
 * request dialog ("Request a time", docs/requests.md) loads from here too.
 */
export async function openDialog(dataset: DOMStringMap) {
  // "Request a time" (data-request, the provider id) needs none of the popup's code.
  if (dataset.request) (await import('./requests/requestLoader')).openRequestDialog(dataset);
  else (await import('./businessPopupLoader')).openDialog(dataset);
}
