import { describe, expect, it } from 'vitest';
import { isOpenableOffer, offerAccount, offerText, offerView } from './offerwallOffers';

const config = JSON.stringify({
  name: 'Net',
  offers: [
    {
      id: 'a',
      title: { 'zh-CN': '任务', 'en-US': 'Task' },
      description: { 'en-US': 'Do it' },
      rewardMicros: 5,
      url: 'https://x.example.com/{click_id}',
      iconUrl: '/uploads/p/icon.png',
      status: 'online',
    },
    { id: 'b', title: { 'en-US': 'Off' }, rewardMicros: 5, url: 'https://x.example.com', status: 'offline' },
    {
      id: 'c',
      title: { 'en-US': 'No reward' },
      rewardMicros: 0,
      url: 'https://x.example.com',
      status: 'online',
    },
    { id: 'd', title: { 'en-US': 'Inside' }, rewardMicros: 1, url: 'http://192.168.0.1/', status: 'online' },
    'junk',
  ],
});

describe('offerwall offers', () => {
  it('reads offers defensively and shows only online ones with a public address', () => {
    const account = offerAccount('acc', config);
    expect(account.offers.map((o) => o.id)).toEqual(['a', 'b', 'd']);
    expect(account.offers.filter(isOpenableOffer).map((o) => o.id)).toEqual(['a']);
    expect(offerAccount('acc', 'not json').offers).toEqual([]);
  });

  it('speaks the visit language, else the account default (its first language when it names none)', () => {
    const account = offerAccount('acc', config);
    const [offer] = account.offers;
    expect(offerView(account, offer, { queryLang: 'en' })).toEqual({
      accountId: 'acc',
      id: 'a',
      title: 'Task',
      description: 'Do it',
      rewardMicros: 5,
      iconUrl: '/uploads/p/icon.png',
    });
    expect(offerText(offer.title, account, { acceptLanguage: 'zh-HK,zh;q=0.8' })).toBe('任务');
    expect(offerText(offer.title, account, { queryLang: 'ja-JP' })).toBe('任务');
    expect(offerText(offer.title, { ...account, defaultLanguage: 'en-US' }, { queryLang: 'ja-JP' })).toBe(
      'Task',
    );
    // A description only in English is English for everyone.
    expect(offerText(offer.description, account, { queryLang: 'zh-CN' })).toBe('Do it');
  });
});
