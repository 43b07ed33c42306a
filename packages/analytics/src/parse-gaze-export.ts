import {
  detectGazeFormat,
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
  if (!format)
    throw new GazeImportError(
      'not a Tobii Pro Lab or Tobii Studio data export (TSV), Pupil Labs gaze CSV or EyeLink ASC file',
    );
  return PARSERS[format](text, options);
}
