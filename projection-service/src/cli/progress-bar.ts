/** One line of a terminal progress bar: `lots [#########...........]  45% 12,345 events`. */
export function progressLine(name: string, fraction: number, events: number, width = 30): string {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const filled = Math.round(f * width);
  const percent = `${Math.floor(f * 100)}%`.padStart(4);
  return `${name} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent} ${events.toLocaleString('en-US')} events`;
}

/** Draws the bar in place on a terminal (carriage return), or one line per tenth elsewhere (a log). */
export function progressPrinter(stream: NodeJS.WriteStream = process.stdout) {
  let lastTenth = -1;
  return {
    update(name: string, fraction: number, events: number) {
      if (stream.isTTY) {
        stream.write(`\r${progressLine(name, fraction, events)}`);
        return;
      }
      const tenth = Math.floor(fraction * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${progressLine(name, fraction, events)}\n`);
    },
    done(text: string) {
      stream.write(stream.isTTY ? `\r\u001b[2K${text}\n` : `${text}\n`);
      lastTenth = -1;
    },
  };
}
