import { OPEN_POINTS_NAMES, type OpenPointsName } from '../reference/open-points.ts';
import { ConfigError } from '../target/config-error.ts';

/** Help text of the options that choose the embedded reference's personality. */
export const OPEN_POINTS_HELP =
  'how the embedded reference decides what the document leaves open (list order, unstated error bodies, chunking, thresholds, extra fields, search looseness, timing of counts): default, or alternative (each decided the other reasonable way; the suite must pass on both)';

/** The personality named by `--FLAG NAME`; anything but `default` and `alternative` is a ConfigError. */
export function openPointsOption(flag: string, text: string | undefined): OpenPointsName | undefined {
  if (text === undefined) return undefined;
  const name = OPEN_POINTS_NAMES.find((known) => known === text);
  if (name === undefined)
    throw new ConfigError(`option --${flag} takes ${OPEN_POINTS_NAMES.join(' or ')}, got "${text}"`);
  return name;
}
