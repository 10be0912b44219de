import { describe, expect, it } from 'vitest';
import { renderOfferwallClosedPage, renderOfferwallPage } from './renderOfferwallPage';

describe('renderOfferwallPage', () => {
  it('loads the app with its boot data, which nothing can close early', () => {
    const html = renderOfferwallPage('en-US', {
      assets: {
        script: '/assets/offerwall.js',
        preload: ['/assets/react.js'],
        css: ['/assets/offerwall.css'],
      },
      boot: { projectId: 'p</script><script>x', lang: 'en-US', networkError: 'Network error' },
    });
    expect(html).toContain('<script type="module" src="/assets/offerwall.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react.js">');
    expect(html).toContain('"projectId":"p\\u003c/script>\\u003cscript>x"');
    expect(html).not.toContain('p</script>');
    expect(html).toContain('<title>Offerwall</title>');
  });

  it('is the server HTML alone without a build, and says when the offerwall is closed', () => {
    expect(renderOfferwallPage('zh-CN')).not.toContain('<script');
    expect(renderOfferwallPage('zh-CN')).toContain('加载中');
    expect(renderOfferwallClosedPage('en-US')).toContain('The offerwall is not open');
  });
});
