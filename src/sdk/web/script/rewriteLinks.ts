import { randomId } from '../randomId';
import { record } from '../core/send';
import { log, pageUrl, state } from '../core/state';
import type { PublicScript } from '../types';
import { rewriteUrl } from './rewriteUrl';

const started = new Set<string>();

/**
 * Turbo Script: fetches the script's rules once per page view, rewrites the page's matching
 * `<a href>` links and keeps rewriting links added or changed later (a MutationObserver), and
 * records one `rewrite` event with the number of links rewritten. Robots get the links as they are.
 */
export async function rewriteLinks(id: string): Promise<void> {
  if (!state.key || state.ua.bot || started.has(id)) return;
  started.add(id);
  const base = `${state.base}/api/turbo/v1/scripts/${encodeURIComponent(id)}`;
  let script: PublicScript;
  try {
    const answer = await fetch(base);
    if (!answer.ok) throw answer.status;
    script = (await answer.json()).data;
  } catch (error) {
    return log('script', id, 'not loaded', error);
  }
  const seen = new WeakSet<Element>();
  let count = 0;
  let scheduled = false;
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    record(`${base}/events`, {
      events: [{ id: randomId(), type: 'rewrite', page: pageUrl(), links: Math.min(count, 1000) }],
    });
  };
  const one = (node: Node) => {
    if (!(node instanceof HTMLAnchorElement) || !node.hasAttribute('href')) return;
    const href = rewriteUrl(
      node.href,
      location.href,
      document.referrer,
      script,
      node.hasAttribute('data-gc-link'),
    );
    if (href === null) return;
    if (href !== node.href) node.href = href;
    if (!seen.has(node)) {
      seen.add(node);
      count++;
      // Links that arrive later (a single-page app's) are counted for a second before reporting.
      if (!scheduled) setTimeout(report, 1000);
      scheduled = true;
    }
  };
  const scan = (root: ParentNode) => root.querySelectorAll('a[href]').forEach(one);
  scan(document);
  if (count) report();
  new MutationObserver((records) => {
    for (const r of records) {
      one(r.target);
      r.addedNodes.forEach((node) => {
        one(node);
        if (node instanceof Element) scan(node);
      });
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributeFilter: ['href'] });
}
