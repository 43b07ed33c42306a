import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { TEST_MESSAGES } from '@limbus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { brokenForm, receiveGuarded, uploadsFolder } from '../../http/upload-guard.js';

/** A video that arrived as `test[video]`, kept in a temp file until the test is saved. */
export type UploadedVideo = { path: string; filename: string; size: number };

export type MultipartForm = {
  /** `{ test: {...} }` built from the bracket keys, for the route's body schema to validate. */
  body: unknown;
  video: UploadedVideo | null;
  /** Removes the temp file of the video; call once the request is done, whatever happened. */
  cleanup: () => Promise<void>;
};

const NOT_ALLOWED = 'This field is not allowed';
/** Form keys and indexes: `test[open_questions][2][text]`; the index cap keeps arrays small. */
const KEY_SEGMENT = /^(?:[a-z_]{1,40}|\d{1,3})?$/;
const FORM_LIMITS = {
  fields: 500,
  files: 2,
  fieldSize: 64 * 1024,
  parts: 502,
};

/** The video's size limit, how long the form may stop arriving, and the data folder it is received in. */
export type FormLimits = { maxVideoBytes: number; idleMs: number; dataDir: string };

/**
 * Reads a multipart/form-data body of POST/PATCH /tests: `test[field]` keys become the object a
 * JSON body holds (validated by the same schema after this), and a `test[video]` file is streamed
 * to a temp file in the data folder's uploads (http/upload-guard.ts), never held in memory; a
 * larger one than `maxVideoBytes` answers 413, a video cut off or that stops arriving 400.
 */
export async function readMultipartForm(request: FastifyRequest, limits: FormLimits): Promise<MultipartForm> {
  const { maxVideoBytes, idleMs } = limits;
  const form = new FormObject();
  let video: UploadedVideo | null = null;
  const dir = await fs.promises.mkdtemp(path.join(await uploadsFolder(limits.dataDir), 'test-video-'));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const parts = request.parts({ limits: { ...FORM_LIMITS, fileSize: maxVideoBytes } });
    const first = parts.next(); // pipes the request into the parser
    const hasEnded = watchClosingDelimiter(request);
    for (let step = await first; !step.done; step = await parts.next()) {
      const part = step.value;
      if (part.type === 'field' && part.fieldname === 'test[video]') {
        // A form without a chosen file may send the field empty; a text is no upload.
        if (part.value !== '') form.refuse(part.fieldname, 'Upload the video as a file');
      } else if (part.type === 'field') {
        form.set(part.fieldname, String(part.value));
      } else if (part.fieldname === 'test[video]' && video === null) {
        video = await saveUpload(
          { file: part.file, body: request.raw },
          part.filename,
          path.join(dir, 'video'),
          idleMs,
        );
        // A browser sends an empty file part when no file was chosen.
        if (video.size === 0 && video.filename === '') video = null;
      } else {
        part.file.resume();
        form.refuse(part.fieldname, part.fieldname === 'test[video]' ? 'Send one video' : NOT_ALLOWED);
      }
    }
    // The parser stops quietly at a body cut off between parts or inside a text field.
    if (!hasEnded()) throw incompleteForm();
    return { body: form.toBody(), video, cleanup };
  } catch (error) {
    await cleanup();
    throw asFormError(error);
  }
}

/**
 * The parser's own faults (no boundary, a part cut off) are plain errors: a client error. A file
 * over the limit answers 413 naming the video; other limits and file system errors stay as they are.
 */
function asFormError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  if ('code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return videoTooLarge();
  if ('statusCode' in error && error.statusCode === 413) return formTooLarge();
  if ('statusCode' in error || 'syscall' in error) return error;
  return new AppError('validation', 'The form could not be read: send it again');
}

const videoTooLarge = () => AppError.fieldError('payload_too_large', 'video', TEST_MESSAGES.videoTooLarge);
const formTooLarge = () =>
  new AppError(
    'payload_too_large',
    `The form has too many fields or files: at most ${FORM_LIMITS.fields} fields`,
  );
const incompleteForm = () => new AppError('validation', 'The form is incomplete: send it again');

/** Whether the body ended with the form's closing delimiter (`--boundary--`), from its last bytes. */
function watchClosingDelimiter(request: FastifyRequest): () => boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  const closing = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}--`, 'latin1');
  let tail = Buffer.alloc(0);
  request.raw.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]).subarray(-(closing.length + 64));
  });
  return () => boundary !== null && tail.includes(closing);
}

async function saveUpload(
  upload: { file: MultipartFile['file']; body: IncomingMessage },
  filename: string,
  file: string,
  idleMs: number,
): Promise<UploadedVideo> {
  const source = upload.file;
  // The parser destroys the stream of a file that the body cut off, possibly before it is handed over.
  if (source.destroyed) throw incompleteForm();
  await receiveGuarded(upload, fs.createWriteStream(file), idleMs, () => brokenForm('video', 'the video'));
  // The form's fileSize limit makes the stream fail when it is crossed; `truncated` is the backstop.
  if (source.truncated) throw videoTooLarge();
  const { size } = await fs.promises.stat(file);
  return { path: file, filename, size };
}

type FormRecord = { [key: string]: FormNode | string };
type FormNode = FormRecord | string[];

/**
 * Builds `{ test: {...} }` from bracket keys: `test[name]` a value, `test[addons][]` a list,
 * `test[open_questions][0][text]` a list of objects in index order. Keys it cannot place (no
 * `test[` prefix, a key given twice, a value where an object is expected) are collected as errors.
 */
class FormObject {
  private readonly root: FormRecord = Object.create(null);
  private readonly errors = new Map<string, string>();

  set(name: string, value: string): void {
    const problem = this.place(name, value);
    if (problem) this.refuse(name, problem);
  }

  /** Puts the value where its key says; answers why it cannot, or null. */
  private place(name: string, value: string): string | null {
    const segments = parseKey(name);
    if (!segments) return NOT_ALLOWED;
    const last = segments.length - 1;
    let node: FormRecord = this.root;
    for (const [index, segment] of segments.entries()) {
      if (index === last) {
        if (node[segment] !== undefined) return 'Given more than once';
        node[segment] = value;
        return null;
      }
      if (segments[index + 1] === '') {
        node[segment] ??= [];
        const list = node[segment];
        if (!Array.isArray(list)) return 'Give a list or single values, not both';
        list.push(value);
        return null;
      }
      node[segment] ??= Object.create(null) as FormRecord;
      const child = node[segment];
      if (typeof child === 'string' || Array.isArray(child)) return 'Given more than once';
      node = child;
    }
    return NOT_ALLOWED;
  }

  refuse(name: string, message: string): void {
    this.errors.set(name, message);
  }

  toBody(): unknown {
    if (this.errors.size > 0) {
      const errors = Object.fromEntries([...this.errors].map(([key, message]) => [key, [message]]));
      throw new AppError('validation', this.errors.values().next().value ?? NOT_ALLOWED, errors);
    }
    // a form holding only the video file (the view's 'Save Video') changes no field
    if (Object.keys(this.root).length === 0) return { test: {} };
    return withLists(this.root);
  }
}

/** `test[a][0][b]` → ['test', 'a', '0', 'b']; null for anything else. */
function parseKey(name: string): string[] | null {
  const match = /^([a-z_]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return null;
  const segments = [
    match[1] ?? '',
    ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ''),
  ];
  if (segments[0] !== 'test' || segments.length < 2) return null;
  const isPlaceable = (segment: string, index: number) =>
    KEY_SEGMENT.test(segment) &&
    !(segment in Object.prototype) &&
    (segment !== '' || (index === segments.length - 1 && index >= 2));
  return segments.every(isPlaceable) ? segments : null;
}

/** Objects whose keys are all indexes become lists in index order. */
function withLists(node: FormNode | string): unknown {
  if (typeof node === 'string' || Array.isArray(node)) return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => withLists(node[key] as FormNode | string));
  }
  const object: Record<string, unknown> = {};
  for (const key of keys) object[key] = withLists(node[key] as FormNode | string);
  return object;
}
