/** The measurement id the server writes into the page's meta tag (GA_MEASUREMENT_ID); empty means off. */
export function measurementId(doc: Document = document): string {
  return doc.querySelector('meta[name="ga-measurement-id"]')?.getAttribute('content')?.trim() ?? '';
}
