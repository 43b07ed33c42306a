import { describe, expect, it } from 'vitest';
import { testSetupAddress } from './setup-address';

describe('testSetupAddress', () => {
  it('opens the default port 8080 with the test id', () => {
    expect(testSetupAddress('192.168.1.20', 7)).toBe('http://192.168.1.20:8080/?testId=7');
  });

  it("keeps the setup's own port and drops a scheme or path", () => {
    expect(testSetupAddress('192.168.1.20:9000', 7)).toBe('http://192.168.1.20:9000/?testId=7');
    expect(testSetupAddress('http://lab-3.local/ignored', 12)).toBe('http://lab-3.local:8080/?testId=12');
    expect(testSetupAddress('[fe80::1]:8443', 1)).toBe('http://[fe80::1]:8443/?testId=1');
  });

  it('has no address for an empty or broken ip', () => {
    expect(testSetupAddress('  ', 1)).toBeNull();
    expect(testSetupAddress('bad host name', 1)).toBeNull();
  });
});
