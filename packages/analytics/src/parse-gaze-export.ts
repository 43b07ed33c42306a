import {
  detectGazeFormat,
  forEachLine,
  type GazeFormat,
  GazeImportError,
  type GazeImportOptions,
  type ImportedRecording,
} from './gaze-import.js';
import { parseEyelinkAsc } from './parse-eyelink-asc.js';
import { parsePupilGaze } from './parse-pupil-gaze.js';
import { parseTobiiProLab } from './parse-tobii-pro-lab.js';
import { parseTobiiStudio } from './parse-tobii-studio.js';

const PARSERS: Record<
  GazeFormat,
  (text: string, options: Partial<GazeImportOptions>) => ImportedRecording[]
> = {
  tobii: parseTobiiProLab,
  'tobii-studio': parseTobiiStudio,
  pupil: parsePupilGaze,
  eyelink: parseEyelinkAsc,
};

/**
 * Reads an eye-tracker export of the given format, or of the format its first lines show
 * ({@link detectGazeFormat}): its recordings, in our eye stream's shape (ms from each recording's
 * start, px of `options.screen`). Throws {@link GazeImportError} for a file of no known format or
 * with a bad line.
 */
export function parseGazeExport(
  text: string,
  options: Partial<GazeImportOptions> & { format?: GazeFormat } = {},
): ImportedRecording[] {
  const format = options.format ?? detectGazeFormat(text);
  if (!format) throw unknownExport(text);
  return PARSERS[format](text, options);
}

const SEPARATORS = [
  ['\t', 'tab'],
  [',', 'comma'],
  [';', 'semicolon'],
] as const;

/** What a file of no known format looks like from its first line, and what we read instead. */
function unknownExport(text: string): GazeImportError {
  let first = '';
  forEachLine(text, (line) => {
    first = line;
    return false;
  });
  if (text.trim() === '') return new GazeImportError('the file is empty');
  const [separator, name] = SEPARATORS.find(([sign]) => first.includes(sign)) ?? ['\t', null];
  const columns = first.split(separator).map((column) => column.trim().replace(/^"|"$/g, ''));
  const tobii = columns.find((column) => /^Recording ?timestamp/i.test(column));
  const looks =
    tobii !== undefined && name !== null && name !== 'tab'
      ? `a Tobii ${tobii.includes(' ') ? 'Pro Lab' : 'Studio'} export separated by ${name}s, not tabs: export it again as TSV`
      : `a ${name ? `${name}-separated file` : 'file'} whose first line is ${columns
          .slice(0, 4)
          .map((column) => `"${column.slice(0, 40)}"`)
          .join(', ')}${columns.length > 4 ? ' …' : ''}`;
  return new GazeImportError(
    `${looks}; the exports read are Tobii Pro Lab ("Recording timestamp") and Tobii Studio ("RecordingTimestamp") TSV, Pupil Labs gaze CSV ("timestamp [ns]", "gaze_timestamp") and EyeLink ASC (START, MSG and sample lines)`,
    1,
  );
}
