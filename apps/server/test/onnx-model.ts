/** A tiny ONNX model written field by field (onnx.proto, protobuf wire format): no model file is shipped. */

type Field = number[];
function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest > 127) {
    out.push((rest % 128) | 128);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}
const int = (no: number, value: number): Field => [...varint(no * 8), ...varint(value)];
const bytes = (no: number, payload: number[]): Field => [
  ...varint(no * 8 + 2),
  ...varint(payload.length),
  ...payload,
];
const text = (no: number, value: string) => bytes(no, [...Buffer.from(value, 'utf8')]);
const message = (no: number, ...fields: Field[]) => bytes(no, fields.flat());

const FLOAT = 1;
const ATTRIBUTE_INTS = 7;
const ATTRIBUTE_INT = 2;
/** A float tensor value (ValueInfoProto) of the given dims: numbers fixed, strings symbolic. */
const tensorValue = (no: number, name: string, dims: (number | string)[]) =>
  message(
    no,
    text(1, name),
    message(
      2,
      message(
        1,
        int(1, FLOAT),
        message(2, ...dims.map((dim) => message(1, typeof dim === 'number' ? int(1, dim) : text(2, dim)))),
      ),
    ),
  );

/** ModelProto of one ReduceMean over the channel axis: the saliency of a pixel is its mean of R, G and B. */
export function brightnessModel(): Buffer {
  const node = message(
    1,
    text(1, 'image'),
    text(2, 'saliency'),
    text(3, 'mean'),
    text(4, 'ReduceMean'),
    message(5, text(1, 'axes'), int(8, 1), int(20, ATTRIBUTE_INTS)),
    message(5, text(1, 'keepdims'), int(3, 1), int(20, ATTRIBUTE_INT)),
  );
  const graph = message(
    7,
    node,
    text(2, 'brightness'),
    tensorValue(11, 'image', [1, 3, 'h', 'w']),
    tensorValue(12, 'saliency', [1, 1, 'h', 'w']),
  );
  return Buffer.from([
    ...int(1, 8),
    ...text(2, 'limbus-test'),
    ...graph,
    ...message(8, text(1, ''), int(2, 13)),
  ]);
}
