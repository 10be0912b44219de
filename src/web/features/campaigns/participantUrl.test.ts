import { describe, expect, it } from 'vitest';
import { absoluteUrl, channelUrl, previewUrl } from './participantUrl';

describe('participant urls', () => {
  it('makes relative links absolute and keeps absolute ones', () => {
    expect(absoluteUrl('/p/abc', 'https://console.example.com')).toBe('https://console.example.com/p/abc');
    expect(absoluteUrl('https://go.example.com/p/abc', 'https://console.example.com')).toBe(
      'https://go.example.com/p/abc',
    );
  });

  it('adds the channel key as ch, replacing one already there', () => {
    expect(channelUrl('https://go.example.com/p/abc', 'push 1', 'http://x')).toBe(
      'https://go.example.com/p/abc?ch=push+1',
    );
    expect(channelUrl('/p/abc?ch=old&x=1', 'new', 'http://h')).toBe('http://h/p/abc?ch=new&x=1');
  });

  it('escapes the preview token', () => {
    expect(previewUrl('a b', 't/k+n')).toBe('/p/a%20b?preview=t%2Fk%2Bn');
  });
});
