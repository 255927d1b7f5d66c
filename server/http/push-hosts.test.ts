import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, isAllowedPushEndpoint, PUSH_HOST_PATTERN, pushTarget } from './push-hosts.js';

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

  it('refuses every endpoint that two URL parsers could read as different hosts', () => {
    // WHATWG URL keeps these characters in the host; Node's url.parse (which web-push connects
    // with) stops at them and connects to what comes before: any host a client chose.
    const splitters = [';', "'", '}', '`', '"', '{', '|', '^', '<', '>', '\\', ' ', '\t', '\n'];
    const aimedAt = ['127.0.0.1', 'localhost', '169.254.169.254', 'attacker.example', '127.0.0.1:8443'];
    const forms: string[] = [];
    for (const target of aimedAt) {
      for (const splitter of splitters) forms.push(`https://${target}${splitter}.notify.windows.com/w/?token=x`);
    }
    forms.push(
      // Percent-encoded hosts: WHATWG decodes them, url.parse does not.
      'https://fcm%2egoogleapis.com/fcm/send/x',
      'https://lo%63alhost/push',
      'https://wns2%2Dpar02p.notify.windows.com/w/?token=x',
      'https://%31%32%37.0.0.1/push',
      // Userinfo, backslashes, tabs, full-width letters and a port hidden in userinfo.
      'https://fcm.googleapis.com:443@attacker.example/x',
      'https://attacker.example\\@fcm.googleapis.com/x',
      'https://fcm.googleapis.com\\@attacker.example/x',
      'https://fcm.google\tapis.com/fcm/send/x',
      'https://ｆcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/x#fragment',
      'https://fcm.googleapis.com/fcm/send/x"y',
      'HTTPS://fcm.googleapis.com/fcm/send/x',
      ' https://fcm.googleapis.com/fcm/send/x',
    );
    for (const endpoint of forms) expect(allowed(endpoint), JSON.stringify(endpoint)).toBe(false);
    // Percent-encoding is refused even where the decoded host is listed.
    expect(allowed('https://lo%63alhost:9443/push', ['localhost:9443'])).toBe(false);
    expect(allowed('https://localhost:9443/push', ['localhost:9443'])).toBe(true);
  });

  it('caps an endpoint at what real push services hand out', () => {
    const base = 'https://fcm.googleapis.com/fcm/send/';
    expect(allowed(base + 'a'.repeat(600 - base.length))).toBe(true);
    expect(allowed(base + 'a'.repeat(601 - base.length))).toBe(false);
  });

  it('reads an endpoint once into the host, port and path the sender connects to', () => {
    expect(pushTarget('https://FCM.googleapis.com:443/fcm/send/abc:def', DEFAULT_PUSH_SERVICE_HOSTS)).toEqual({
      origin: 'https://fcm.googleapis.com',
      hostname: 'fcm.googleapis.com',
      port: 443,
      path: '/fcm/send/abc:def',
    });
    expect(pushTarget('https://wns2-par02p.notify.windows.com/w/?token=BQY%2bA=', DEFAULT_PUSH_SERVICE_HOSTS)).toEqual({
      origin: 'https://wns2-par02p.notify.windows.com',
      hostname: 'wns2-par02p.notify.windows.com',
      port: 443,
      path: '/w/?token=BQY%2bA=',
    });
    expect(pushTarget('https://127.0.0.1:9443/push/1', ['127.0.0.1:9443'])).toEqual({
      origin: 'https://127.0.0.1:9443',
      hostname: '127.0.0.1',
      port: 9443,
      path: '/push/1',
    });
    expect(pushTarget('https://127.0.0.1:9443;.notify.windows.com/', ['127.0.0.1:9443', '*.notify.windows.com'])).toBe(
      undefined,
    );
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
