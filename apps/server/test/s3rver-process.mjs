// An S3-compatible server for tests: s3rver on a free loopback port, storing in the directory
// given as the first argument. It runs in its own Node process because s3rver signs its listing
// continuation tokens with DES, which OpenSSL 3 only offers with --openssl-legacy-provider; the
// test process itself keeps the default provider. It prints {"port": n} once listening and stops
// when its standard input closes (the parent ended, whichever way).
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import S3Error from 's3rver/lib/models/error.js';
import S3Object from 's3rver/lib/models/object.js';

const MIN_PART_BYTES = 5 * 1024 * 1024;

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-process.mjs <directory>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });

// Real S3 refuses to complete a multipart upload whose parts, all but the last, are under 5 MiB
// (EntityTooSmall); s3rver accepts them, so the rule is added here to keep the tests honest.
const { store } = server;
const putObjectMultipart = store.putObjectMultipart.bind(store);
store.putObjectMultipart = async (bucket, uploadId, parts) => {
  const uploadDir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  const numbers = parts.map((part) => Number(part.number)).sort((a, b) => a - b);
  for (const number of numbers.slice(0, -1)) {
    const { size } = fs.statSync(path.join(uploadDir, String(number)));
    if (size < MIN_PART_BYTES) {
      throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
        ProposedSize: size,
        MinSizeAllowed: MIN_PART_BYTES,
        PartNumber: number,
      });
    }
  }
  return putObjectMultipart(bucket, uploadId, parts);
};

// s3rver reads a range's end as `end || Infinity`, so `bytes=0-0` answered the whole object, and
// it answered a range of an empty object with a byte it does not have. As S3 does: the bytes
// asked for, cut at the end, and InvalidRange (416) for a range that starts past it.
const getObject = store.getObject.bind(store);
store.getObject = async (bucket, key, options) => {
  if (options?.start === undefined) return getObject(bucket, key, options);
  let metadata;
  try {
    metadata = await store.getMetadata(bucket, key);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  const size = Number(metadata['content-length']);
  const range = { start: options.start, end: Math.min(options.end ?? Number.POSITIVE_INFINITY, size - 1) };
  const content =
    range.start <= range.end
      ? fs.createReadStream(store.getResourcePath(bucket, key, 'object'), range)
      : null;
  const object = new S3Object(bucket, key, content, metadata);
  object.range = range;
  return object;
};

// s3rver writes an object straight into its file, so two puts of one key at once mix their
// bytes; on S3 a put is all-or-nothing and the last one wins. One put per key at a time.
const putting = new Map();
const putObject = store.putObject.bind(store);
store.putObject = (object) => {
  const id = `${object.bucket}/${object.key}`;
  const done = (putting.get(id) ?? Promise.resolve()).catch(() => undefined).then(() => putObject(object));
  putting.set(id, done);
  const forget = () => {
    if (putting.get(id) === done) putting.delete(id);
  };
  done.then(forget, forget);
  return done;
};

const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
