import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Why a capture was refused or failed, in words shown to the user. */
export class CaptureError extends Error {}

/** Resolves a host name to its addresses (node's resolver; tests pass their own). */
export type Resolve = (host: string) => Promise<string[]>;

export const resolveHost: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const ipv4Value = (ip: string) => ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);

/** IPv4 ranges a capture may not reach: this network, private, carrier NAT, loopback, link-local, multicast, reserved. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function isPrivateV4(ip: string): boolean {
  const value = ipv4Value(ip);
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(ipv4Value(base) / size);
  });
}

/** The 16-bit groups of an IPv6 address (with `::` expanded; an embedded IPv4 tail becomes two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const value = ipv4Value(v4[1]);
    text = `${text.slice(0, -v4[1].length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((group) => Number.parseInt(group, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

function isPrivateV6(ip: string): boolean {
  const g = ipv6Groups(ip);
  const first = g[0] ?? 0;
  const isZeroPrefix = g.slice(0, 5).every((group) => group === 0);
  if (isZeroPrefix && (g[5] === 0xffff || g[5] === 0)) {
    const last = ((g[6] ?? 0) * 65536 + (g[7] ?? 0)) >>> 0;
    // ::, ::1 and IPv4-mapped (::ffff:a.b.c.d) or -compatible addresses: judge the IPv4 address.
    if (g[5] === 0 && last <= 1) return true;
    return isPrivateV4([last >>> 24, (last >>> 16) & 255, (last >>> 8) & 255, last & 255].join('.'));
  }
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** Whether an IP address lies on loopback, a private or link-local range (or another non-public one). */
export function isPrivateAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return isPrivateV4(ip);
  if (version === 6) return isPrivateV6(ip);
  return true;
}

/**
 * The addresses of `host` (a URL's hostname; an IPv6 literal may keep its brackets) a capture may
 * connect to: the one rule for the page, every redirect, every request of the page and every
 * connection of the capture's proxy. Unless `allowPrivate`, every resolved address must be
 * public. Throws CaptureError with what to tell the user.
 */
export async function captureAddresses(
  host: string,
  allowPrivate: boolean,
  resolve: Resolve,
): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await resolve(bare);
  } catch {
    throw new CaptureError(`The address ${host} could not be found`);
  }
  if (!allowPrivate && (addresses.length === 0 || addresses.some(isPrivateAddress)))
    throw new CaptureError(
      `${host} is on a loopback, private or link-local network, which the server does not capture`,
    );
  if (addresses.length === 0) throw new CaptureError(`The address ${host} could not be found`);
  return addresses;
}

/**
 * A resolver that looks each host name up once: every later question gets the first answer. A
 * capture checks and connects with one such resolver, so a name cannot answer a public address
 * to the check and a private one to the connection (DNS rebinding).
 */
export function pinnedResolver(resolve: Resolve): Resolve {
  const answers = new Map<string, Promise<string[]>>();
  return (host) => {
    const name = host.toLowerCase().replace(/\.$/, '');
    let answer = answers.get(name);
    if (!answer) {
      answer = resolve(name);
      answers.set(name, answer);
    }
    return answer;
  };
}

/**
 * Checks an address a capture is about to load (the page, every redirect and every request of the
 * page): http or https only, and unless `allowPrivate`, a host whose every resolved address is
 * public (`captureAddresses`). Throws CaptureError with what to tell the user.
 */
export async function checkCaptureUrl(
  address: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveHost,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new CaptureError('This is not a web address: give one such as https://www.example.com/');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CaptureError(
      `Only http and https addresses can be captured, not ${url.protocol.replace(':', '')}`,
    );
  if (!allowPrivate) await captureAddresses(url.hostname, false, resolve);
  return url;
}
