import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/** S3's largest page of ListObjectsV2 and batch of DeleteObjects. */
export const MAX_BATCH = 1000;

export type ListedObject = { key: string; size: number };

/**
 * The objects under `prefix`, a page at a time (ListObjectsV2 with continuation tokens). With a
 * delimiter, keys that go on past it below the prefix are left out.
 */
export async function* listObjects(
  client: S3Client,
  options: { bucket: string; prefix: string; delimiter?: string; pageSize: number },
): AsyncGenerator<ListedObject[]> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: options.bucket,
        Prefix: options.prefix,
        Delimiter: options.delimiter,
        MaxKeys: Math.min(options.pageSize, MAX_BATCH),
        ContinuationToken: token,
      }),
    );
    const objects = (page.Contents ?? []).flatMap((object) =>
      object.Key === undefined ? [] : [{ key: object.Key, size: object.Size ?? 0 }],
    );
    if (objects.length > 0) yield objects;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes the objects in batches of 1000; a key that is already gone is no error. */
export async function deleteObjects(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += MAX_BATCH) {
    const batch = keys.slice(start, start + MAX_BATCH);
    const answer = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
      }),
    );
    const [failure] = answer.Errors ?? [];
    if (failure) {
      throw new Error(`S3 could not delete ${failure.Key}: ${failure.Code} ${failure.Message}`);
    }
  }
}

/** A missing object (GetObject's NoSuchKey, HeadObject's bodiless 404), not a missing bucket. */
export function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** 416: a Range that starts at or past the end of the object (any range of an empty one). */
export function isInvalidRange(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416;
}
