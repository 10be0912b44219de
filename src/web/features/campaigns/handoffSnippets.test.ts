import { describe, expect, it } from 'vitest';
import { API_SECRET_VARIABLE, HANDOFF_LANGUAGES, handoffSnippet, participantBase } from './handoffSnippets';

// The programs themselves run against the server in tests/api/campaignHandoff.test.ts.
describe('hand-off snippets', () => {
  it("finds the console's base of a participant link, path prefix included", () => {
    expect(participantBase('https://growth.example.com/p/Ab-3_xYz9QwE')).toBe('https://growth.example.com');
    expect(participantBase('https://example.com/console/p/abc')).toBe('https://example.com/console');
    expect(participantBase('http://127.0.0.1:3000/p/abc?ch=spring')).toBe('http://127.0.0.1:3000');
  });

  it('fills in the campaign and the user, reads the secret from the environment, quotes what it writes', () => {
    for (const language of HANDOFF_LANGUAGES) {
      const code = handoffSnippet(language, { base: "https://x.example/it's", campaignId: 'Ab-3_xYz9QwE' });
      expect(code, language).toContain('Ab-3_xYz9QwE');
      expect(code, language).toContain('user-42');
      expect(code, language).toContain(API_SECRET_VARIABLE);
      // The quote in the base is escaped for single-quoted literals, left alone in double-quoted ones.
      expect(code, language).toMatch(/https:\/\/x\.example\/it(\\'|')s\/p\//);
      expect(code, language).not.toMatch(/'https:\/\/x\.example\/it's/);
    }
    expect(
      handoffSnippet('python', { base: 'https://x.example', campaignId: 'c', userId: 'me@shop' }),
    ).toContain('user_id = "me@shop"');
  });
});
