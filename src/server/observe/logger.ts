/**
 * The server's log (README "Operating"): one JSON object per line on standard output, with `level`, `time` and `msg`,
 * written by pino (chosen for its speed and its JSON lines, which every log collector reads). Entries never carry a
 * shopper's name, e-mail, phone, address or a request's query string.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { DestinationStream, Logger };

/** The levels `LOG_LEVEL` takes. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A logger at `level`, writing JSON lines to `destination` (standard output by default). */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'boutique' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // "level":"warn" rather than 40: read by people as well as by collectors.
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

// The modules write `[area] sentence`: the area becomes a field a collector can filter on.
const AREA = /^\[([^\]]{1,40})\]\s*/;

/** An entry of `line` as pino takes it: `{ area }` and the sentence, when the line names its area. */
export function lineEntry(line: string): [{ area?: string }, string] {
  const m = AREA.exec(line);
  return m ? [{ area: m[1]! }, line.slice(m[0].length)] : [{}, line];
}

/** Writes `line` at `level`, its `[area]` as a field. */
export function say(logger: Logger, level: 'info' | 'warn' | 'error', line: string): void {
  const [fields, msg] = lineEntry(line);
  logger[level](fields, msg);
}

/** The `log(line)` the modules take (Deps.log), writing info entries through `logger`. */
export const lineLog =
  (logger: Logger) =>
  (line: string): void =>
    say(logger, 'info', line);
