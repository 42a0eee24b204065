import type { OsdRequest } from '../types';
import { clientAddressOf, isSecureRequest } from './request-info';

const requestAt = (url: string) => ({ url: new URL(url) }) as OsdRequest;

describe('request info', () => {
  it('tells TLS requests apart, so only they get a Secure cookie', () => {
    expect(isSecureRequest(requestAt('https://dash.example/auth/login'))).toBe(true);
    expect(isSecureRequest(requestAt('http://127.0.0.1:5601/auth/login'))).toBe(false);
  });

  it('names an unknown client address for requests the host did not make', () => {
    expect(clientAddressOf(requestAt('http://127.0.0.1/'))).toBe('unknown');
  });
});
