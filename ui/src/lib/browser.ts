/**
 * What the money pages ask of the browser itself, in one object so tests can watch it (jsdom cannot
 * navigate away or save a file).
 */
export const browser = {
  /** Leaves the app for a URL in this tab (seeds 001 §4: a payment's url opens in the same tab). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Saves a file the app fetched under a name of its own. */
  saveBlob(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the object URL is no longer needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
  print(): void {
    window.print();
  },
};
