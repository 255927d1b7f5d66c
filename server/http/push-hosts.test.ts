import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, isAllowedPushEndpoint, PUSH_HOST_PATTERN } from './push-hosts.js';

const allowed = (endpoint: string, hosts = DEFAULT_PUSH_SERVICE_HOSTS) => isAllowedPushEndpoint(endpoint, hosts);

describe('push endpoints the server sends to', () => {
  it('takes the push services of Chrome, Firefox, Edge and Safari', () => {
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBe(true);
    expect(allowed('https://wns2-par02p.notify.windows.com/w/?token=BQYAAA')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGz2')).toBe(true);
    expect(allowed('https://FCM.googleapis.com:443/fcm/send/x')).toBe(true);
  });

  it('refuses anything a client could point at: other hosts, private and metadata addresses, http, credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(false);
    }
  });

  it('takes host:port entries only on that port', () => {
    expect(allowed('https://127.0.0.1:9443/push/1', ['127.0.0.1:9443'])).toBe(true);
    expect(allowed('https://127.0.0.1:9444/push/1', ['127.0.0.1:9443'])).toBe(false);
    expect(allowed('https://127.0.0.1/push/1', ['127.0.0.1:9443'])).toBe(false);
  });

  it('has entries of the documented shape', () => {
    for (const entry of [...DEFAULT_PUSH_SERVICE_HOSTS, 'localhost:9443', '*.example.com']) {
      expect(PUSH_HOST_PATTERN.test(entry), entry).toBe(true);
    }
    for (const entry of ['https://x.com', '*', 'a..b', '*.*.com', 'x.com/path']) {
      expect(PUSH_HOST_PATTERN.test(entry), entry).toBe(false);
    }
  });
});
