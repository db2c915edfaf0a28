// E-mail links: only a single address becomes a mailto: link, and its path is percent-encoded, so an
// address from the service cannot add recipients, headers or a body.
import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS, mailtoHref, shortAddress, singleAddress } from '../../../electron/common/domain/mailto';

/** What a mail client makes of a mailto: URL: the recipients of the path and the header fields of the query (RFC 6068). */
function mailClientReads(href: string): { to: string[]; headers: string[] } {
  const u = new URL(href);
  expect(u.protocol).toBe('mailto:');
  return { to: decodeURIComponent(u.pathname).split(','), headers: [...u.searchParams.keys()] };
}

describe('mailto links', () => {
  it('links one address, each side percent-encoded and the @ kept', () => {
    expect(mailtoHref('ada@uni.example')).toBe('mailto:ada@uni.example');
    expect(mailtoHref('  zoë.ødegård+rev@uib.no ')).toBe('mailto:zo%C3%AB.%C3%B8deg%C3%A5rd%2Brev@uib.no');
    expect(mailtoHref("o'brien&co=1@x.org")).toBe("mailto:o'brien%26co%3D1@x.org");
    expect(mailClientReads(mailtoHref('a%3Fbcc%3De@x.org')!)).toEqual({ to: ['a%3Fbcc%3De@x.org'], headers: [] });
  });

  it('refuses what would add a recipient, a header or a body, or is not one address', () => {
    const refused = [
      'ada@x.org?bcc=evil@x.org&body=Hello',
      'ada@x?bcc=evil@x&body=Hello',
      'ada@x.org?body=Hello',
      'a@x.org,b@y.org',
      'a@x.org;b@y.org',
      'a@x.org b@y.org',
      'a@x.org\r\nBcc: e@x.org',
      'a@x.org%0D%0ABcc:e@x.org',
      'a@x.org#frag',
      'a@x.org&body=x',
      '"a@b"@x.org',
      'A <a@x.org>',
      'a@[127.0.0.1]',
      'a\u0000@x.org',
      'a\u202E@x.org',
      'a@x.org\u0085',
      '@x.org',
      'a@',
      'a@localhost',
      'a@-x.org',
      'a..b@x.org',
      '.a@x.org',
      'a\uD800@x.org',
      `${'a'.repeat(65)}@x.org`,
      `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(70)}.org`,
      '',
      null,
      undefined,
    ];
    for (const raw of refused) {
      expect(singleAddress(raw), JSON.stringify(raw)).toBeNull();
      expect(mailtoHref(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('whatever a linked address holds, a mail client reads one recipient and no header', () => {
    const linked = ['ada@uni.example', 'x+y/z=w&v!#$%{|}~^`*@x.org', 'Ünï.cödé@bücher.example', `${'a'.repeat(64)}@x.org`];
    for (const raw of linked) {
      const href = mailtoHref(raw);
      expect(href, raw).not.toBeNull();
      expect(mailClientReads(href!), raw).toEqual({ to: [raw.normalize('NFC')], headers: [] });
    }
    expect(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`.length).toBe(MAX_ADDRESS);
    expect(singleAddress(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`)).not.toBeNull();
  });
});

describe('shortAddress', () => {
  it('keeps an address that fits, and cuts a long one in its local part, keeping the domain whole', () => {
    expect(shortAddress('ana@valmar.es', 20)).toBe('ana@valmar.es');
    const s = shortAddress('sakura.hashimoto@uonbi.ac.ke', 22);
    expect(s).toBe('sakura.ha…@uonbi.ac.ke');
    expect(s).toHaveLength(22);
  });

  it('cuts a long domain around one ellipsis, never below eight characters', () => {
    const s = shortAddress('x@a-very-long-department.example-university.edu', 20);
    expect(s).toHaveLength(20);
    expect(s.startsWith('x@a-very-')).toBe(true);
    expect(s.endsWith('ity.edu')).toBe(true);
    expect(shortAddress('someone@example.org', 3)).toHaveLength(8);
  });
});
