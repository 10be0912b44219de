import { describe, expect, it } from 'vitest';
import { fillOfferUrl } from './fillOfferUrl';

const values = { user_id: 'amy@x.io', offer_id: 'o-1', click_id: 'c/1 2' };

describe('fillOfferUrl', () => {
  it('fills every placeholder, URL-encoded, as often as it appears', () => {
    expect(
      fillOfferUrl(
        'https://ads.example.com/go?u={user_id}&o={offer_id}&c={click_id}&again={user_id}',
        values,
      ),
    ).toBe('https://ads.example.com/go?u=amy%40x.io&o=o-1&c=c%2F1%202&again=amy%40x.io');
    expect(fillOfferUrl('https://ads.example.com/{offer_id}/{unknown}', values)).toBe(
      'https://ads.example.com/o-1/%7Bunknown%7D',
    );
  });

  it('refuses anything but a public http(s) address, also when a value makes the host', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://ads.example.com/',
      'http://127.0.0.1/x',
      'http://localhost:3000/',
      'http://10.0.0.8/go?u={user_id}',
      '/relative/{user_id}',
    ])
      expect(fillOfferUrl(bad, values), bad).toBeUndefined();
    expect(fillOfferUrl('http://{user_id}/', { ...values, user_id: 'localhost' })).toBeUndefined();
    expect(fillOfferUrl('http://{user_id}/', { ...values, user_id: '192.168.1.1' })).toBeUndefined();
  });
});
